import { badRequest, conflict, HttpError } from '../../lib/http-error';
import { formatDeadline, todayIn } from '../../lib/dates';
import type { Dialect } from '../../db/dialect';
import type { EntryPayload, EntryResponse, Giveaway } from '@site/contracts';
import { newReceipt, receiptHash, sha256Hex } from './draw';
import { alreadyEnteredMail, confirmEntryMail, type GiveawayMailer, receiptMail } from './mails';
import { mailboxOf, newReferralCode } from './referrals';
import { acceptRulesMessage, enteredMessage } from './mapper';
import { type EntryInput, validateEntry } from './rules';
import { CONFIRM_WINDOW_MS } from './confirmations';
import {
  AlreadyEntered,
  type EntryReceipt,
  type EntrySignals,
  enterGiveaway,
} from './entry-record';
import { getGiveaway } from './listing';
import type { Db } from './shared';

/*
 * A visitor entering a giveaway: the entry stored (see entry-record.ts), then its mails (the
 * confirmation link, the receipt) under the mail limits; an address that already entered gets the
 * answer of a new entry and a mail, so the page tells nobody who entered.
 */

/**
 * Entering a giveaway that asks for confirmation by e-mail while no mail can leave: the entry
 * would wait for a link that never arrives, so none is taken.
 */
export const ENTRY_NEEDS_MAIL =
  'This giveaway asks each entrant to confirm their entry through a link sent by e-mail, and this site cannot send e-mail at the moment, so entries cannot be taken just now. Please try again later.';

/**
 * The answer to a hit on the entry form's honeypot: the words of a real entry, with a receipt that
 * matches nothing. Nothing is stored.
 */
export function decoyEntry(rulesVersion: number | undefined): EntryResponse {
  const receipt = newReceipt();
  return {
    success: true,
    message: enteredMessage(receipt),
    receipt,
    rules_version: rulesVersion ?? 1,
    referral_code: newReferralCode(),
    confirmation_pending: false,
    confirm_by: null,
  };
}

/**
 * Enters a visitor who accepted the rules. The receipt goes by mail only through a real mail
 * server: kept in the outbox it would only pile up entrants' addresses there. A giveaway that
 * asks for confirmation takes entries only while mail can leave (409 otherwise): its entries
 * count only once confirmed through the mailed link.
 */
export async function participate(
  db: Db,
  id: number,
  body: EntryPayload,
  context: { dialect: Dialect; now: Date; mail: GiveawayMailer; signals?: EntrySignals },
): Promise<EntryResponse> {
  const input = validateEntry(body);
  if (body.accept_rules !== true) {
    throw badRequest(acceptRulesMessage((await getGiveaway(db, id)).min_age));
  }
  const { mail } = context;
  if (!mail.smtp && (await getGiveaway(db, id)).confirm_entries) throw conflict(ENTRY_NEEDS_MAIL);
  let entry: EntryReceipt;
  try {
    entry = await enterGiveaway(db, id, input, {
      dialect: context.dialect,
      today: todayIn(context.mail.timeZone, context.now),
      now: context.now,
      rulesVersion: body.rules_version,
      ref: body.ref,
      ...(context.signals ? { signals: context.signals } : {}),
      resultsConsent: body.notify_results === true,
    });
  } catch (error) {
    if (error instanceof AlreadyEntered) return enteredAlready(db, id, input, context);
    throw error;
  }
  if (entry.confirmation) {
    // Unconfirmed entries block no one, so anyone could make many with one address: each
    // confirmation mail passes the mail limits, and an entry whose mail is held back is not kept.
    try {
      await mail.limits.allow({ about: enteredKey(id, input), to: input.email });
    } catch (error) {
      await db
        .deleteFrom('participants')
        .where('giveaway_id', '=', id)
        .where('receipt_hash', '=', receiptHash(entry.receipt))
        .where('confirmed_at', 'is', null)
        .execute();
      throw error;
    }
  }
  if (mail.smtp || entry.confirmation) {
    const g = await getGiveaway(db, id);
    try {
      if (entry.confirmation) {
        await mail.mailer.send(
          confirmEntryMail({
            to: input.email,
            title: g.title,
            giveawayId: id,
            token: entry.confirmation.token,
            expiresAt: entry.confirmation.expires_at,
            timeZone: mail.timeZone,
            publicUrl: mail.publicUrl,
          }),
        );
      }
      if (mail.smtp) {
        await mail.mailer.send(
          receiptMail({
            to: input.email,
            title: g.title,
            receipt: entry.receipt,
            rulesVersion: entry.rules_version,
            giveawayId: id,
            publicUrl: mail.publicUrl,
          }),
        );
      }
    } catch (error) {
      // The entry is stored; a mail that could not even be kept must not turn it into an error.
      mail.log.error(
        { giveawayId: id, err: error },
        'giveaway entry mail could not be sent or kept',
      );
    }
  }
  return {
    success: true,
    message: entry.confirmation
      ? pendingMessage(entry.receipt, entry.confirmation.expires_at, mail.timeZone)
      : enteredMessage(entry.receipt),
    receipt: entry.receipt,
    rules_version: entry.rules_version,
    referral_code: entry.referral_code,
    confirmation_pending: entry.confirmation !== null,
    confirm_by: entry.confirmation?.expires_at ?? null,
  };
}

