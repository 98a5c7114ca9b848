import { Link } from 'gatsby-link';
import React, { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import {
  CONFIRMATION_ON_ITS_WAY,
  SUBSCRIBED_TEXT,
  useNewsletterSignup,
} from './use-newsletter-signup';
import { SignupEmail } from './signup-email';

/**
 * The words beside the button. The server records its own copy (NEWSLETTER_CONSENT_TEXT in
 * contracts) as what a subscriber agreed to; the card's test holds the two together.
 */
export const NEWSLETTER_PITCH =
  'Get weekly insights on building, integrating and securing AI agents, straight to your inbox.';
export const NEWSLETTER_PROMISE = 'No spam, unsubscribe anytime.';

/** The consent's link to what the site does with an address. */
export const PRIVACY_LINK_TEXT = 'How we handle your data';

const Box = styled.section`
  padding: ${({ theme }) => theme.space[6]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.gradients.soft};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const Small = styled.p`
  margin: ${({ theme }) => theme.space[3]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Success = styled.div`
  color: ${({ theme }) => theme.colors.text};

  p {
    margin: 0 0 ${({ theme }) => theme.space[2]};
  }
`;

export interface NewsletterCardProps {
  /** Heading level for the card's title, to fit the page outline (default h2). */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * Newsletter signup: idle, submitting ('Subscribing...', disabled) or subscribed ('Welcome
 * aboard!'); an address without an @ is refused with a toast. Double opt-in: the API mails a
 * confirmation link, so the subscribed state also tells the visitor to check their inbox.
 */
export function NewsletterCard({ headingLevel = 2, className }: NewsletterCardProps) {
  const { toast } = useToast();
  const signup = useNewsletterSignup({
    onSubscribed: () =>
      toast({
        title: 'Successfully subscribed!',
        description: "You'll receive our latest insights in your inbox.",
      }),
    onProblem: (problem) =>
      toast({ title: problem.title, description: problem.description, variant: 'destructive' }),
  });
  const { submit, isSubmitting, subscribed, hydrated } = signup;
  const headingId = useId();
  const promiseId = useId();

  return (
    <Box aria-labelledby={headingId} className={className}>
      <Heading as={`h${headingLevel}`} id={headingId}>
        {subscribed ? 'Welcome aboard!' : 'Subscribe to our newsletter'}
      </Heading>
      {subscribed ? (
        <Success role="status">
          <p>{SUBSCRIBED_TEXT}</p>
          <Small>{CONFIRMATION_ON_ITS_WAY}</Small>
        </Success>
      ) : (
        <>
          <Text>{NEWSLETTER_PITCH}</Text>
          {/* noValidate: the address is checked by the one e-mail rule and answered with a toast. */}
          <Form onSubmit={submit} noValidate aria-describedby={promiseId}>
            <SignupEmail id={`${headingId}-email`} label="Email address" signup={signup} />
            <Button type="submit" disabled={!hydrated || isSubmitting} block>
              {isSubmitting ? 'Subscribing...' : 'Subscribe'}
            </Button>
          </Form>
          <Small id={promiseId}>
            {NEWSLETTER_PROMISE} <Link to="/privacy">{PRIVACY_LINK_TEXT}</Link>.
          </Small>
        </>
      )}
    </Box>
  );
}
