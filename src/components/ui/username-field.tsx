import React, { forwardRef } from 'react';
import { Field, Input } from './field';

/** The required "Username" field of the staff's login and invitation forms (`error` under it). */
export const UsernameField = forwardRef<
  HTMLInputElement,
  React.InputHTMLAttributes<HTMLInputElement> & { error?: string }
>(function UsernameField({ error, ...input }, ref) {
  return (
    <Field label="Username" required error={error}>
      <Input ref={ref} type="text" autoComplete="username" autoCapitalize="none" {...input} />
    </Field>
  );
});
