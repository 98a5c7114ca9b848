import styled from 'styled-components';
import { itemText } from '@/components/marketing/item-text';
import { CardGrid } from '@/components/marketing/card-grid';
import { CheckList } from '@/components/marketing/check-list';
import { Card } from '@/components/ui/card';
import { gridList } from '@/styles/layout';

/** Styles of the pricing page (src/pages/pricing.tsx). */

export const PlanGrid = styled.ul`
  ${gridList(6)}

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    align-items: stretch;
  }

  > li {
    display: flex;
  }

  > li > * {
    flex: 1;
  }
`;

export const PlanCard = styled(Card)`
  gap: ${({ theme }) => theme.space[5]};
`;

export const PopularBadge = styled.span`
  position: absolute;
  top: 0;
  left: 50%;
  padding: 0.3rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.gradients.brand};
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  white-space: nowrap;
  transform: translate(-50%, -50%);
`;

export const PlanName = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

export const Tagline = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Price = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;

  strong {
    font-size: 2.75rem;
    font-weight: 800;
    letter-spacing: -0.03em;
    line-height: 1;
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Alternative = styled.p`
  margin: -${({ theme }) => theme.space[3]} 0 0;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
`;

export const Features = styled(CheckList)`
  flex: 1;
  align-content: start;
  padding: ${({ theme }) => theme.space[5]} 0 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export const ExtrasGrid = styled(CardGrid)`
  ${itemText}
`;

export const ExtraPrice = styled.p`
  && {
    margin-bottom: ${({ theme }) => theme.space[3]};
    color: ${({ theme }) => theme.colors.primary};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 800;
  }
`;

export const ExtraIcon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  margin-bottom: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.primary};
`;

export const FaqList = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 800px;
  margin: 0 auto;
`;

export const FaqItem = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};

  &[open] {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }

  summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[4]};
    padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[5]};
    font-weight: 700;
    cursor: pointer;
    list-style: none;
  }

  summary::-webkit-details-marker {
    display: none;
  }

  summary svg {
    flex-shrink: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    transition: transform 0.2s ease;
  }

  &[open] summary svg {
    transform: rotate(180deg);
  }

  p {
    margin: 0;
    padding: 0 ${({ theme }) => theme.space[5]} ${({ theme }) => theme.space[5]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Closing = styled.div`
  margin-top: ${({ theme }) => theme.space[10]};
  text-align: center;

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
