import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { REFERRAL_CODE_PATTERN } from '@site/contracts';
import type { Database } from '../../db/database';
import type { EntryInput } from './rules';
import { mailboxOf } from '../../lib/email-address';

/*
 * Referrals: every entry gets a personal link to share (`/giveaway/{id}?ref=CODE`). An entry made
 * through it, once it counts (accepted, and confirmed where confirmation is asked), gives the
 * entry that shared the link one bonus entry, up to the giveaway's referral cap. Who referred whom
 * stays private; only the total of bonus entries is public.
 */

type Db = Kysely<Database>;

/** Crockford's base 32, as receipts use: no I, L, O or U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 12;
const CODE = new RegExp(REFERRAL_CODE_PATTERN);

/** A new referral code: 60 random bits as 12 characters of Crockford's base 32. */
export function newReferralCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code;
}

/** The code as stored (upper case, trimmed), or null when it cannot be a referral code at all. */
export function normaliseReferralCode(text: string | undefined | null): string | null {
  const code = (text ?? '').trim().toUpperCase();
  return CODE.test(code) ? code : null;
}

export { mailboxOf };

/** Whether a referral would be the entrant referring themselves: same mailbox or same handle. */
export function isSelfReferral(
  referrer: { email: string; instagram_handle: string },
  entrant: EntryInput,
): boolean {
  return (
    mailboxOf(referrer.email) === mailboxOf(entrant.email) ||
    referrer.instagram_handle.toLowerCase() === entrant.instagram_handle.toLowerCase()
  );
}

/**
 * The entry whose link this entrant arrived by, or null when the code is malformed, belongs to
 * no entry of this giveaway (another giveaway's code included), belongs to a disqualified entry,
 * or is the entrant's own (see `isSelfReferral`). Such a code is ignored; the entry still counts.
 */
export async function findReferrer(
  db: Db,
  giveawayId: number,
  ref: string | undefined,
  entrant: EntryInput,
): Promise<number | null> {
  const code = normaliseReferralCode(ref);
  if (code === null) return null;
  const referrer = await db
    .selectFrom('participants')
    .select(['id', 'email', 'instagram_handle'])
    .where('giveaway_id', '=', giveawayId)
    .where('referral_code', '=', code)
    .where('disqualified_at', 'is', null)
    .executeTakeFirst();
  if (!referrer || isSelfReferral(referrer, entrant)) return null;
  return referrer.id;
}

/**
 * Gives the referrer one bonus entry for a referred entry that has just come to count, unless it
 * already holds `cap` (a conditional write: concurrent credits never pass the cap) or was
 * disqualified. Runs in the transaction that made the referred entry count, after the write on
 * the giveaway row that checked entries were open, so a referral counts only while they are.
 */
export async function creditReferrer(trx: Db, referrerId: number, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  const credited = await trx
    .updateTable('participants')
    .set((eb) => ({ bonus_entries: eb('bonus_entries', '+', 1) }))
    .where('id', '=', referrerId)
    .where('bonus_entries', '<', cap)
    .where('disqualified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return credited !== undefined;
}

/** How many confirmed, not disqualified entries this entry has referred. */
async function countingReferrals(trx: Db, id: number): Promise<number> {
  const row = await trx
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('referred_by', '=', id)
    .where('confirmed_at', 'is not', null)
    .where('disqualified_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * After referred entries stopped counting (disqualified or erased), each referrer keeps no more
 * bonus entries than it has referred entries that still count. A bonus taken back this way may be
 * made up by a referral that was over the cap; no bonus is ever added here.
 */
export async function recountBonus(trx: Db, referrerIds: readonly (number | null)[]) {
  const ids = [...new Set(referrerIds.filter((id): id is number => id !== null))];
  for (const id of ids) {
    const counting = await countingReferrals(trx, id);
    await trx
      .updateTable('participants')
      .set({ bonus_entries: counting })
      .where('id', '=', id)
      .where('bonus_entries', '>', counting)
      .execute();
  }
}

/**
 * After entries came back into the draw (a disqualification undone), each of these entries that
 * is not disqualified holds `min(cap, referred entries that count)` bonus entries again: what it
 * would hold had the disqualification never happened. Only ever adds.
 */
export async function restoreBonus(trx: Db, ids: readonly (number | null)[], cap: number) {
  if (cap <= 0) return;
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  for (const id of unique) {
    const due = Math.min(cap, await countingReferrals(trx, id));
    await trx
      .updateTable('participants')
      .set({ bonus_entries: due })
      .where('id', '=', id)
      .where('disqualified_at', 'is', null)
      .where('bonus_entries', '<', due)
      .execute();
  }
}
