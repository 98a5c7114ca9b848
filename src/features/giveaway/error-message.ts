import { ApolloError } from '@apollo/client';
import type { ToastOptions } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';

/**
 * The server's own sentence for a failed call (its `detail`), or `fallback` when there is none:
 * a refusal such as "The Instagram handle @ann has already entered this giveaway." is worth showing,
 * "HTTP error! status: 502" or a network failure is not.
 */
export function serverSentence(error: unknown, fallback: string): string {
  const cause = apiErrorOf(error);
  return cause?.detail ? cause.detail : fallback;
}

/** The error toast for a failed call: the server's own sentence, or `fallback` (see serverSentence). */
export function failureToast(error: unknown, fallback: string): ToastOptions {
  return { title: 'Error', description: serverSentence(error, fallback), variant: 'destructive' };
}

/** The API's refusal behind a failed call, whether made through Apollo or the fetch wrapper. */
export function apiErrorOf(error: unknown): ApiError | null {
  const cause = error instanceof ApolloError ? error.networkError : error;
  return cause instanceof ApiError ? cause : null;
}

/**
 * The API's refusal of `fields` of a form, each with the sentence to show under its field: the
 * field's own sentence, or the refusal's `detail` where the field's words are no sentence (a
 * schema's "must be …"). Empty when the refusal names none of them.
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const cause = apiErrorOf(error);
  const listed = (cause?.body as { errors?: unknown } | undefined)?.errors;
  const found: Partial<Record<F, string>> = {};
  if (!cause || cause.status !== 400 || !Array.isArray(listed)) return found;
  for (const item of listed as { field?: unknown; message?: unknown }[]) {
    const field = fields.find((f) => f === item.field);
    if (!field || found[field] !== undefined || typeof item.message !== 'string') continue;
    found[field] = /^[A-Z].*[.!?]$/.test(item.message)
      ? item.message
      : (cause.detail ?? item.message);
  }
  return found;
}