/** The mail limits' cool-down of one mailbox's entry mails in one giveaway. */
const enteredKey = (id: number, input: EntryInput) =>
  `entered:${id}:${sha256Hex(mailboxOf(input.email))}`;

/**
 * The answer to an address whose mailbox already entered: the words and shape of a new entry
 * (a receipt that matches nothing), so the page tells nobody who entered; the mailbox itself is
 * told by mail when a mail server is configured, which passes the mail limits (held back,
 * nothing more is said).
 */
async function enteredAlready(
  db: Db,
  id: number,
  input: EntryInput,
  context: { now: Date; mail: GiveawayMailer },
): Promise<EntryResponse> {
  const { mail } = context;
  const g = await getGiveaway(db, id);
  // Without a mail server the mail would only wait in the outbox: nothing is sent.
  if (mail.smtp) await mailAlreadyEntered(db, id, input, g, mail);
  const decoy = decoyEntry(g.rules_version);
  if (!g.confirm_entries) return decoy;
  const expiresAt = new Date(context.now.getTime() + CONFIRM_WINDOW_MS).toISOString();
  return {
    ...decoy,
    message: pendingMessage(decoy.receipt, expiresAt, mail.timeZone),
    confirmation_pending: true,
    confirm_by: expiresAt,
  };
}

/** Tells a mailbox that already entered, by mail, under the mail limits (held back silently). */
async function mailAlreadyEntered(
  db: Db,
  id: number,
  input: EntryInput,
  g: Pick<Giveaway, 'title' | 'referral_cap'>,
  mail: GiveawayMailer,
): Promise<void> {
  try {
    await mail.limits.allow({
      about: enteredKey(id, input),
      to: input.email,
    });
    // The mailbox's own entry (the one that counts), for its personal link: a way back for an
    // entrant on another browser, told only to the mailbox.
    const first = await db
      .selectFrom('participants')
      .select('referral_code')
      .where('giveaway_id', '=', id)
      .where('mailbox', '=', mailboxOf(input.email))
      .where('confirmed_at', 'is not', null)
      .where('disqualified_at', 'is', null)
      .executeTakeFirst();
    await mail.mailer.send(
      alreadyEnteredMail({
        to: input.email,
        title: g.title,
        giveawayId: id,
        publicUrl: mail.publicUrl,
        referralCode: g.referral_cap > 0 ? (first?.referral_code ?? null) : null,
      }),
    );
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 429))
      mail.log.error(
        { giveawayId: id, err: error },
        'already-entered mail could not be sent or kept',
      );
  }
}

const pendingMessage = (receipt: string, expiresAt: string, timeZone: string) =>
  `Almost there: we sent you an e-mail with a link to confirm your entry. It counts only once confirmed, so open the link by ${formatDeadline(expiresAt, timeZone)}. Your receipt code is ${receipt}; keep it to check that your entry is in the draw.`;
