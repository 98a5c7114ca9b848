import type { ReceiptCheckResponse, SuccessMessage } from '@site/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import { receiptHash } from './draw';
import { type GiveawayMailer, receiptMail } from './mails';
import { NO_MAIL_MESSAGE, RECEIPT_MAILED_MESSAGE } from './mapper';
import { getGiveaway } from './listing';
import { entryByHash, notFoundSentence } from './shared';
import { typedReceipt, UNKNOWN_RECEIPT } from './confirmations';

/*
 * An entrant's receipt code: whether it belongs to an entry and where that entry stands (in the
 * frozen list, drawn), and mailing it again to the address the entry was made with.
 */

type Db = Kysely<Database>;

/** Whether a receipt code belongs to an entry of this giveaway, and its place in the frozen list. */
export async function checkReceipt(
  db: Db,
  id: number,
  typed: string,
): Promise<ReceiptCheckResponse> {
  const receipt = typedReceipt(typed);
  const g = await db
    .selectFrom('giveaways')
    .select(['id', 'frozen_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!g) throw notFound(notFoundSentence(id));
  const hash = receiptHash(receipt);
  const entry = await entryByHash(db, id, 'receipt_hash', hash, [
    'id',
    'created_at',
    'rules_version',
    'confirmed_at',
    'confirm_expires_at',
    'disqualified_at',
    'bonus_entries',
  ]);
  const line = g.frozen_at
    ? await db
        .selectFrom('giveaway_frozen_entries')
        .select('position')
        .where('giveaway_id', '=', id)
        .where('receipt_hash', '=', hash)
        .executeTakeFirst()
    : undefined;
  const found = Boolean(entry || line);
  const counts =
    entry !== undefined && entry.confirmed_at !== null && entry.disqualified_at === null;
  let message: string;
  if (!found) {
    message = UNKNOWN_RECEIPT;
  } else if (line) {
    message = `Yes: your entry is in the frozen entry list, at position ${line.position + 1}, so it is in the draw.`;
  } else if (entry && entry.confirmed_at === null) {
    if (g.frozen_at !== null) {
      message =
        'Your entry was not confirmed before entries closed, so it does not count and is not in the draw.';
    } else if (
      entry.confirm_expires_at !== null &&
      entry.confirm_expires_at < new Date().toISOString()
    ) {
      message =
        'Your entry was never confirmed and has expired, so it does not count and is not in the draw.';
    } else {
      message =
        'Your entry is recorded but not confirmed yet: it counts only once you open the confirmation link we mailed you.';
    }
  } else {
    message =
      'Yes: your entry is recorded. When entries close it goes into the frozen list that the winner is drawn from.';
  }
  return {
    found,
    message,
    receipt,
    receipt_hash: hash,
    entered_at: entry?.created_at ?? null,
    rules_version: entry?.rules_version ?? null,
    frozen: g.frozen_at !== null,
    position: line ? line.position : null,
    confirmed: entry ? entry.confirmed_at !== null : Boolean(line),
    // 1 plus its bonus entries for referrals while the entry counts; an erased entry's line
    // in the frozen list still counts once.
    entries: counts ? 1 + (entry?.bonus_entries ?? 0) : line ? 1 : 0,
    bonus_entries: counts ? (entry?.bonus_entries ?? 0) : 0,
    won:
      entry !== undefined && entry.disqualified_at === null && (await holdsPlace(db, id, entry.id)),
  };
}

/**
 * Whether the entry `participantId` holds a place of the draw now: it was drawn for a place and
 * that place's latest round is its own (a place drawn again and won by it counts; one drawn again
 * away from it does not).
 */
async function holdsPlace(db: Db, id: number, participantId: number): Promise<boolean> {
  const rounds = await db
    .selectFrom('giveaway_draw_rounds')
    .select(['round', 'place'])
    .where('giveaway_id', '=', id)
    .where('participant_id', '=', participantId)
    .execute();
  for (const mine of rounds) {
    const latest = await db
      .selectFrom('giveaway_draw_rounds')
      .select((eb) => eb.fn.max('round').as('round'))
      .where('giveaway_id', '=', id)
      .where('place', '=', mine.place)
      .executeTakeFirst();
    if (Number(latest?.round ?? mine.round) === Number(mine.round)) return true;
  }
  return false;
}

/** The entry a receipt code belongs to (the code as the site writes it), or null. */
export async function entryForReceipt(
  db: Db,
  id: number,
  typed: string,
): Promise<{ email: string; receipt: string; rules_version: number | null } | null> {
  const receipt = typedReceipt(typed);
  const entry = await entryByHash(db, id, 'receipt_hash', receiptHash(receipt), [
    'email',
    'rules_version',
  ]);
  return entry ? { ...entry, receipt } : null;
}

/**
 * Mails a receipt again to the address its entry was made with. The answer is the same whether
 * or not the code matched, so it tells nobody who entered; the cool-down of the mail limits
 * holds for a typed code whether or not it matched, the mailbox's ceiling only for a match.
 */
export async function mailReceiptAgain(
  db: Db,
  id: number,
  receipt: string,
  mail: GiveawayMailer,
): Promise<SuccessMessage> {
  if (!mail.smtp) throw conflict(NO_MAIL_MESSAGE);
  const entry = await entryForReceipt(db, id, receipt);
  const about = `receipt:${id}:${receiptHash(typedReceipt(receipt))}`;
  await mail.limits.allow({ about, to: entry?.email });
  if (entry) {
    const g = await getGiveaway(db, id);
    await mail.mailer.send(
      receiptMail({
        to: entry.email,
        title: g.title,
        receipt: entry.receipt,
        rulesVersion: entry.rules_version ?? g.rules_version,
        giveawayId: id,
        publicUrl: mail.publicUrl,
      }),
    );
  }
  return { success: true, message: RECEIPT_MAILED_MESSAGE };
}
