import { yupResolver } from '@hookform/resolvers/yup';
import type { NewsletterUnsubscribeRequest } from '@site/contracts';
import React, { useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { emailField } from '@/lib/email-field';
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

type AddressValues = Required<Pick<NewsletterUnsubscribeRequest, 'email'>>;

const INVALID_EMAIL = 'Please enter a valid email address.';

/** An empty or malformed address gets the same sentence under the field, and nothing is sent. */
const addressSchema: yup.ObjectSchema<AddressValues> = yup.object({
  email: emailField({ required: INVALID_EMAIL, invalid: INVALID_EMAIL }),
});

const Form = styled.form`
  text-align: left;
`;

const Spaced = styled.div`
  margin-bottom: ${({ theme }) => theme.space[5]};
  text-align: left;
`;

/** What the visitor's request came to, as the whole page, with the way back home. */
function DonePage({ title, message }: { title: string; message: string }) {
  return (
    <NewsletterPageLayout>
      <div role="status">
        <PanelTitle>{title}</PanelTitle>
        <PanelText>{message}</PanelText>
        <PanelActions>
          <ButtonLink to="/">Back to home</ButtonLink>
        </PanelActions>
      </div>
    </NewsletterPageLayout>
  );
}

/**
 * `/newsletter/unsubscribe`: with the token from an e-mail's link it asks for one click (link
 * scanners that prefetch URLs must not unsubscribe anyone) and unsubscribes at once. Without one
 * it asks for the address and the server mails that address a link: typing someone's address
 * must not unsubscribe them.
 */
export function UnsubscribePanel({ search }: { search: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressValues>({
    resolver: yupResolver(addressSchema),
    defaultValues: { email: '' },
    // As before the form library: the sentence shows after a press of the button and stays until
    // the next one; focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const hydrated = useHydrated();
  // The prebuilt page knows no query string: the token is read once hydrated, so the first render
  // matches the built HTML (the form for an address) and then turns into the one-click button.
  const token = hydrated ? tokenFrom(search) : null;

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

  if (status.kind === 'done') {
    return <DonePage title="You have been unsubscribed" message={status.message} />;
  }

  if (status.kind === 'link-sent') {
    return <DonePage title="Check your inbox" message={status.message} />;
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
          <Form onSubmit={handleSubmit((values) => send(values))} noValidate>
            <Field label="Email address" required error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...register('email')} />
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
