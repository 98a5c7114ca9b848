import React, { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { subscribeToNewsletter } from '../api/newsletter-api';

/**
 * The words beside the button. The server records its own copy (NEWSLETTER_CONSENT_TEXT in
 * contracts) as what a subscriber agreed to; the card's test holds the two together.
 */
export const NEWSLETTER_PITCH =
  'Get weekly insights on building, integrating and securing AI agents, straight to your inbox.';
export const NEWSLETTER_PROMISE = 'No spam, unsubscribe anytime.';

type CardState = 'idle' | 'submitting' | 'subscribed';

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
  const [email, setEmail] = useState('');
  const [state, setState] = useState<CardState>('idle');
  const hydrated = useHydrated();
  const headingId = useId();
  const promiseId = useId();

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address.includes('@')) {
      toast({
        title: 'Invalid email',
        description: 'Please enter a valid email address.',
        variant: 'destructive',
      });
      return;
    }
    setState('submitting');
    try {
      // The server records the consent with its own wording and this page (from the Referer).
      await subscribeToNewsletter({ email: address });
      toast({
        title: 'Successfully subscribed!',
        description: "You'll receive our latest insights in your inbox.",
      });
      setState('subscribed');
    } catch {
      toast({
        title: 'Subscription failed',
        description: 'Please try again later.',
        variant: 'destructive',
      });
      setState('idle');
    }
  };

  return (
    <Box aria-labelledby={headingId} className={className}>
      <Heading as={`h${headingLevel}`} id={headingId}>
        {state === 'subscribed' ? 'Welcome aboard!' : 'Subscribe to our newsletter'}
      </Heading>
      {state === 'subscribed' ? (
        <Success role="status">
          <p>You&apos;re now subscribed to our newsletter.</p>
          <Small>
            Check your inbox for a confirmation email and click its link to start receiving our
            weekly insights.
          </Small>
        </Success>
      ) : (
        <>
          <Text>{NEWSLETTER_PITCH}</Text>
          {/* noValidate: an address without an @ gets a toast, not the browser's bubble. */}
          <Form onSubmit={onSubmit} noValidate aria-describedby={promiseId}>
            <label htmlFor={`${headingId}-email`} className="sr-only">
              Email address
            </label>
            <Input
              id={`${headingId}-email`}
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@company.com"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={state === 'submitting'}
            />
            <Button type="submit" disabled={!hydrated || state === 'submitting'} block>
              {state === 'submitting' ? 'Subscribing...' : 'Subscribe'}
            </Button>
          </Form>
          <Small id={promiseId}>{NEWSLETTER_PROMISE}</Small>
        </>
      )}
    </Box>
  );
}
