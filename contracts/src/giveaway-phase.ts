/*
 * How a giveaway's phase follows from why its entries are closed, shared by the server (which
 * derives the phase) and the site (which reads it from an older server's answer). No schema code:
 * the site's pages take it alone.
 */

/** The phases of a giveaway whose entries wait to open or reopen, by why they are closed. */
const WAITING_PHASES = {
  not_started: 'upcoming',
  paused: 'paused',
  full: 'full',
} as const;

/**
 * The phase of a giveaway whose entries are closed for `reason` while they may still open:
 * `upcoming` before the start date, `paused` by the owner, `full`; null for any other reason.
 */
export function waitingPhase(
  reason: string | null | undefined,
): (typeof WAITING_PHASES)[keyof typeof WAITING_PHASES] | null {
  return reason && Object.prototype.hasOwnProperty.call(WAITING_PHASES, reason)
    ? WAITING_PHASES[reason as keyof typeof WAITING_PHASES]
    : null;
}
