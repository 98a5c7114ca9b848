import React, { useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { unsubscribeFromNewsletter } from '../api/newsletter-api';
import {
  NewsletterPageLayout,
  PanelActions,
  PanelText,
  PanelTitle,
  tokenFrom,
} from './newsletter-page-layout';

type Status =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'done'; message: string }
  | { kind: 'link-sent'; message: string }
  | { kind: 'error'; message: string };

const Form = styled.form`
  text-align: left;
`;

const Spaced = styled.div`
  margin-bottom: ${({ theme }) => theme.space[5]};
  text-align: left;
`;

/**
 * `/newsletter/unsubscribe`: with the token from an e-mail's link it asks for one click (link
 * scanners that prefetch URLs must not unsubscribe anyone) and unsubscribes at once. Without one
 * it asks for the address and the server mails that address a link: typing someone's address
 * must not unsubscribe them.
 */
export function UnsubscribePanel({ search }: { search: string }) {
  const token = tokenFrom(search);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const hydrated = useHydrated();

  const send = async (body: { token: string } | { email: string }) => {
    setStatus({ kind: 'submitting' });
    try {
      const answer = await unsubscribeFromNewsletter(body);
      setStatus({ kind: 'token' in body ? 'done' : 'link-sent', message: answer.message });
    } catch (error) {
      setStatus({
        kind: 'error',
        message:
          (error instanceof ApiError && error.detail) ||
          'We could not process your request. Please try again later.',
      });
    }
  };

  const onEmailSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address.includes('@')) {
      setEmailError('Please enter a valid email address.');
      return;
    }
    setEmailError(undefined);
    void send({ email: address });
  };

  if (status.kind === 'done') {
    return (
      <NewsletterPageLayout>
        <div role="status">
          <PanelTitle>You have been unsubscribed</PanelTitle>
          <PanelText>{status.message}</PanelText>
          <PanelActions>
            <ButtonLink to="/">Back to home</ButtonLink>
          </PanelActions>
        </div>
      </NewsletterPageLayout>
    );
  }

  if (status.kind === 'link-sent') {
    return (
      <NewsletterPageLayout>
        <div role="status">
          <PanelTitle>Check your inbox</PanelTitle>
          <PanelText>{status.message}</PanelText>
          <PanelActions>
            <ButtonLink to="/">Back to home</ButtonLink>
          </PanelActions>
        </div>
      </NewsletterPageLayout>
    );
  }

  const submitting = status.kind === 'submitting';
  return (
    <NewsletterPageLayout>
      <PanelTitle>Unsubscribe from our newsletter</PanelTitle>
      {status.kind === 'error' ? (
        <Spaced>
          <Alert variant="error">{status.message}</Alert>
        </Spaced>
      ) : null}
      {token ? (
        <>
          <PanelText>Click below and we will stop sending you our weekly insights.</PanelText>
          <Button size="lg" disabled={!hydrated || submitting} onClick={() => void send({ token })}>
            {submitting ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        </>
      ) : (
        <>
          <PanelText>
            Enter the address you subscribed with and we will e-mail it a link to unsubscribe.
          </PanelText>
          <Form onSubmit={onEmailSubmit} noValidate>
            <Field label="Email address" required error={emailError}>
              <Input
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </Field>
            <Button type="submit" size="lg" block disabled={!hydrated || submitting}>
              {submitting ? 'Sending...' : 'Send me the link'}
            </Button>
          </Form>
        </>
      )}
    </NewsletterPageLayout>
  );
}
