import type { QueryCreator } from 'kysely';
import type { Database } from '../../db/database';
import { SYSTEM } from './change-log';
import { freezeWithin } from './freeze';
import type { Db } from './shared';

/*
 * The claim on a giveaway for one entry that counts, shared by entering and by confirming an
 * entry's address: the conditional write on the giveaway row, the unique indexes it can hit, and
 * the freeze when the entry took the last place.
 */

/** Thrown inside the entry transaction to roll it back when the conditional claim matched nothing. */
export class EntryRefused extends Error {}

/** Which of an entrant's keys another entry already holds: the mailbox or the handle. */
export type Duplicate = 'email' | 'handle';

/** Which per-giveaway unique index an insert hit, in either dialect's error shape. */
export function duplicateOf(error: unknown): Duplicate | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code !== '23505' && code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  const where = `${String(constraint ?? '')} ${String(message ?? '')}`;
  if (where.includes('participants_giveaway_mailbox_key') || where.includes('participants.mailbox'))
    return 'email';
  if (where.includes('participants_giveaway_handle_key')) return 'handle';
  return null;
}

/** What the owner of a handle someone else entered with can do about it. */
export const HANDLE_TAKEN_HELP =
  'If it is yours and you did not enter, tell the organiser with the report form: the entry can be disqualified.';

/**
 * The claim on a giveaway for one entry: a conditional UPDATE (open, started, not ended, not
 * frozen, not drawn, below the cap, and on the rules version the entrant read) that returns what
 * the entry records when it matched. `counts`: 'entry' bumps the counter only where no
 * confirmation is asked (an unconfirmed entry does not count yet); 'confirmation' bumps it for an
 * entry whose address was just confirmed. Either way the cap is checked against the entries that
 * count, so it holds whichever comes first.
 */
export function claimEntry(
  db: QueryCreator<Database>,
  id: number,
  today: string,
  rulesVersion: number | undefined,
  counts: 'entry' | 'confirmation' = 'entry',
) {
  let claim = db
    .updateTable('giveaways')
    .set((eb) => ({
      participant_count:
        counts === 'confirmation'
          ? eb('participant_count', '+', 1)
          : eb('participant_count', '+', eb(eb.val(1), '-', eb.ref('confirm_entries'))),
    }))
    .where('id', '=', id)
    .where('winner_id', 'is', null)
    .where('draw_round', 'is', null)
    .where('frozen_at', 'is', null)
    .where('is_accepting', '=', 1)
    .where('start_date', '<=', today)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .where((eb) =>
      eb.or([
        eb('max_participants', 'is', null),
        eb('participant_count', '<', eb.ref('max_participants')),
      ]),
    );
  if (rulesVersion !== undefined) claim = claim.where('rules_version', '=', rulesVersion);
  return claim.returning([
    'id',
    'rules_version',
    'participant_count',
    'max_participants',
    'confirm_entries',
    'referral_cap',
  ]);
}

/** What a claim returns that the entry and the freeze need. */
export type Claimed = {
  rules_version: number;
  participant_count: number;
  max_participants: number | null;
  confirm_entries: number;
};

/** The entry that took the last place freezes the list. */
export async function freezeIfFull(
  db: Db,
  id: number,
  claimed: Pick<Claimed, 'participant_count' | 'max_participants'>,
  at: string,
): Promise<void> {
  if (claimed.max_participants !== null && claimed.participant_count >= claimed.max_participants) {
    await db.transaction().execute((trx) => freezeWithin(trx, id, 'full', at, SYSTEM));
  }
}
