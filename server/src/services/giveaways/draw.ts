import crypto from 'node:crypto';

export interface DrawPick {
  /** Zero-based position of the winner in the ascending list of entrant ids. */
  index: number;
  winnerId: number;
  entrantCount: number;
  fingerprint: string;
}

/** SHA-256 (hex) of the entrant ids sorted ascending, in decimal, joined with ",". */
export function entrantFingerprint(ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  return crypto.createHash('sha256').update(sorted.join(','), 'utf8').digest('hex');
}

/**
 * Picks one entrant uniformly at random. `crypto.randomInt` draws from the OS's CSPRNG without
 * modulo bias; it is looked up at call time so tests can observe that it is what picks.
 */
export function pickWinner(ids: readonly number[]): DrawPick {
  if (ids.length === 0) throw new Error('pickWinner needs at least one entrant');
  const sorted = [...ids].sort((a, b) => a - b);
  const index = crypto.randomInt(sorted.length);
  return {
    index,
    winnerId: sorted[index] as number,
    entrantCount: sorted.length,
    fingerprint: entrantFingerprint(sorted),
  };
}
