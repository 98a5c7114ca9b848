import type { ClaimLinkState } from '@site/contracts';

/**
 * What the server knows of a mailed link's page for this one request (the page is then private):
 * the confirmation page asked with a token, or the claim link's state (null: it could not be
 * asked; `problem`: a link of no draw of this giveaway, in the server's words).
 */
export type MailedLinkState =
  { kind: 'confirm-link' } | { kind: 'claim-link'; link: ClaimLinkState | null; problem?: string };

/** The state a mailed link's page is drawn with, or null (the page without a token). */
export function asMailedLinkState(value: unknown): MailedLinkState | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { kind?: unknown; link?: unknown; problem?: unknown };
  if (v.kind === 'confirm-link') return { kind: 'confirm-link' };
  if (v.kind !== 'claim-link') return null;
  const link =
    typeof v.link === 'object' &&
    v.link !== null &&
    typeof (v.link as ClaimLinkState).state === 'string'
      ? (v.link as ClaimLinkState)
      : null;
  return {
    kind: 'claim-link',
    link,
    ...(typeof v.problem === 'string' ? { problem: v.problem } : {}),
  };
}
