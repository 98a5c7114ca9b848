import { Link } from 'gatsby-link';
import React, { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { island } from '@/lib/island';
import { NEWSLETTER_PROMISE, PRIVACY_LINK_TEXT } from './newsletter-card';
import { SignupEmail } from './signup-email';
import {
  CONFIRMATION_ON_ITS_WAY,
  SUBSCRIBED_TEXT,
  useNewsletterSignup,
  type SignupProblem,
} from './use-newsletter-signup';

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

const Heading = styled.h2`
  margin: 0;
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Text = styled.p`
  margin: 0;
`;

/*
 * Underlined, as a link among text must not be told apart by colour alone. The footer styles its
 * links without an underline with a class and an element (`.footer a`, which outranks one class);
 * the doubled class (`&&`) ranks this rule above it, wherever either style sheet lands.
 */
const PrivacyLink = styled(Link)`
  && {
    display: block;
    width: fit-content;
    text-decoration: underline;
  }
`;

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};

  > input {
    flex: 1 1 12rem;
    min-width: 0;
  }
`;

const Problem = styled.p`
  margin: 0;
  color: #fecaca;
`;

const Welcome = styled.div`
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid rgba(255, 255, 255, 0.18);
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(255, 255, 255, 0.06);
  color: ${({ theme }) => theme.colors.darkText};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    color: #ffffff;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space[1]};
  }
`;

/**
 * The footer's compact newsletter signup, on every page: the same double opt-in as the card beside
 * posts. A problem is told in a line under the field (the footer has no room for a toast's focus).
 */
export function FooterSignup() {
  const [problem, setProblem] = useState<SignupProblem | null>(null);
  const signup = useNewsletterSignup({
    onSubscribed: () => setProblem(null),
    onProblem: setProblem,
  });
  const { submit, isSubmitting, subscribed, hydrated } = signup;
  const id = useId();

  if (subscribed) {
    return (
      <Box aria-labelledby={`${id}-title`}>
        <Welcome role="status">
          <h3 id={`${id}-title`}>Welcome aboard!</h3>
          <p>{SUBSCRIBED_TEXT}</p>
          <p>{CONFIRMATION_ON_ITS_WAY}</p>
        </Welcome>
      </Box>
    );
  }

  return (
    <Box aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>Newsletter</Heading>
      <Text>Weekly insights on building and securing AI agents.</Text>
      <Row onSubmit={submit} noValidate aria-describedby={`${id}-promise`}>
        <SignupEmail
          id={`${id}-email`}
          label="Your e-mail address"
          signup={signup}
          problemId={problem ? `${id}-problem` : undefined}
        />
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Signing up...' : 'Sign up'}
        </Button>
      </Row>
      <div aria-live="polite">
        {problem ? (
          <Problem id={`${id}-problem`}>
            {problem.title}
            {problem.description ? `: ${problem.description}` : ''}
          </Problem>
        ) : null}
      </div>
      <Text id={`${id}-promise`}>{NEWSLETTER_PROMISE}</Text>
      {/* A line of its own: on the dark footer, a link inside the sentence is told apart from
          the text by colour alone. */}
      <PrivacyLink to="/privacy">{PRIVACY_LINK_TEXT}</PrivacyLink>
    </Box>
  );
}

/**
 * The footer signup as an island: its code loads when a reader comes near the footer or focuses
 * the field, never with the page.
 */
export const FooterSignupIsland = island('footer-signup', FooterSignup);
