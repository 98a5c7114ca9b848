import { yupResolver } from '@hookform/resolvers/yup';
import type { CreateInvitationRequest, Role, StaffListResponse, StaffUser } from '@site/contracts';
import React, { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { emailField } from '@/lib/email-field';
import { formatDateTime } from '@/lib/dates';
import {
  changeRole,
  fetchMe,
  fetchStaff,
  inviteStaff,
  removeStaff,
  withdrawInvitation,
} from '../api/staff-api';
import { AccessDenied, Lead, Panel, SectionTitle, StaffPage, Title } from './staff-layout';

const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', editor: 'Editor' };

type InviteValues = CreateInvitationRequest;

const inviteSchema: yup.ObjectSchema<InviteValues> = yup.object({
  email: emailField({
    required: 'E-mail address is required',
    invalid: 'Enter a valid e-mail address',
  }),
  role: yup.mixed<Role>().oneOf(['editor', 'admin']).required(),
});

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0 0 ${({ theme }) => theme.space[10]};
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr auto;
    align-items: center;
  }
`;

const Name = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0 0 ${({ theme }) => theme.space[1]};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]};

  label {
    margin-right: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const RoleSelect = styled(Select)`
  width: auto;
  min-width: 8rem;
`;

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const { toast } = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues>({
    resolver: yupResolver(inviteSchema),
    defaultValues: { email: '', role: 'editor' },
  });

  const onSubmit = async (values: InviteValues) => {
    setFailure(null);
    try {
      const invitation = await inviteStaff(values.email, values.role);
      setSentTo(invitation.email);
      toast({ title: `Invitation sent to ${invitation.email}` });
      reset({ email: '', role: values.role });
      onInvited();
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <Panel as="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="invite-title">
      <SectionTitle id="invite-title">Invite someone</SectionTitle>
      <Field label="E-mail address" required error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...register('email')} />
      </Field>
      <Field
        label="Role"
        hint="Editors write and publish posts; admins also manage staff, the inbox and giveaways."
      >
        <Select {...register('role')}>
          <option value="editor">Editor</option>
          <option value="admin">Admin</option>
        </Select>
      </Field>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {sentTo ? (
        <p role="status">We sent a link to {sentTo}. It works once and expires in 72 hours.</p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send invitation'}
      </Button>
    </Panel>
  );
}

function UserRow({
  user,
  me,
  onChanged,
}: {
  user: StaffUser;
  me: string | null;
  onChanged: (message: string | null, error?: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const isMe = user.username === me;

  const run = async (step: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      onChanged((await step()).message);
    } catch (error) {
      onChanged(null, errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const roleId = `role-${user.username}`;
  return (
    <Row>
      <div>
        <Name>
          {user.username}
          <Badge $variant={user.role === 'admin' ? 'info' : 'neutral'}>
            {ROLE_LABELS[user.role]}
          </Badge>
          {isMe ? <Badge $variant="success">You</Badge> : null}
        </Name>
        <Meta>
          Last login:{' '}
          {user.last_login_at ? (
            <time dateTime={user.last_login_at}>{formatDateTime(user.last_login_at)}</time>
          ) : (
            'never'
          )}
        </Meta>
      </div>
      <Actions>
        <div>
          <label htmlFor={roleId}>Role of {user.username}</label>
          <RoleSelect
            id={roleId}
            value={user.role}
            disabled={busy}
            onChange={(event) => {
              const role = event.target.value as Role;
              void run(() => changeRole(user.username, role));
            }}
          >
            <option value="editor">Editor</option>
            <option value="admin">Admin</option>
          </RoleSelect>
        </div>
        {isMe ? null : (
          <Button
            type="button"
            variant="danger"
            size="sm"
            disabled={busy}
            onClick={() => {
              if (
                window.confirm(
                  `Remove ${user.username}? Their account is deleted and they are logged out everywhere.`,
                )
              )
                void run(() => removeStaff(user.username));
            }}
            aria-label={`Remove ${user.username}`}
          >
            Remove
          </Button>
        )}
      </Actions>
    </Row>
  );
}

type LoadState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; data: StaffListResponse };

function StaffLists() {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [me, setMe] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    fetchMe()
      .then((answer) => {
        if (current) setMe(answer.username);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  const load = useCallback(() => {
    fetchStaff()
      .then((data) => setState({ kind: 'ready', data }))
      .catch((error: unknown) => setState({ kind: 'error', message: errorText(error) }));
  }, []);
  useEffect(load, [load]);

  const changed = (message: string | null, error?: string) => {
    setNotice(
      error ? { text: error, error: true } : message ? { text: message, error: false } : null,
    );
    load();
  };

  return (
    <>
      <InviteForm onInvited={load} />
      {notice ? <Alert variant={notice.error ? 'error' : 'success'}>{notice.text}</Alert> : null}
      {state.kind === 'loading' ? <Spinner label="Loading staff..." /> : null}
      {state.kind === 'error' ? (
        <Alert variant="error">
          {state.message}{' '}
          <Button type="button" variant="secondary" size="sm" onClick={load}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <SectionTitle>Staff</SectionTitle>
          <List aria-label="Staff accounts">
            {state.data.users.map((user) => (
              <UserRow key={user.username} user={user} me={me} onChanged={changed} />
            ))}
          </List>
          <SectionTitle>Open invitations</SectionTitle>
          {state.data.invitations.length === 0 ? (
            <Meta>No invitations are waiting.</Meta>
          ) : (
            <List aria-label="Open invitations">
              {state.data.invitations.map((invitation) => (
                <Row key={invitation.id}>
                  <div>
                    <Name>
                      {invitation.email}
                      <Badge $variant="neutral">{ROLE_LABELS[invitation.role]}</Badge>
                    </Name>
                    <Meta>
                      Sent by {invitation.invited_by}; expires{' '}
                      <time dateTime={invitation.expires_at}>
                        {formatDateTime(invitation.expires_at)}
                      </time>
                    </Meta>
                  </div>
                  <Actions>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      onClick={() => {
                        withdrawInvitation(invitation.id).then(
                          (answer) => changed(answer.message),
                          (error: unknown) => changed(null, errorText(error)),
                        );
                      }}
                      aria-label={`Withdraw invitation to ${invitation.email}`}
                    >
                      Withdraw
                    </Button>
                  </Actions>
                </Row>
              ))}
            </List>
          )}
        </>
      ) : null}
    </>
  );
}

/** `/admin/users`: invite staff, see who has which role and when they last logged in (admins). */
export function StaffAdmin() {
  const { ready, isAuthenticated, isAdmin } = useSession();
  let body: React.ReactNode;
  if (!ready) body = <Spinner label="Checking access..." />;
  else if (!isAuthenticated || !isAdmin)
    body = <AccessDenied text="You need admin privileges to manage staff accounts." />;
  else
    body = (
      <>
        <Title>Users</Title>
        <Lead>
          Invite editors and admins, change their roles, or remove an account (its sessions end at
          once). There is always at least one admin.
        </Lead>
        <StaffLists />
      </>
    );
  return <StaffPage>{body}</StaffPage>;
}
