import type { NewsletterSubscribeRequest } from '@site/contracts';
import React, { useId, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
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

const FAILED = {
  title: 'Subscription failed',
  description: 'Please try again later.',
  variant: 'destructive',
} as const;

/**
 * The card sits on every post page, so its yup schema (with yup itself) loads only when the
 * visitor starts using the form (focus), or at the latest on the first press: a post page ships
 * react-hook-form but not yup.
 */
const loadSchema = () => import('./subscribe-schema');
let schema: ReturnType<typeof loadSchema> | null = null;
function prepareSchema() {
  if (!schema) {
    schema = loadSchema();
    // A failed load is forgotten, so the next focus or press tries again.
    schema.catch(() => {
      schema = null;
    });
  }
  return schema;
}
const lazyResolver: Resolver<NewsletterSubscribeRequest> = async (values, context, options) => {
  let loaded: Awaited<ReturnType<typeof loadSchema>>;
  try {
    loaded = await prepareSchema();
  } catch {
    // The network failed to bring the schema: nothing is sent.
    return { values: {}, errors: { root: { type: 'unavailable', message: 'Not loaded' } } };
  }
  return loaded.subscribeResolver(values, context, options);
};

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
  const [subscribed, setSubscribed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<NewsletterSubscribeRequest>({
    resolver: lazyResolver,
    defaultValues: { email: '' },
    // The mistake is told by a toast; focus stays on the button that was pressed.
    shouldFocusError: false,
  });
  const hydrated = useHydrated();
  const headingId = useId();
  const promiseId = useId();

  const subscribe = async (values: NewsletterSubscribeRequest) => {
    try {
      // The server records the consent with its own wording and this page (from the Referer).
      await subscribeToNewsletter(values);
      toast({
        title: 'Successfully subscribed!',
        description: "You'll receive our latest insights in your inbox.",
      });
      setSubscribed(true);
    } catch {
      toast(FAILED);
    }
  };

  const refuse = (errors: FieldErrors<NewsletterSubscribeRequest>) => {
    if (errors.email) {
      toast({ title: 'Invalid email', description: errors.email.message, variant: 'destructive' });
    } else {
      toast(FAILED);
    }
  };

  return (
    <Box aria-labelledby={headingId} className={className}>
      <Heading as={`h${headingLevel}`} id={headingId}>
        {subscribed ? 'Welcome aboard!' : 'Subscribe to our newsletter'}
      </Heading>
      {subscribed ? (
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
          {/* noValidate: the address is checked by the one e-mail rule and answered with a toast. */}
          <Form onSubmit={handleSubmit(subscribe, refuse)} noValidate aria-describedby={promiseId}>
            <label htmlFor={`${headingId}-email`} className="sr-only">
              Email address
            </label>
            <Input
              id={`${headingId}-email`}
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              required
              {...register('email')}
              onFocus={() => void prepareSchema()}
              disabled={isSubmitting}
            />
            <Button type="submit" disabled={!hydrated || isSubmitting} block>
              {isSubmitting ? 'Subscribing...' : 'Subscribe'}
            </Button>
          </Form>
          <Small id={promiseId}>{NEWSLETTER_PROMISE}</Small>
        </>
      )}
    </Box>
  );
}
