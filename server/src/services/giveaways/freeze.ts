import type { Kysely } from 'kysely';
import type { Database, FrozenReason } from '../../db/database';
import { type Actor, logChange } from './change-log';
import { listFingerprint, WEIGHTED_ALGORITHM, weightedFingerprint } from './draw';

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

const REASON_WORDS: Record<FrozenReason, string> = {
  ended: 'the end date passed',
  full: 'the giveaway was full',
  stopped: 'the owner closed entries for good',
  drawn: 'the winner was drawn',
};

/**
 * Freezes the entry list, once: the first statement is a conditional write on the giveaway row
 * (`frozen_at is null`), the same row every entry claims first, so an entry either committed
 * before it (and is in the list) or waits, re-checks and is refused. The list (receipt hashes in
 * entry order, each with its weight in the draw: 1 + the entry's bonus entries now) is copied into
 * giveaway_frozen_entries, where erasing an entrant's data later keeps its line, and its
 * fingerprint is stored. Only confirmed entries that were not disqualified are in it. Runs inside the caller's transaction; returns false
 * when the list was already frozen.
 */
export async function freezeWithin(
  trx: Kysely<Database>,
  giveawayId: number,
  reason: FrozenReason,
  at: string,
  actor: Actor,
): Promise<boolean> {
  const locked = await trx
    .updateTable('giveaways')
    .set({ frozen_at: at, frozen_reason: reason })
    .where('id', '=', giveawayId)
    .where('frozen_at', 'is', null)
    .returning(['id', 'algorithm'])
    .executeTakeFirst();
  if (!locked) return false;

  const entries = await trx
    .selectFrom('participants')
    .select(['id', 'receipt_hash', 'bonus_entries'])
    .where('giveaway_id', '=', giveawayId)
    // Disqualified entries left the draw when the owner removed them; unconfirmed ones never
    // counted.
    .where('disqualified_at', 'is', null)
    .where('confirmed_at', 'is not', null)
    .orderBy('id')
    .execute();
  // The one-winner method of lists frozen before weights existed reads every line as weight 1.
  const weighted = locked.algorithm === WEIGHTED_ALGORITHM;
  const lines = entries.map((entry) => ({
    receipt_hash: entry.receipt_hash,
    weight: weighted ? 1 + Math.max(0, entry.bonus_entries) : 1,
  }));
  for (let start = 0; start < entries.length; start += CHUNK) {
    await trx
      .insertInto('giveaway_frozen_entries')
      .values(
        entries.slice(start, start + CHUNK).map((entry, i) => ({
          giveaway_id: giveawayId,
          position: start + i,
          receipt_hash: entry.receipt_hash,
          participant_id: entry.id,
          weight: lines[start + i]?.weight ?? 1,
        })),
      )
      .execute();
  }
  const fingerprint = weighted
    ? weightedFingerprint(lines)
    : listFingerprint(entries.map((e) => e.receipt_hash));
  await trx
    .updateTable('giveaways')
    .set({ frozen_count: entries.length, frozen_fingerprint: fingerprint })
    .where('id', '=', giveawayId)
    .execute();
  await logChange(trx, {
    giveawayId,
    actor,
    action: 'frozen',
    summary: `Entries closed because ${REASON_WORDS[reason]}; the list of ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} was frozen (fingerprint ${fingerprint}).`,
    at,
  });
  return true;
}
