import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Dialect } from '../../db/dialect';
import { conflict, notFound } from '../../lib/http-error';
import { formatDate } from '../../lib/dates';
import { HANDLE_TAKEN_CODE } from '@site/contracts';
import { newReceipt, receiptHash, sha256Hex } from './draw';
import { creditReferrer, findReferrer, mailboxOf, newReferralCode } from './referrals';
import { deriveState, type EntryInput } from './rules';
import {
  type Claimed,
  claimEntry,
  type Duplicate,
  duplicateOf,
  EntryRefused,
  freezeIfFull,
  HANDLE_TAKEN_HELP,
} from './entry-claim';
import { CONFIRM_WINDOW_MS, newConfirmToken } from './confirmations';
import { type Db, notFoundSentence } from './shared';

/*
 * Storing one entry: the claim on the giveaway and the entry's row, committed together, and the
 * refusals (a duplicate, entries closed, the rules changed) said after the fact.
 */

/** Whether an insert hit the unique index on referral codes (either dialect's error shape). */
function duplicateCode(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as Record<string, unknown>;
  if (code !== '23505' && code !== 'SQLITE_CONSTRAINT_UNIQUE') return false;
  const where = `${String(constraint ?? '')} ${String(message ?? '')}`;
  return (
    where.includes('participants_referral_code_idx') || where.includes('participants.referral_code')
  );
}

const handleTaken = (input: EntryInput) =>
  `The Instagram handle @${input.instagram_handle} has already entered this giveaway; each handle can enter once. ${HANDLE_TAKEN_HELP}`;

/**
 * The address's mailbox already has an entry that counts. Answered like an entry, and that
 * mailbox is told by mail (see `participate` in entries.ts), so the answer tells nobody whether
 * it entered.
 */
export class AlreadyEntered extends Error {}

/**
 * Which of the address's mailbox and the handle an entry that counts (confirmed, or made where
 * no confirmation is asked) already holds. Unconfirmed entries block no one: anyone can make one
 * with another person's address or handle.
 */
async function countingDuplicate(db: Db, id: number, input: EntryInput): Promise<Duplicate | null> {
  const row = await db
    .selectFrom('participants')
    .select('mailbox')
    .where('giveaway_id', '=', id)
    .where('confirmed_at', 'is not', null)
    .where((eb) => sameEntrant(eb, input))
    .executeTakeFirst();
  if (!row) return null;
  return row.mailbox === mailboxOf(input.email) ? 'email' : 'handle';
}

/** The refusal of a duplicate: the mailbox's is answered as an entry, the handle's said. */
function duplicateError(kind: Duplicate, input: EntryInput): Error {
  return kind === 'email' ? new AlreadyEntered() : conflict(handleTaken(input), HANDLE_TAKEN_CODE);
}

/** Why an entry was refused, read after the fact (for the message only; the write already decided). */
async function refusal(
  db: Db,
  id: number,
  input: EntryInput,
  today: string,
  rulesVersion: number | undefined,
): Promise<Error> {
  const row = await db.selectFrom('giveaways').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return notFound(notFoundSentence(id));
  const duplicate = await countingDuplicate(db, id, input);
  if (duplicate) return duplicateError(duplicate, input);

  const reason = deriveState(row, today).entries_closed_reason;
  if (reason === null && rulesVersion !== undefined && rulesVersion !== row.rules_version) {
    return conflict(
      `The rules of this giveaway changed while you were entering (you read version ${rulesVersion}; the current one is version ${row.rules_version}). Please read them again, then enter.`,
    );
  }
  switch (reason) {
    case 'winner_selected':
      return conflict(
        'The winner of this giveaway has already been drawn, so it no longer accepts entries.',
      );
    case 'ended':
      return conflict(
        `This giveaway ended on ${formatDate(row.end_date ?? '')}, so it no longer accepts entries.`,
      );
    case 'paused':
      return conflict(
        'Entries to this giveaway are paused by the organiser at the moment. Please check back later.',
      );
    case 'closed':
      return conflict(
        'Entries to this giveaway have closed and the entry list is frozen, so it no longer accepts entries.',
      );
    case 'not_started':
      return conflict(`This giveaway opens for entries on ${formatDate(row.start_date)}.`);
    case 'full':
      return conflict(
        `This giveaway is full: it has reached its maximum of ${row.max_participants ?? 0} participants.`,
      );
    default:
      return conflict('Your entry could not be recorded just now. Please try again.');
  }
}

