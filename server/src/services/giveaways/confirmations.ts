import crypto from 'node:crypto';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { formatDate, formatDeadline, todayIn } from '../../lib/dates';
import type { ConfirmEntryResponse, SuccessMessage } from '@site/contracts';
import { HANDLE_TAKEN_CODE } from '@site/contracts';
import { normaliseReceipt, receiptHash, sha256Hex } from './draw';
import { confirmEntryMail, type GiveawayMailer } from './mails';
import { creditReferrer } from './referrals';
import { deriveState } from './rules';
import {
  type Claimed,
  claimEntry,
  duplicateOf,
  EntryRefused,
  freezeIfFull,
  HANDLE_TAKEN_HELP,
} from './entry-claim';
import { getGiveaway } from './listing';
import { type Db, entryByHash, notFoundSentence } from './shared';

/*
 * Confirming an entry's address with the mailed link (the entry counts from then on), mailing the
 * link again, and reading a typed receipt code.
 */

/** How long an unconfirmed entry waits for its address to be confirmed before it expires. */
export const CONFIRM_WINDOW_MS = 48 * 60 * 60 * 1000;

/** A confirmation link's token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newConfirmToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Thrown inside a confirmation's transaction to roll it back when the entry changed meanwhile. */
class ConfirmRaced extends Error {}

const EXPIRED_UNCONFIRMED =
  'an entry must be confirmed within 48 hours, so this one does not count. If entries are still open, you can enter again.';

const DISQUALIFIED_UNCONFIRMABLE =
  'This entry was disqualified by the organiser, so it cannot be confirmed.';

const UNKNOWN_CONFIRMATION =
  'This confirmation link is not known. Open the link exactly as it was mailed (some mail programs split long links across lines); an entry that expired unconfirmed and was made again has a new link.';

/**
 * Confirms an entry's address with the token from the mailed link. The entry then counts: a
 * conditional write on the giveaway row (entries open, below the cap) bumps the counter, the
 * entry is marked confirmed (only if still unconfirmed and not expired), and its referrer is
 * credited, all in one transaction. Answers 200 when confirmed now or already; 404 for an unknown
 * token, 410 when it expired, 409 when entries closed (or the giveaway filled up) first.
 */
export async function confirmEntry(
  db: Db,
  id: number,
  typedToken: string,
  context: { now: Date; timeZone: string },
): Promise<ConfirmEntryResponse> {
  const at = context.now.toISOString();
  const today = todayIn(context.timeZone, context.now);
  const tokenHash = sha256Hex(typedToken.trim());
  const find = () =>
    entryByHash(db, id, 'confirm_token_hash', tokenHash, [
      'id',
      'confirmed_at',
      'confirm_expires_at',
      'disqualified_at',
      'referred_by',
      'instagram_handle',
    ]);
  const entry = await find();
  if (!entry) {
    await getGiveaway(db, id);
    throw notFound(UNKNOWN_CONFIRMATION);
  }
  const already: ConfirmEntryResponse = {
    status: 'already_confirmed',
    message: 'Your entry was already confirmed. It counts; nothing more to do.',
  };
  if (entry.confirmed_at !== null) return already;
  if (entry.disqualified_at !== null) {
    throw conflict(DISQUALIFIED_UNCONFIRMABLE);
  }
  if (entry.confirm_expires_at !== null && entry.confirm_expires_at < at) {
    throw new HttpError(410, `This confirmation link expired: ${EXPIRED_UNCONFIRMED}`);
  }
  let claimed: Claimed;
  try {
    claimed = await db.transaction().execute(async (trx) => {
      const row = await claimEntry(trx, id, today, undefined, 'confirmation').executeTakeFirst();
      if (!row) throw new EntryRefused();
      const marked = await trx
        .updateTable('participants')
        .set({ confirmed_at: at })
        .where('id', '=', entry.id)
        .where('confirmed_at', 'is', null)
        .where('disqualified_at', 'is', null)
        .where('confirm_expires_at', '>=', at)
        .returning('id')
        .executeTakeFirst();
      if (!marked) throw new ConfirmRaced();
      if (entry.referred_by !== null)
        await creditReferrer(trx, entry.referred_by, row.referral_cap);
      return row;
    });
  } catch (error) {
    if (error instanceof ConfirmRaced) {
      // Another request confirmed it (or it expired) in the meantime: answer as that one left it.
      return confirmEntry(db, id, typedToken, context);
    }
    if (error instanceof EntryRefused) throw await confirmRefusal(db, id, today);
    // Another entry with this mailbox or handle was confirmed first: only one of them counts.
    const taken = duplicateOf(error);
    if (taken === 'email')
      throw conflict(
        'An entry from this mailbox was confirmed first, so this one cannot count: each person can enter once.',
      );
    if (taken === 'handle')
      throw conflict(
        `Another entry with the Instagram handle @${entry.instagram_handle} was confirmed first, so this one cannot count. ${HANDLE_TAKEN_HELP}`,
        HANDLE_TAKEN_CODE,
      );
    throw error;
  }
  await freezeIfFull(db, id, claimed, at);
  return {
    status: 'confirmed',
    message: 'Your entry is confirmed. It counts now. Good luck!',
  };
}

