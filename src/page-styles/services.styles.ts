import styled from 'styled-components';
import { itemText } from '@/components/marketing/item-text';
import { CheckList } from '@/components/marketing/check-list';
import { Card } from '@/components/ui/card';
import { scrollCue } from '@/styles/scroll-cue';
import { gridList } from '@/styles/layout';

/** Styles of the services page (src/pages/services.tsx). */

export const Jump = styled.nav`
  position: relative;
  z-index: 1;
  margin-top: -2rem;

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[2]};
    margin: 0;
    padding: ${({ theme }) => theme.space[4]};
    list-style: none;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.bg};
    box-shadow: ${({ theme }) => theme.shadows.md};
  }

  /* On phones the pills scroll sideways in one row instead of stacking five rows deep. */
  ${({ theme }) => theme.media.belowLg} {
    ul {
      flex-wrap: nowrap;
      overflow-x: auto;
      scrollbar-width: thin;
      ${scrollCue()}
    }

    li {
      flex-shrink: 0;
    }
  }

  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
    text-decoration: none;
  }

  a:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export const ServiceBlock = styled.section<{ $muted: boolean }>`
  padding-block: ${({ theme }) => theme.space[16]};
  background: ${({ theme, $muted }) => ($muted ? theme.colors.surface : 'transparent')};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[20]};
  }
`;

export const BlockGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[10]};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1fr 1.1fr;
    gap: ${({ theme }) => theme.space[16]};
    align-items: start;
  }
`;

export const BlockTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

export const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const Checks = styled(CheckList)`
  margin: ${({ theme }) => theme.space[6]} 0 0;
`;

export const Process = styled.ol`
  ${gridList(4)}
  counter-reset: step;
`;

export const ProcessStep = styled.li`
  position: relative;
  padding: ${({ theme }) => theme.space[5]} ${({ theme }) => theme.space[5]}
    ${({ theme }) => theme.space[5]} 4.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.bg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  counter-increment: step;

  &::before {
    content: counter(step);
    position: absolute;
    top: ${({ theme }) => theme.space[5]};
    left: ${({ theme }) => theme.space[5]};
    display: flex;
    align-items: center;
    justify-content: center;
    width: 2.25rem;
    height: 2.25rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
    color: #ffffff;
    font-weight: 800;
  }

  ${itemText}
`;

export const PlatformGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export const Platform = styled.li`
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.bg};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export const SideCard = styled(Card)`
  gap: ${({ theme }) => theme.space[4]};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  dl {
    display: grid;
    gap: ${({ theme }) => theme.space[4]};
    margin: 0;
  }

  dt {
    font-weight: 700;
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Closing = styled.section`
  padding-block: ${({ theme }) => theme.space[16]};
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};
  text-align: center;

  h2 {
    color: #ffffff;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }

  p {
    max-width: 40rem;
    margin: 0 auto ${({ theme }) => theme.space[8]};
    color: ${({ theme }) => theme.colors.darkMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
`;