export interface EntryReceipt {
  /** The code to give the entrant, e.g. "K7M2-9QXD-4HVA-PN3T"; only its hash is stored. */
  receipt: string;
  rules_version: number;
  /** The code of the entrant's personal link to share. */
  referral_code: string;
  /** Where the entry waits for confirmation: the mailed link's token and when it expires. */
  confirmation: { token: string; expires_at: string } | null;
}

/** Entries of this giveaway by the same address or the same handle (case-insensitive). */
function sameEntrant(eb: ExpressionBuilder<Database, 'participants'>, input: EntryInput) {
  return eb.or([
    eb('mailbox', '=', mailboxOf(input.email)),
    eb(eb.fn('lower', ['instagram_handle']), '=', input.instagram_handle.toLowerCase()),
  ]);
}

/**
 * Removes unconfirmed entries of this giveaway that expired and carry this address or handle:
 * they never counted, and they must not keep the address or handle from entering again.
 */
async function dropExpired(db: Db, id: number, input: EntryInput, at: string): Promise<void> {
  await db
    .deleteFrom('participants')
    .where('giveaway_id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('disqualified_at', 'is', null)
    .where('confirm_expires_at', '<', at)
    .where((eb) => sameEntrant(eb, input))
    .execute();
}

/** What an entry keeps of its client for the desk's flags; null where unknown. */
export type EntrySignals = { network_hash: string | null; agent_hash: string | null };

/**
 * Records one entry with the hash of a fresh receipt code, the rules version accepted, a referral
 * code of its own, and (where the giveaway asks for confirmation) the hash of a confirmation
 * token, unconfirmed. The claim and the insert commit together or not at all, so a duplicate
 * rolls the claim back and the counter always equals the entries that count.
 *
 * Without a referrer on PostgreSQL they are one statement (the claim in a data-modifying WITH):
 * one round trip, and the giveaway row's lock, which every entry on that giveaway queues behind,
 * is held for that one statement and its commit only. Otherwise (SQLite, which has no UPDATE
 * inside WITH, or an entry made through someone's link) they are statements in one transaction
 * whose first is the claim, so the referrer's bonus is credited while the giveaway row is held:
 * concurrent referrals queue, each sees the bonus the previous one left, and none lands after
 * entries closed. The entry that fills the giveaway then freezes its list.
 */
export async function enterGiveaway(
  db: Db,
  id: number,
  input: EntryInput,
  context: {
    /** The database's dialect: PostgreSQL takes an entry without a referrer in one statement. */
    dialect: Dialect;
    today: string;
    now: Date;
    rulesVersion?: number;
    ref?: string;
    /** Keyed digests of the client's network and browser (see flags.ts), for the desk. */
    signals?: EntrySignals;
    /** The entrant asked for the results mail after the draw. */
    resultsConsent?: boolean;
  },
): Promise<EntryReceipt> {
  const resultsConsent = context.resultsConsent === true ? 1 : 0;
  const signals = context.signals ?? { network_hash: null, agent_hash: null };
  const createdAt = context.now.toISOString();
  const expiresAt = new Date(context.now.getTime() + CONFIRM_WINDOW_MS).toISOString();
  const receipt = newReceipt();
  const hash = receiptHash(receipt);
  const token = newConfirmToken();
  const tokenHash = sha256Hex(token);
  const referrer = await findReferrer(db, id, context.ref, input);
  await dropExpired(db, id, input, createdAt);
  const duplicate = await countingDuplicate(db, id, input);
  if (duplicate) throw duplicateError(duplicate, input);

  let claimed: Claimed;
  let referralCode = newReferralCode();
  for (let attempt = 1; ; attempt += 1) {
    try {
      claimed =
        context.dialect === 'postgres' && referrer === null
          ? await enterInOneStatement(db, id, input, context, {
              createdAt,
              expiresAt,
              hash,
              tokenHash,
              referralCode,
              signals,
              resultsConsent,
            })
          : await db.transaction().execute(async (trx) => {
              const row = await claimEntry(
                trx,
                id,
                context.today,
                context.rulesVersion,
              ).executeTakeFirst();
              if (!row) throw new EntryRefused();
              const pending = row.confirm_entries === 1;
              await trx
                .insertInto('participants')
                .values({
                  giveaway_id: id,
                  ...input,
                  mailbox: mailboxOf(input.email),
                  created_at: createdAt,
                  receipt_hash: hash,
                  rules_version: row.rules_version,
                  confirmed_at: pending ? null : createdAt,
                  confirm_token_hash: pending ? tokenHash : null,
                  confirm_expires_at: pending ? expiresAt : null,
                  referral_code: referralCode,
                  referred_by: referrer,
                  network_hash: signals.network_hash,
                  agent_hash: signals.agent_hash,
                  results_consent: resultsConsent,
                })
                .execute();
              if (!pending && referrer !== null)
                await creditReferrer(trx, referrer, row.referral_cap);
              return row;
            });
      break;
    } catch (error) {
      // A fresh referral code that happens to equal another entry's (60 random bits): draw again.
      if (duplicateCode(error) && attempt < 3) {
        referralCode = newReferralCode();
        continue;
      }
      const raced = duplicateOf(error);
      if (raced) throw duplicateError(raced, input);
      if (error instanceof EntryRefused)
        throw await refusal(db, id, input, context.today, context.rulesVersion);
      throw error;
    }
  }
  await freezeIfFull(db, id, claimed, createdAt);
  return {
    receipt,
    rules_version: claimed.rules_version,
    referral_code: referralCode,
    confirmation: claimed.confirm_entries === 1 ? { token, expires_at: expiresAt } : null,
  };
}

/** PostgreSQL: the claim and the insert as one statement (see `enterGiveaway`). */
async function enterInOneStatement(
  db: Db,
  id: number,
  input: EntryInput,
  context: { today: string; rulesVersion?: number },
  values: {
    createdAt: string;
    expiresAt: string;
    hash: string;
    tokenHash: string;
    referralCode: string;
    signals: EntrySignals;
    resultsConsent: number;
  },
): Promise<Claimed> {
  // Set only where the claimed giveaway asks for confirmation (or only where it does not).
  const whenPending = (value: string) =>
    sql<
      string | null
    >`case when claimed.confirm_entries = 1 then cast(${value} as text) else null end`;
  const unlessPending = (value: string) =>
    sql<
      string | null
    >`case when claimed.confirm_entries = 1 then null else cast(${value} as text) end`;
  const entered = await db
    .with('claimed', (qc) => claimEntry(qc, id, context.today, context.rulesVersion))
    .insertInto('participants')
    .columns([
      'giveaway_id',
      'email',
      'mailbox',
      'instagram_handle',
      'created_at',
      'receipt_hash',
      'rules_version',
      'confirmed_at',
      'confirm_token_hash',
      'confirm_expires_at',
      'referral_code',
      'network_hash',
      'agent_hash',
      'results_consent',
    ])
    .expression((eb) =>
      eb
        .selectFrom('claimed')
        .select([
          'claimed.id',
          eb.val(input.email).as('email'),
          eb.val(mailboxOf(input.email)).as('mailbox'),
          eb.val(input.instagram_handle).as('instagram_handle'),
          eb.val(values.createdAt).as('created_at'),
          eb.val(values.hash).as('receipt_hash'),
          'claimed.rules_version',
          unlessPending(values.createdAt).as('confirmed_at'),
          whenPending(values.tokenHash).as('confirm_token_hash'),
          whenPending(values.expiresAt).as('confirm_expires_at'),
          eb.val(values.referralCode).as('referral_code'),
          sql<string | null>`cast(${values.signals.network_hash} as text)`.as('network_hash'),
          sql<string | null>`cast(${values.signals.agent_hash} as text)`.as('agent_hash'),
          sql<number>`cast(${values.resultsConsent} as integer)`.as('results_consent'),
        ]),
    )
    .returning((eb) => [
      'rules_version',
      eb.selectFrom('claimed').select('claimed.participant_count').as('participant_count'),
      eb.selectFrom('claimed').select('claimed.max_participants').as('max_participants'),
      eb.selectFrom('claimed').select('claimed.confirm_entries').as('confirm_entries'),
    ])
    .executeTakeFirst();
  if (!entered) throw new EntryRefused();
  return {
    rules_version: entered.rules_version ?? 0,
    participant_count: Number(entered.participant_count),
    max_participants: entered.max_participants === null ? null : Number(entered.max_participants),
    confirm_entries: Number(entered.confirm_entries),
  };
}
