import { yupResolver } from '@hookform/resolvers/yup';
import type { MeResponse, Session } from '@site/contracts';
import { navigate } from 'gatsby-link';
import React, { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { changeOwnPassword, fetchMe, fetchSessions } from '../api/staff-api';
import { PASSWORD_MIN } from './accept-invite';
import { AccessDenied, Lead, Panel, SectionTitle, StaffPage, Title } from './staff-layout';

const schema = yup.object({
  current: yup.string().required('Enter your current password'),
  password: yup
    .string()
    .required('Enter a new password')
    .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`),
  repeat: yup
    .string()
    .required('Repeat the new password')
    .oneOf([yup.ref('password')], 'The two passwords differ'),
});
type Values = yup.InferType<typeof schema>;

function PasswordForm() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: yupResolver(schema),
    defaultValues: { current: '', password: '', repeat: '' },
  });

  const onSubmit = async (values: Values) => {
    setResult(null);
    try {
      await changeOwnPassword(values.current, values.password);
      reset();
      setResult({
        ok: true,
        text: 'Your password is changed. Every other session of your account has been logged out.',
      });
    } catch (error) {
      setResult({
        ok: false,
        text: error instanceof ApiError ? error.message : 'Something went wrong. Try again.',
      });
    }
  };

  return (
    <Panel as="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="password-title">
      <SectionTitle id="password-title">Change your password</SectionTitle>
      <Field label="Current password" required error={errors.current?.message}>
        <Input type="password" autoComplete="current-password" {...register('current')} />
      </Field>
      <Field
        label="New password"
        required
        error={errors.password?.message}
        hint={`At least ${PASSWORD_MIN} characters. Other devices are logged out.`}
      >
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Repeat the new password" required error={errors.repeat?.message}>
        <Input type="password" autoComplete="new-password" {...register('repeat')} />
      </Field>
      {result ? <Alert variant={result.ok ? 'success' : 'error'}>{result.text}</Alert> : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Change password'}
      </Button>
    </Panel>
  );
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0 0 ${({ theme }) => theme.space[6]};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Sessions = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0 0 ${({ theme }) => theme.space[6]};
  padding: 0;
  list-style: none;

  li {
    padding: ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }

  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

/** A browser's name from its user agent, enough to tell one's devices apart. */
function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

/** Who is signed in, and where: the account's e-mail and its live sessions. */
function AccountOverview() {
  const { logout, logoutEverywhere } = useSession();
  const [me, setMe] = useState<Loaded<MeResponse>>({ status: 'loading' });
  const [sessions, setSessions] = useState<Loaded<Session[]>>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    fetchMe()
      .then((value) => current && setMe({ status: 'ready', value }))
      .catch(() => current && setMe({ status: 'failed' }));
    fetchSessions()
      .then((value) => current && setSessions({ status: 'ready', value: value.items }))
      .catch(() => current && setSessions({ status: 'failed' }));
    return () => {
      current = false;
    };
  }, []);

  const end = async (everywhere: boolean) => {
    setBusy(true);
    await (everywhere ? logoutEverywhere() : logout());
    await navigate('/login');
  };

  return (
    <Panel aria-labelledby="account-who">
      <SectionTitle id="account-who">Signed in</SectionTitle>
      {me.status === 'loading' ? <Spinner label="Loading your account..." /> : null}
      {me.status === 'failed' ? (
        <Alert variant="error">Your account could not be loaded.</Alert>
      ) : null}
      {me.status === 'ready' ? (
        <Facts>
          <dt>Username</dt>
          <dd>{me.value.username}</dd>
          <dt>E-mail</dt>
          <dd>{me.value.email ?? 'No e-mail address on this account'}</dd>
          <dt>Role</dt>
          <dd>{me.value.role === 'admin' ? 'Admin' : 'Editor'}</dd>
        </Facts>
      ) : null}
      <SectionTitle as="h3" id="account-sessions">
        Sessions
      </SectionTitle>
      {sessions.status === 'loading' ? <Spinner label="Loading your sessions..." /> : null}
      {sessions.status === 'failed' ? (
        <Alert variant="error">Your sessions could not be loaded.</Alert>
      ) : null}
      {sessions.status === 'ready' ? (
        <Sessions aria-labelledby="account-sessions">
          {sessions.value.map((session) => (
            <li key={session.id}>
              <strong>{deviceName(session.user_agent)}</strong>
              {session.current ? ' (this device)' : ''}
              <small>
                Signed in {formatDateTime(session.created_at)}, last active{' '}
                {formatDateTime(session.last_used_at)}
              </small>
            </li>
          ))}
        </Sessions>
      ) : null}
      <Actions>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void end(false)}>
          Log out this device
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void end(true)}>
          Log out everywhere
        </Button>
      </Actions>
    </Panel>
  );
}

/** `/account`: who is signed in (e-mail, sessions, log out this device) and a password change. */
export function AccountSettings() {
  const { ready, isAuthenticated } = useSession();
  let body: React.ReactNode;
  if (!ready) body = <Spinner label="Checking access..." />;
  else if (!isAuthenticated) body = <AccessDenied text="Log in to manage your account." />;
  else
    body = (
      <>
        <Title>Your account</Title>
        <Lead>Your details, where you are signed in, and the password you log in with.</Lead>
        <AccountOverview />
        <PasswordForm />
      </>
    );
  return <StaffPage>{body}</StaffPage>;
}
