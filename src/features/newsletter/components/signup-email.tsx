import React from 'react';
import { Input } from '@/components/ui/field';
import type { NewsletterSignup } from './use-newsletter-signup';

/**
 * A signup form's address field (`id`), its label (`label`) read by screen readers only.
 * `problemId`: the line that tells what is wrong with the address, while one does.
 */
export function SignupEmail({
  id,
  label,
  signup,
  problemId,
}: {
  id: string;
  label: string;
  signup: Pick<NewsletterSignup, 'register' | 'prepareSchema' | 'isSubmitting'>;
  problemId?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        required
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId}
        {...signup.register('email')}
        onFocus={() => void signup.prepareSchema()}
        disabled={signup.isSubmitting}
      />
    </>
  );
}
