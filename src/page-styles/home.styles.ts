import styled from 'styled-components';
import { heroBadge } from '@/components/marketing/hero-badge';
import { itemText } from '@/components/marketing/item-text';
import { Card } from '@/components/ui/card';
import { centredSquare, gridList } from '@/styles/layout';

/** Styles of the home page (src/pages/index.tsx). */

export const Hero = styled.section`
  position: relative;
  overflow: hidden;
  padding-block: ${({ theme }) => theme.space[16]} ${({ theme }) => theme.space[20]};
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};

  ${({ theme }) => theme.media.lg} {
    padding-block: 6.5rem 7.5rem;
  }
`;

export const HeroGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[12]};
  align-items: center;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1.15fr 1fr;
  }
`;

export const Pill = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[5]};
  padding: 0.3rem 0.85rem;
  ${heroBadge}

  &::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: #34d399;
  }
`;

export const HeroTitle = styled.h1`
  margin-bottom: ${({ theme }) => theme.space[5]};
  color: #ffffff;
  font-size: 2.5rem;
  letter-spacing: -0.035em;
  line-height: 1.08;

  ${({ theme }) => theme.media.md} {
    font-size: 3.75rem;
  }
`;

export const Highlight = styled.span`
  background: linear-gradient(90deg, #a5b4fc, #67e8f9);
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;

export const HeroLead = styled.p`
  max-width: 36rem;
  margin-bottom: ${({ theme }) => theme.space[8]};
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export const HeroActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

export const TrustList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[6]};
  margin: ${({ theme }) => theme.space[10]} 0 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
  }

  svg {
    color: #34d399;
  }
`;

export const Console = styled.figure`
  margin: 0;
  padding: ${({ theme }) => theme.space[6]};
  border: 1px solid rgba(165, 180, 252, 0.25);
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(21, 27, 48, 0.75);
  box-shadow: 0 30px 60px rgba(0, 0, 0, 0.35);
  backdrop-filter: blur(6px);
`;

export const ConsoleHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[5]};
  padding-bottom: ${({ theme }) => theme.space[4]};
  border-bottom: 1px solid rgba(255, 255, 255, 0.1);
  color: #ffffff;
  font-weight: 700;
`;

export const LiveTag = styled.span`
  padding: 0.15rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(52, 211, 153, 0.15);
  color: #6ee7b7;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

export const Steps = styled.ol`
  ${gridList(3)}
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[3]};
    padding: ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radii.md};
    background: rgba(255, 255, 255, 0.04);
  }

  li span:last-child {
    margin-left: auto;
    color: ${({ theme }) => theme.colors.darkMuted};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

export const StepDot = styled.span<{ $done: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  background: ${({ $done }) => ($done ? 'rgba(52, 211, 153, 0.2)' : 'rgba(165, 180, 252, 0.2)')};
  color: ${({ $done }) => ($done ? '#6ee7b7' : '#c7d2fe')};
`;

export const ConsoleCaption = styled.figcaption`
  margin-top: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

export const ServicesFooter = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space[10]};
`;

export const WhyGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[10]};
  align-items: center;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1.1fr 1fr;
    gap: ${({ theme }) => theme.space[16]};
  }
`;

export const WhyTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

export const ReasonList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  margin: ${({ theme }) => theme.space[8]} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: ${({ theme }) => theme.space[4]};
  }

  ${itemText}
`;

export const Tick = styled.span`
  ${centredSquare('2rem')}
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.successBg};
  color: ${({ theme }) => theme.colors.success};
`;

export const StatsCard = styled(Card)`
  gap: ${({ theme }) => theme.space[6]};
`;

export const StatsHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const StatsNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Stat = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

export const StatLabel = styled.div`
  display: flex;
  justify-content: space-between;
  font-weight: 600;

  span:last-child {
    color: ${({ theme }) => theme.colors.primary};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
  }
`;

export const Track = styled.div`
  height: 0.75rem;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

export const Fill = styled.div<{ $value: number }>`
  width: ${({ $value }) => $value}%;
  height: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.gradients.brand};
`;

export const CtaBand = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  align-items: center;
  padding: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};
  box-shadow: ${({ theme }) => theme.shadows.lg};

  h2 {
    margin-bottom: ${({ theme }) => theme.space[3]};
    color: #ffffff;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.darkMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1fr auto;
    padding: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[16]};
  }
`;

/** The home page's band of latest insights. */
export const InsightsBand = styled.div`
  background: ${({ theme }) => theme.colors.surface};
`;
