import { yupResolver } from '@hookform/resolvers/yup';
import type { LoginResponse, MeResponse } from '@site/contracts';
import { navigate } from 'gatsby-link';
import React from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { UsernameField } from '@/components/ui/username-field';
import { useToast } from '@/components/ui/toast';
import { api, ApiError } from '@/lib/api-client';
import { afterLoginPath } from '@/lib/return-path';
import { useHydrated } from '@/lib/use-hydrated';
import { useSession } from '../session-context';

const schema = yup.object({
  username: yup.string().trim().required('Username is required'),
  password: yup.string().required('Password is required'),
});

type LoginValues = yup.InferType<typeof schema>;

const Form = styled.form`
  display: flex;
  flex-direction: column;
`;

/**
 * Staff login: form-encoded to POST /auth/login, which starts a session held in a cookie; then to
 * `?next=` (a path on this site) or the role's landing page.
 */
export function LoginForm() {
  const { login } = useSession();
  const { toast } = useToast();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: yupResolver(schema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = async (values: LoginValues) => {
    try {
      // The answer sets the session cookie. Its access_token is for API clients: the page never
      // keeps it. The login call's own 401 is a wrong password, not an expired session.
      await api.post<LoginResponse>('/auth/login', values, { form: true, authRedirect: false });
    } catch (error) {
      toast({
        title: 'Invalid username or password',
        // A throttled or unreachable login says why; a wrong password gives nothing away.
        description: error instanceof ApiError && error.status !== 401 ? error.message : undefined,
        variant: 'destructive',
      });
      return;
    }
    let role: MeResponse['role'] = 'editor';
    try {
      role = (await api.get<MeResponse>('/auth/me', { authRedirect: false })).role;
    } catch {
      // Logged in, role not yet known: draw the smaller menu; the next page load asks again and
      // the server enforces the real role meanwhile.
    }
    login(role);
    toast({ title: 'Login successful' });
    // Back to the page that asked for the login (a path on this site only), else where the role
    // works: admins to the giveaways, editors to their drafts. Read now, not at render: the
    // prebuilt page knows no query string.
    await navigate(afterLoginPath(window.location.search, role));
  };

  return (
    <Form onSubmit={handleSubmit(onSubmit)} noValidate>
      <UsernameField error={errors.username?.message} {...register('username')} />
      <Field label="Password" required error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <Button type="submit" size="lg" block disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
    </Form>
  );
}
