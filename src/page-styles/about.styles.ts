import styled from 'styled-components';
import { CardGrid } from '@/components/marketing/card-grid';
import { Card } from '@/components/ui/card';
import { eyebrowText } from '@/components/ui/section';
import { gridList } from '@/styles/layout';

/** Styles of the about page (src/pages/about.tsx). */

export const StoryGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[10]};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1.3fr 1fr;
    gap: ${({ theme }) => theme.space[16]};
    align-items: start;
  }
`;

export const Prose = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.lg};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};

    ${({ theme }) => theme.media.md} {
      font-size: ${({ theme }) => theme.fontSizes['4xl']};
    }
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Eyebrow = styled.p`
  && {
    ${eyebrowText}
  }
`;

export const Facts = styled(Card)`
  gap: ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.colors.surface};

  dl {
    display: grid;
    gap: ${({ theme }) => theme.space[5]};
    margin: 0;
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 700;
  }
`;

export const MissionTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[4]};
  color: #c7d2fe;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  letter-spacing: 0.08em;
  text-align: center;
  text-transform: uppercase;
`;

export const Mission = styled.blockquote`
  max-width: 860px;
  margin: 0 auto;
  text-align: center;

  p {
    color: #ffffff;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 600;
    line-height: 1.4;

    ${({ theme }) => theme.media.md} {
      font-size: ${({ theme }) => theme.fontSizes['3xl']};
    }
  }
`;

export const ValueGrid = styled(CardGrid)`
  h3 {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Steps = styled.ol`
  ${gridList(6)}
  counter-reset: step;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  li {
    counter-increment: step;
    padding-top: ${({ theme }) => theme.space[5]};
    border-top: 3px solid ${({ theme }) => theme.colors.primary};
  }

  li::before {
    content: '0' counter(step);
    display: block;
    margin-bottom: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.primary};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-weight: 700;
  }

  h3 {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const ApproachGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Response = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  text-align: center;

  svg {
    color: ${({ theme }) => theme.colors.primary};
  }

  p {
    max-width: 36rem;
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;
