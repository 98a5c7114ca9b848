import { ApiError } from '@/lib/api-client';

/** What confirming an entry with its mailed link said, as the confirmation page words it. */
export type ConfirmOutcome =
  | { kind: 'working' }
  | { kind: 'confirmed' | 'already_confirmed'; message: string }
  | { kind: 'expired' | 'unknown' | 'refused' | 'failed'; message: string };

export const CONFIRM_TITLES: Record<Exclude<ConfirmOutcome['kind'], 'working'>, string> = {
  confirmed: 'Entry confirmed',
  already_confirmed: 'Already confirmed',
  expired: 'This link has expired',
  unknown: 'This link is not known',
  refused: 'Your entry could not be confirmed',
  failed: 'Something went wrong',
};

/** The outcome of a refused or failed confirmation, from the API's error (`cause`). */
export function confirmOutcomeOf(cause: unknown): ConfirmOutcome {
  const status = cause instanceof ApiError ? cause.status : 0;
  const detail = cause instanceof ApiError ? cause.detail : undefined;
  if (status === 410 && detail) return { kind: 'expired', message: detail };
  if (status === 404 && detail) return { kind: 'unknown', message: detail };
  if ((status === 409 || status === 400) && detail) return { kind: 'refused', message: detail };
  return {
    kind: 'failed',
    message:
      'Your entry could not be confirmed just now. Please check your connection and try again.',
  };
}
