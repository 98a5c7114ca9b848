import React from 'react';
import styled from 'styled-components';
import { Container } from '@/components/ui/container';

const Hero = styled.header`
  padding-block: ${({ theme }) => theme.space[16]} ${({ theme }) => theme.space[12]};
  background:
    radial-gradient(circle at 85% 20%, rgba(14, 116, 144, 0.35), transparent 45%),
    linear-gradient(135deg, ${({ theme }) => theme.colors.dark}, #1e1b4b);
  color: ${({ theme }) => theme.colors.darkText};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[20]} ${({ theme }) => theme.space[16]};
  }
`;

const Eyebrow = styled.p`
  margin-bottom: ${({ theme }) => theme.space[3]};
  color: #a5b4fc;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Title = styled.h1`
  margin-bottom: ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSizes['4xl']};
  line-height: 1.1;

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['5xl']};
  }
`;

const Lead = styled.p`
  max-width: 42rem;
  margin: 0;
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export function ProjectsHero() {
  return (
    <Hero>
      <Container>
        <Eyebrow>Built for fun, shipped for real</Eyebrow>
        <Title>Vibe Projects</Title>
        <Lead>
          Small tools and experiments from the AgentWorks bench: some live in your browser right
          now, some are on the workbench, and some are next on the list. Try them, borrow the ideas.
        </Lead>
      </Container>
    </Hero>
  );
}