/** Why a confirmation came too late to count (entries closed or the giveaway filled up first). */
async function confirmRefusal(db: Db, id: number, today: string): Promise<HttpError> {
  const row = await db.selectFrom('giveaways').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return notFound(notFoundSentence(id));
  const reason = deriveState(row, today).entries_closed_reason;
  if (reason === 'full') {
    return conflict(
      `This giveaway filled up (${row.max_participants ?? 0} confirmed entries) before your entry was confirmed, so it does not count.`,
    );
  }
  if (reason === 'paused') {
    return conflict(
      'Entries to this giveaway are paused by the organiser at the moment, so your entry cannot be confirmed now. Please open the link again later, before it expires.',
    );
  }
  if (reason === 'not_started') {
    return conflict(`This giveaway opens for entries on ${formatDate(row.start_date)}.`);
  }
  return conflict(
    'Entries to this giveaway closed before your entry was confirmed, so it does not count.',
  );
}

/** The receipt code a person typed, normalised (400 when it cannot be one). */
export function typedReceipt(typed: string): string {
  const receipt = normaliseReceipt(typed);
  if (!receipt) {
    throw badRequest(
      'That is not a receipt code: a receipt has 16 letters and digits, like K7M2-9QXD-4HVA-PN3T.',
    );
  }
  return receipt;
}

export const CONFIRMATION_LINK_NEEDS_MAIL =
  'This site cannot send e-mail at the moment, so no confirmation link can be sent. Please try again later; your entry waits until its deadline.';

export const UNKNOWN_RECEIPT =
  'No entry of this giveaway has this receipt code. Check that you typed it as shown and that this is the giveaway you entered.';

/**
 * Mails the entrant of an unconfirmed entry, named by its receipt code, a new confirmation link:
 * for a mail that never arrived or was deleted. Only the new link works afterwards (only the
 * token's hash is stored, so the old one cannot be sent again), and the entry's deadline stays
 * as it was: sending again never extends the 48 hours. Refused (409) while no mail server is
 * configured, since the link would only wait in the outbox. 404 for an unknown receipt, 409 once confirmed,
 * disqualified or after the entry list is frozen, 410 after the deadline, 429 when the mail
 * limits (`MailLimits`) hold it back.
 */
export async function mailConfirmationAgain(
  db: Db,
  id: number,
  typed: string,
  context: { now: Date; mail: GiveawayMailer },
): Promise<SuccessMessage> {
  if (!context.mail.smtp) throw conflict(CONFIRMATION_LINK_NEEDS_MAIL);
  const receipt = typedReceipt(typed);
  const g = await getGiveaway(db, id);
  const entry = await entryByHash(db, id, 'receipt_hash', receiptHash(receipt), [
    'id',
    'email',
    'confirmed_at',
    'confirm_expires_at',
    'disqualified_at',
  ]);
  if (!entry) throw notFound(UNKNOWN_RECEIPT);
  if (entry.confirmed_at !== null)
    throw conflict('Your entry is already confirmed. It counts; nothing more to do.');
  if (entry.disqualified_at !== null) throw conflict(DISQUALIFIED_UNCONFIRMABLE);
  if (g.frozen_at !== null) {
    throw conflict(
      'Entries to this giveaway have closed, so an entry that was not confirmed in time can no longer count.',
    );
  }
  const at = context.now.toISOString();
  const expiresAt = entry.confirm_expires_at;
  if (expiresAt === null || expiresAt < at) {
    throw new HttpError(410, `Your entry was not confirmed in time: ${EXPIRED_UNCONFIRMED}`);
  }
  const { mail } = context;
  await mail.limits.allow({ about: `entry:${entry.id}:confirmation`, to: entry.email });
  const token = newConfirmToken();
  const changed = await db
    .updateTable('participants')
    .set({ confirm_token_hash: sha256Hex(token) })
    .where('id', '=', entry.id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  // Confirmed through the earlier link in the meantime: say so instead of mailing a new one.
  if (Number(changed.numUpdatedRows) === 0) return mailConfirmationAgain(db, id, receipt, context);
  try {
    await mail.mailer.send(
      confirmEntryMail({
        to: entry.email,
        title: g.title,
        giveawayId: id,
        token,
        expiresAt,
        timeZone: mail.timeZone,
        publicUrl: mail.publicUrl,
      }),
    );
  } catch (error) {
    mail.log.error({ giveawayId: id, err: error }, 'confirmation link could not be sent again');
    throw new HttpError(
      503,
      'The confirmation link could not be sent just now. Please try again in a few minutes.',
    );
  }
  return {
    success: true,
    message: `We sent a new confirmation link to the address you entered with; the earlier link no longer works. Open it by ${formatDeadline(expiresAt, mail.timeZone)}.`,
  };
}
