import { yupResolver } from '@hookform/resolvers/yup';
import React, { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { changeOwnPassword } from '../api/staff-api';
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

/** `/account`: any staff member changes their own password. */
export function AccountSettings() {
  const { ready, isAuthenticated } = useSession();
  let body: React.ReactNode;
  if (!ready) body = <Spinner label="Checking access..." />;
  else if (!isAuthenticated) body = <AccessDenied text="Log in to manage your account." />;
  else
    body = (
      <>
        <Title>Your account</Title>
        <Lead>Change the password you log in with.</Lead>
        <PasswordForm />
      </>
    );
  return <StaffPage>{body}</StaffPage>;
}
