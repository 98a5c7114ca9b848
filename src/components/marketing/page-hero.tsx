import React from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../ui/button';
import { Container } from '../ui/container';
import { heroBadge } from './hero-badge';

const Outer = styled.section`
  position: relative;
  overflow: hidden;
  padding-block: ${({ theme }) => theme.space[16]};
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[20]};
  }
`;

const Inner = styled.div`
  max-width: 760px;
`;

const Eyebrow = styled.p`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space[4]};
  padding: 0.25rem 0.75rem;
  ${heroBadge}
`;

const Title = styled.h1`
  margin-bottom: ${({ theme }) => theme.space[4]};
  color: #ffffff;
  font-size: 2.25rem;
  letter-spacing: -0.03em;

  ${({ theme }) => theme.media.md} {
    font-size: 3.25rem;
  }
`;

const Lead = styled.p`
  margin-bottom: 0;
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[8]};
`;

export interface PageHeroProps {
  title: React.ReactNode;
  eyebrow?: React.ReactNode;
  lead?: React.ReactNode;
  /** Buttons or links under the lead. */
  actions?: React.ReactNode;
}

/** The dark gradient banner that opens inner pages; holds the page's only h1. */
export function PageHero({ title, eyebrow, lead, actions }: PageHeroProps) {
  return (
    <Outer>
      <Container>
        <Inner>
          {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
          <Title>{title}</Title>
          {lead ? <Lead>{lead}</Lead> : null}
          {actions ? <Actions>{actions}</Actions> : null}
        </Inner>
      </Container>
    </Outer>
  );
}

/** Button-link styles for use on the dark hero: a light solid and an outlined variant. */
export const onDarkPrimary = `
  background: #ffffff;
  border-color: #ffffff;
  color: #1e1b4b;

  &:hover:not(:disabled) {
    background: #e0e7ff;
    border-color: #e0e7ff;
    color: #1e1b4b;
  }
`;

export const onDarkSecondary = `
  background: transparent;
  border-color: rgba(255, 255, 255, 0.6);
  color: #ffffff;

  &:hover:not(:disabled) {
    background: rgba(255, 255, 255, 0.1);
    border-color: #ffffff;
    color: #ffffff;
  }
`;

/** Link buttons in the on-dark styles, for calls to action on the hero gradient. */
export const LightButtonLink = styled(ButtonLink)`
  ${onDarkPrimary}
`;

export const OutlineButtonLink = styled(ButtonLink)`
  ${onDarkSecondary}
`;

/** The two calls to action on the hero gradient: `contact` to /contact, `pricing` to /pricing. */
export function ContactAndPricingLinks({
  contact,
  pricing,
}: {
  contact: React.ReactNode;
  pricing: React.ReactNode;
}) {
  return (
    <>
      <LightButtonLink to="/contact" size="lg">
        {contact}
      </LightButtonLink>
      <OutlineButtonLink to="/pricing" size="lg">
        {pricing}
      </OutlineButtonLink>
    </>
  );
}
