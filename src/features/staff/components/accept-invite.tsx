import { yupResolver } from '@hookform/resolvers/yup';
import type { InvitationInfo } from '@site/contracts';
import React, { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { UsernameField } from '@/components/ui/username-field';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { landingFor } from '@/lib/return-path';
import { acceptInvitation, checkInvitation } from '../api/staff-api';
import { Lead, Panel, StaffPage, Title } from './staff-layout';

export const PASSWORD_MIN = 10;

const schema = yup.object({
  username: yup
    .string()
    .trim()
    .required('Username is required')
    .matches(
      /^[A-Za-z0-9._-]{3,50}$/,
      'A username is 3 to 50 characters: letters, digits, dot, dash or underscore.',
    ),
  password: yup
    .string()
    .required('Password is required')
    .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`),
  repeat: yup
    .string()
    .required('Repeat the password')
    .oneOf([yup.ref('password')], 'The two passwords differ'),
});
type Values = yup.InferType<typeof schema>;

type State =
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'open'; invitation: InvitationInfo }
  | { kind: 'done'; message: string; landing: string };

/** The invitee arrives from a mail: one centred card, like the newsletter's link pages. */
const Card = styled(Panel)`
  margin-inline: auto;
`;

const NO_TOKEN = 'This page needs the link from your invitation e-mail.';

/** `/accept-invite?token=…`: the invitee chooses a username and password for their account. */
export function AcceptInvite({ search }: { search: string }) {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [failure, setFailure] = useState<string | null>(null);
  const { login } = useSession();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: yupResolver(schema),
    defaultValues: { username: '', password: '', repeat: '' },
  });

  useEffect(() => {
    if (!token) {
      setState({ kind: 'invalid', message: NO_TOKEN });
      return undefined;
    }
    let current = true;
    checkInvitation(token)
      .then((invitation) => {
        if (current) setState({ kind: 'open', invitation });
      })
      .catch((error: unknown) => {
        if (current)
          setState({
            kind: 'invalid',
            message: error instanceof ApiError ? error.message : NO_TOKEN,
          });
      });
    return () => {
      current = false;
    };
  }, [token]);

  const onSubmit = async (values: Values) => {
    setFailure(null);
    try {
      // The answer signs the new member in (its cookie): the menus follow at once.
      const answer = await acceptInvitation(token, values.username, values.password);
      login(answer.role);
      setState({ kind: 'done', message: answer.message, landing: landingFor(answer.role) });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Try again.');
    }
  };

  return (
    <StaffPage>
      <Card>
        {state.kind === 'checking' ? <Spinner label="Checking your invitation..." /> : null}
        {state.kind === 'invalid' ? (
          <div role="alert">
            <Title>This invitation cannot be used</Title>
            <Lead>{state.message}</Lead>
          </div>
        ) : null}
        {state.kind === 'done' ? (
          <div role="status">
            <Title>Your account is ready</Title>
            <Lead>{state.message}</Lead>
            <ButtonLink to={state.landing}>
              {state.landing === '/admin/drafts' ? 'Go to your drafts' : 'Go to the giveaways'}
            </ButtonLink>
          </div>
        ) : null}
        {state.kind === 'open' ? (
          <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="accept-title">
            <Title id="accept-title">Join AgentWorks</Title>
            <Lead>
              You are invited as {state.invitation.role === 'admin' ? 'an admin' : 'an editor'} (
              {state.invitation.email}). Choose the username and password you will log in with.
            </Lead>
            <UsernameField error={errors.username?.message} {...register('username')} />
            <Field
              label="Password"
              required
              error={errors.password?.message}
              hint={`At least ${PASSWORD_MIN} characters.`}
            >
              <Input type="password" autoComplete="new-password" {...register('password')} />
            </Field>
            <Field label="Repeat the password" required error={errors.repeat?.message}>
              <Input type="password" autoComplete="new-password" {...register('repeat')} />
            </Field>
            {failure ? <Alert variant="error">{failure}</Alert> : null}
            <Button type="submit" size="lg" block disabled={isSubmitting}>
              {isSubmitting ? 'Creating your account...' : 'Create my account'}
            </Button>
          </form>
        ) : null}
      </Card>
    </StaffPage>
  );
}
