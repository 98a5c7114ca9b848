import React from 'react';
import styled from 'styled-components';
import { Container } from '@/components/ui/container';

export function BlogHero() {
  return (
    <Hero>
      <Container>
        <Eyebrow>AgentWorks Blog</Eyebrow>
        <h1>Insights on building AI agents</h1>
        <p>
          Tutorials, architecture notes and lessons from production: how we design, integrate and
          secure agents that do real work.
        </p>
      </Container>
    </Hero>
  );
}

const Hero = styled.header`
  padding-block: ${({ theme }) => theme.space[12]};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[16]};
  }
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};
  text-align: center;

  h1 {
    margin: 0 0 ${({ theme }) => theme.space[4]};
    color: #ffffff;
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
    line-height: 1.15;

    ${({ theme }) => theme.media.md} {
      font-size: ${({ theme }) => theme.fontSizes['5xl']};
    }
  }

  p {
    max-width: 40rem;
    margin: 0 auto;
    color: ${({ theme }) => theme.colors.darkText};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    line-height: 1.6;
  }
`;

const Eyebrow = styled.span`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;
