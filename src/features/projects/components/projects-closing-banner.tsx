import React from 'react';
import styled from 'styled-components';
import { Button, ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';

const Band = styled.section`
  padding-block: ${({ theme }) => theme.space[16]};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, #312e81);
  color: #ffffff;
  text-align: center;
`;

const Heading = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

const Text = styled.p`
  max-width: 36rem;
  margin: 0 auto ${({ theme }) => theme.space[8]};
  color: #e0e7ff;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[4]};
`;

const OnDark = styled(Button)`
  background: transparent;
  color: #ffffff;
  border-color: #ffffff;

  &:hover:not(:disabled) {
    background: rgba(255, 255, 255, 0.12);
    color: #ffffff;
  }
`;

const LightLink = styled(ButtonLink)`
  background: #ffffff;
  color: ${({ theme }) => theme.colors.primary};
  border-color: #ffffff;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.primaryHover};
    border-color: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

export function ProjectsClosingBanner() {
  return (
    <Band aria-labelledby="projects-closing-title">
      <Container>
        <Heading id="projects-closing-title">Like What You See?</Heading>
        <Text>
          We build tools like these, and the AI agents behind bigger ones, for businesses every
          week.
        </Text>
        <Actions>
          {/* "Check Out More" has no action; type="button" keeps it from submitting anything. */}
          <OnDark type="button" size="lg">
            Check Out More
          </OnDark>
          <LightLink to="/contact" size="lg">
            Get In Touch
          </LightLink>
        </Actions>
      </Container>
    </Band>
  );
}
