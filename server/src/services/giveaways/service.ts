import crypto from 'node:crypto';
import {
  type ExpressionBuilder,
  type Kysely,
  type QueryCreator,
  type Selectable,
  sql,
} from 'kysely';
import type { Database, FrozenReason, GiveawaysTable } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { type Actor, diffFields, listChanges, logChange, SYSTEM } from './change-log';
import { toCsv } from './csv';
import { formatDate, todayIn } from '../../lib/dates';
import type {
  ConfirmEntryResponse,
  EntryPayload,
  EntryResponse,
  Giveaway,
  SuccessMessage,
} from '@site/contracts';
import {
  commitmentOf,
  newReceipt,
  newSeed,
  normaliseReceipt,
  receiptHash,
  sha256Hex,
  WEIGHTED_ALGORITHM,
} from './draw';
import { freezeWithin } from './freeze';
import {
  alreadyEnteredMail,
  confirmEntryMail,
  formatDeadline,
  type GiveawayMailer,
  receiptMail,
} from './mails';
import {
  creditReferrer,
  findReferrer,
  mailboxOf,
  newReferralCode,
  recountBonus,
} from './referrals';
import {
  acceptRulesMessage,
  enteredMessage,
  entriesCount,
  type GiveawayRow,
  PARTICIPANT_CSV_HEADER,
  type ParticipantRow,
  type RoundRow,
  toGiveaway,
  toParticipantCsvRow,
} from './mapper';
import {
  deriveState,
  type EntryInput,
  FIXED_AFTER_FREEZE,
  type GiveawayInput,
  RULES_FIELDS,
  SETTABLE_FIELDS,
  validateEntry,
} from './rules';
import { writeRules } from './rules-store';
import { picturesByIds } from '../images/service';

/*
 * Giveaway persistence and the rules that need the database. Every state change that another
 * request could race is a single conditional write on the giveaway row, first in its transaction:
 * on PostgreSQL that write takes the row lock and re-checks its WHERE clause against the latest
 * committed row when it had to wait; on SQLite the write takes the database write lock and Kysely
 * runs one transaction at a time on its single connection. So entries, draws and toggles on one
 * giveaway happen one after another, each seeing what the previous one committed.
 */

type Db = Kysely<Database>;

export const DISQUALIFY_REASON =
  'Please give the reason for the disqualification; it is published.';

export const notFoundSentence = (id: number) =>
  `There is no giveaway with id ${id}; it may have been deleted.`;

/**
 * Why a write guarded by the giveaway's state matched no row: the giveaway is gone (404), or it is
 * in a state that forbids the write (409 with the sentence given).
 */
export async function goneOrConflict(
  db: Db,
  id: number,
  conflictSentence: string,
): Promise<HttpError> {
  const exists = await db
    .selectFrom('giveaways')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return exists ? conflict(conflictSentence) : notFound(notFoundSentence(id));
}

/**
 * Locks a giveaway's row for the rest of the transaction with a write that changes nothing (as
 * every entry, draw and toggle does first) and reads it; 404 when it is gone.
 */
export async function lockGiveaway(trx: Db, id: number): Promise<Selectable<GiveawaysTable>> {
  const row = await trx
    .updateTable('giveaways')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(notFoundSentence(id));
  return row;
}

/** A reason an admin must give because it is published; 400 with `sentence` when empty. */
export function publishedReason(reason: string, sentence: string): string {
  const why = reason.trim();
  if (!why) throw badRequest(sentence);
  return why;
}

/** The change-log field that records a published reason. */
export const reasonField = (why: string) => [{ field: 'reason', before: null, after: why }];

/** Giveaways joined with their winner and current draw round: the input of `toGiveaway`. */
function selectGiveaways(db: Db) {
  return db
    .selectFrom('giveaways as g')
    .leftJoin('participants as w', 'w.id', 'g.winner_id')
    .leftJoin('giveaway_draw_rounds as d', (join) =>
      join.onRef('d.giveaway_id', '=', 'g.id').onRef('d.round', '=', 'g.draw_round'),
    )
    .selectAll('g')
    .select([
      'w.email as winner_email',
      'w.instagram_handle as winner_handle',
      'd.eligible_count as draw_entrant_count',
      'd.fingerprint as draw_fingerprint',
      'd.position as draw_index',
      'd.drawn_by as draw_by',
      'd.drawn_at as draw_at',
      // The public total of bonus entries: those held by entries that count.
      (eb) =>
        eb
          .selectFrom('participants as b')
          .select((sub) =>
            sub.fn.coalesce(sub.fn.sum<number | string>('b.bonus_entries'), sub.lit(0)).as('total'),
          )
          .whereRef('b.giveaway_id', '=', 'g.id')
          .where('b.confirmed_at', 'is not', null)
          .where('b.disqualified_at', 'is', null)
          .as('bonus_entry_count'),
    ]);
}

/** Every draw round of these giveaways, oldest first, with the winner's handle (never the e-mail). */
export async function listRounds(db: Db, giveawayIds: readonly number[]): Promise<RoundRow[]> {
  if (giveawayIds.length === 0) return [];
  return db
    .selectFrom('giveaway_draw_rounds as r')
    .leftJoin('participants as p', 'p.id', 'r.participant_id')
    .select([
      'r.giveaway_id',
      'r.round',
      'r.place',
      'r.algorithm',
      'r.position',
      'r.eligible_count',
      'r.counter',
      'r.external_value',
      'r.fingerprint',
      'r.receipt_hash',
      'r.reason',
      'r.claim_deadline',
      'r.claimed_at',
      'r.drawn_at',
      'p.instagram_handle as winner_handle',
    ])
    .where('r.giveaway_id', 'in', giveawayIds)
    .orderBy('r.giveaway_id')
    .orderBy('r.round')
    .execute();
}

/** Newest first; archived giveaways only when asked (the admin's list). */
export async function listGiveaways(
  db: Db,
  { includeArchived = false }: { includeArchived?: boolean } = {},
): Promise<GiveawayRow[]> {
  let query = selectGiveaways(db);
  if (!includeArchived) query = query.where('g.archived', '=', 0);
  return query.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').execute();
}

export async function getGiveaway(db: Db, id: number): Promise<GiveawayRow> {
  const row = await selectGiveaways(db).where('g.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(notFoundSentence(id));
  return row;
}

/** What closes entries for good once it holds: the end date passed, or the cap is reached. */
export function closingReason(
  row: Pick<
    Selectable<GiveawaysTable>,
    'end_date' | 'max_participants' | 'participant_count' | 'frozen_at' | 'algorithm'
  >,
  today: string,
): FrozenReason | null {
  if (row.frozen_at !== null || row.algorithm === 'legacy') return null;
  if (row.end_date !== null && today > row.end_date) return 'ended';
  if (row.max_participants !== null && row.participant_count >= row.max_participants) return 'full';
  return null;
}

/**
 * Freezes the entry list of giveaways whose entries have closed by themselves (end date passed,
 * or full) but which nobody has touched since. Entries were already refused from the moment they
 * closed, so the list frozen now is the list as it was then. Returns whether anything changed.
 */
export async function freezeDue(
  db: Db,
  rows: readonly GiveawayRow[],
  today: string,
  now: Date,
): Promise<boolean> {
  let changed = false;
  for (const row of rows) {
    const reason = closingReason(row, today);
    if (!reason) continue;
    const frozen = await db
      .transaction()
      .execute((trx) => freezeWithin(trx, row.id, reason, now.toISOString(), SYSTEM));
    changed = changed || frozen;
  }
  return changed;
}

/**
 * Giveaways as the API answers them, with their draw rounds and public removals; entries that
 * closed by themselves are frozen first (and the rows read again with `reread`). Only an admin's
 * view carries the winner's e-mail and who drew.
 */
export async function presentGiveaways(
  db: Db,
  rows: GiveawayRow[],
  context: { admin: boolean; timeZone: string },
  reread: () => Promise<GiveawayRow[]>,
): Promise<Giveaway[]> {
  const now = new Date();
  const day = todayIn(context.timeZone, now);
  const fresh = (await freezeDue(db, rows, day, now)) ? await reread() : rows;
  const [rounds, removals, pictures] = await Promise.all([
    listRounds(
      db,
      fresh.filter((r) => r.draw_round !== null).map((r) => r.id),
    ),
    listRemovals(
      db,
      fresh.map((r) => r.id),
    ),
    picturesByIds(
      db,
      fresh.flatMap((r) => (r.prize_image_id === null ? [] : [r.prize_image_id])),
    ),
  ]);
  const view = {
    today: day,
    now: now.toISOString(),
    timeZone: context.timeZone,
    admin: context.admin,
  };
  return fresh.map((row) =>
    toGiveaway(
      row,
      rounds.filter((r) => r.giveaway_id === row.id),
      view,
      removals.filter((r) => r.giveaway_id === row.id),
      row.prize_image_id === null ? null : (pictures.get(row.prize_image_id) ?? null),
    ),
  );
}

/** One giveaway as the API answers it (see `presentGiveaways`). */
export async function presentGiveaway(
  db: Db,
  id: number,
  context: { admin: boolean; timeZone: string },
): Promise<Giveaway> {
  const reread = async () => [await getGiveaway(db, id)];
  const [giveaway] = await presentGiveaways(db, await reread(), context, reread);
  return giveaway as Giveaway;
}

/** Freezes the list of a giveaway whose entries closed by themselves, before reading its record. */
export async function settle(db: Db, id: number, timeZone: string): Promise<void> {
  const now = new Date();
  const row = await getGiveaway(db, id);
  await freezeDue(db, [row], todayIn(timeZone, now), now);
}

const fieldList = (fields: readonly string[]) =>
  fields.length === 1
    ? fields[0]
    : `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;

/**
 * Creates a giveaway with its secret seed, the seed's published commitment, the first version of
 * its rules and the first line of its change log, all in one transaction.
 */
export async function createGiveaway(
  db: Db,
  input: GiveawayInput,
  context: { actor: Actor; now: Date; timeZone: string },
): Promise<GiveawayRow> {
  const at = context.now.toISOString();
  const seed = newSeed();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('giveaways')
      .values({
        ...input,
        is_accepting: 1,
        participant_count: 0,
        algorithm: WEIGHTED_ALGORITHM,
        commitment: commitmentOf(seed),
        committed_at: at,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('giveaway_seeds').values({ giveaway_id: row.id, seed }).execute();
    await writeRules(trx, row, { timeZone: context.timeZone, at, actor: context.actor });
    await logChange(trx, {
      giveawayId: row.id,
      actor: context.actor,
      action: 'created',
      summary: `Giveaway created; seed commitment ${row.commitment ?? ''} published.`,
      fields: diffFields({} as GiveawayInput, input, SETTABLE_FIELDS),
      at,
    });
    return row.id;
  });
  return getGiveaway(db, id);
}

/**
 * Replaces the settable fields. The first statement locks the giveaway row (as every entry, draw
 * and toggle does first), so the checks below see the latest entries and draw. Refused with 409
 * when the change would rewrite history: after the draw the title, prize, dates and rules stay as
 * they were; once entries are frozen the dates, the cap and the external random value do too; and
 * the cap never goes below the entries already taken.
 */
export async function updateGiveaway(
  db: Db,
  id: number,
  input: GiveawayInput,
  context: { actor: Actor; now: Date; timeZone: string; today: string },
): Promise<GiveawayRow> {
  const at = context.now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await lockGiveaway(trx, id);

    // A giveaway whose entries closed by themselves is frozen first, so the checks below apply.
    const closing = closingReason(before, context.today);
    if (closing) await freezeWithin(trx, id, closing, at, SYSTEM);
    const frozen = closing !== null || before.frozen_at !== null;

    const changes = diffFields<GiveawayInput>(before, input, SETTABLE_FIELDS);
    const changed = new Set(changes.map((c) => c.field));
    if (before.draw_round !== null) {
      const locked = RULES_FIELDS.filter((f) => changed.has(f));
      if (locked.length > 0) {
        throw conflict(
          `The winner of this giveaway has been drawn, so its title, prize, dates and rules can no longer change (this edit changes the ${fieldList(locked.map((f) => f.replace(/_/g, ' ')))}).`,
        );
      }
    }
    if (frozen) {
      const locked = FIXED_AFTER_FREEZE.filter((f) => changed.has(f));
      if (locked.length > 0) {
        throw conflict(
          `Entries to this giveaway have closed and the entry list is frozen, so its dates, maximum, number of winners, external random value, referral bonus cap and confirmation step can no longer change (this edit changes the ${fieldList(locked.map((f) => f.replace(/_/g, ' ')))}).`,
        );
      }
    }
    if (input.max_participants !== null && input.max_participants < before.participant_count) {
      throw conflict(
        `This giveaway already has ${before.participant_count} entrants, so the maximum cannot be lower than ${before.participant_count}.`,
      );
    }
    if (input.referral_cap < before.referral_cap) {
      const held = await trx
        .selectFrom('participants')
        .select((eb) => eb.fn.max('bonus_entries').as('most'))
        .where('giveaway_id', '=', id)
        .executeTakeFirst();
      const most = Number(held?.most ?? 0);
      if (input.referral_cap < most) {
        throw conflict(
          `An entrant already holds ${most} bonus ${most === 1 ? 'entry' : 'entries'} for referrals, so the referral bonus cap cannot be lower than ${most}.`,
        );
      }
    }
    if (changes.length === 0) return;

    const after = await trx
      .updateTable('giveaways')
      .set({ ...input, updated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'updated',
      summary: `Changed the ${fieldList(changes.map((c) => c.field.replace(/_/g, ' ')))}.`,
      fields: changes,
      at,
    });
    await writeRules(trx, after, { timeZone: context.timeZone, at, actor: context.actor });
  });
  return getGiveaway(db, id);
}

/**
 * Deletes a giveaway that has not been drawn; its entries and rules go with it (foreign-key
 * cascade), its change log stays. A drawn giveaway's record must stay public: archive it instead.
 */
export async function deleteGiveaway(
  db: Db,
  id: number,
  context: { actor: Actor; now: Date; confirmTitle?: string },
): Promise<{ title: string; participant_count: number }> {
  return db.transaction().execute(async (trx) => {
    const target = await lockGiveaway(trx, id);
    const entered = await trx
      .selectFrom('participants')
      .select('id')
      .where('giveaway_id', '=', id)
      .executeTakeFirst();
    if (
      target.draw_round === null &&
      entered &&
      (context.confirmTitle ?? '').trim() !== target.title.trim()
    ) {
      throw conflict(
        'People have entered this giveaway, so it is archived rather than deleted. To delete it with its entries anyway, type its title exactly to confirm.',
      );
    }
    const deleted = await trx
      .deleteFrom('giveaways')
      .where('id', '=', id)
      .where('draw_round', 'is', null)
      .returning(['title', 'participant_count'])
      .executeTakeFirst();
    if (!deleted) {
      throw await goneOrConflict(
        trx,
        id,
        'This giveaway has been drawn, so it cannot be deleted: its rules and draw record stay public. Archive it to hide it from the list.',
      );
    }
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'deleted',
      summary: `Deleted "${deleted.title}" with its ${entriesCount(deleted.participant_count)}.`,
      at: context.now.toISOString(),
    });
    return deleted;
  });
}

/** Hides a giveaway from the public list (or shows it again); its page, rules and record stay. */
export async function setArchived(
  db: Db,
  id: number,
  archived: boolean,
  context: { actor: Actor; now: Date },
): Promise<GiveawayRow> {
  const at = context.now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await lockGiveaway(trx, id);
    if ((before.archived === 1) === archived) return;
    await trx
      .updateTable('giveaways')
      .set({ archived: archived ? 1 : 0, updated_at: at })
      .where('id', '=', id)
      .execute();
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: archived ? 'archived' : 'unarchived',
      summary: archived
        ? 'Archived: hidden from the giveaway list; its page, rules and draw record stay.'
        : 'Shown in the giveaway list again.',
      fields: [{ field: 'archived', before: String(!archived), after: String(archived) }],
      at,
    });
  });
  return getGiveaway(db, id);
}

/** Thrown inside the entry transaction to roll it back when the conditional claim matched nothing. */
class EntryRefused extends Error {}

type Duplicate = 'email' | 'handle';

/** Which per-giveaway unique index an insert hit, in either dialect's error shape. */
function duplicateOf(error: unknown): Duplicate | null {
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

/** What the owner of a handle someone else entered with can do about it. */
export const HANDLE_TAKEN_HELP =
  'If it is yours and you did not enter, tell the organiser through the contact page, naming this giveaway: the entry can be disqualified.';

const handleTaken = (input: EntryInput) =>
  `The Instagram handle @${input.instagram_handle} has already entered this giveaway; each handle can enter once. ${HANDLE_TAKEN_HELP}`;

/**
 * The address's mailbox already has an entry that counts. Answered like an entry, and that
 * mailbox is told by mail (see `participate`), so the answer tells nobody whether it entered.
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
  return kind === 'email' ? new AlreadyEntered() : conflict(handleTaken(input));
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

/**
 * The claim on a giveaway for one entry: a conditional UPDATE (open, started, not ended, not
 * frozen, not drawn, below the cap, and on the rules version the entrant read) that returns what
 * the entry records when it matched. `counts`: 'entry' bumps the counter only where no
 * confirmation is asked (an unconfirmed entry does not count yet); 'confirmation' bumps it for an
 * entry whose address was just confirmed. Either way the cap is checked against the entries that
 * count, so it holds whichever comes first.
 */
function claimEntry(
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

/** How long an unconfirmed entry waits for its address to be confirmed before it expires. */
export const CONFIRM_WINDOW_MS = 48 * 60 * 60 * 1000;

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

type Claimed = {
  rules_version: number;
  participant_count: number;
  max_participants: number | null;
  confirm_entries: number;
};

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
  context: { today: string; now: Date; rulesVersion?: number; ref?: string },
): Promise<EntryReceipt> {
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
        dialectOf(db) === 'postgres' && referrer === null
          ? await enterInOneStatement(db, id, input, context, {
              createdAt,
              expiresAt,
              hash,
              tokenHash,
              referralCode,
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

/** The entry that took the last place freezes the list. */
async function freezeIfFull(
  db: Db,
  id: number,
  claimed: Pick<Claimed, 'participant_count' | 'max_participants'>,
  at: string,
): Promise<void> {
  if (claimed.max_participants !== null && claimed.participant_count >= claimed.max_participants) {
    await db.transaction().execute((trx) => freezeWithin(trx, id, 'full', at, SYSTEM));
  }
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

/** A confirmation link's token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newConfirmToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

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
 * server: kept in the outbox it would only pile up entrants' addresses there. Where the giveaway
 * asks for confirmation, the confirmation link is mailed either way (without a mail server it is
 * kept in the outbox), since the entry counts only once it is confirmed.
 */
export async function participate(
  db: Db,
  id: number,
  body: EntryPayload,
  context: { now: Date; mail: GiveawayMailer },
): Promise<EntryResponse> {
  const input = validateEntry(body);
  if (body.accept_rules !== true) {
    throw badRequest(acceptRulesMessage((await getGiveaway(db, id)).min_age));
  }
  const { mail } = context;
  let entry: EntryReceipt;
  try {
    entry = await enterGiveaway(db, id, input, {
      today: todayIn(context.mail.timeZone, context.now),
      now: context.now,
      rulesVersion: body.rules_version,
      ref: body.ref,
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
 * told by mail, which passes the mail limits (held back, nothing more is said).
 */
async function enteredAlready(
  db: Db,
  id: number,
  input: EntryInput,
  context: { now: Date; mail: GiveawayMailer },
): Promise<EntryResponse> {
  const { mail } = context;
  const g = await getGiveaway(db, id);
  try {
    await mail.limits.allow({
      about: enteredKey(id, input),
      to: input.email,
    });
    await mail.mailer.send(
      alreadyEnteredMail({
        to: input.email,
        title: g.title,
        giveawayId: id,
        publicUrl: mail.publicUrl,
      }),
    );
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 429))
      mail.log.error(
        { giveawayId: id, err: error },
        'already-entered mail could not be sent or kept',
      );
  }
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

const pendingMessage = (receipt: string, expiresAt: string, timeZone: string) =>
  `Almost there: we sent you an e-mail with a link to confirm your entry. It counts only once confirmed, so open the link by ${formatDeadline(expiresAt, timeZone)}. Your receipt code is ${receipt}; keep it to check that your entry is in the draw.`;

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
    db
      .selectFrom('participants')
      .select([
        'id',
        'confirmed_at',
        'confirm_expires_at',
        'disqualified_at',
        'referred_by',
        'instagram_handle',
      ])
      .where('giveaway_id', '=', id)
      .where('confirm_token_hash', '=', tokenHash)
      .executeTakeFirst();
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

export const UNKNOWN_RECEIPT =
  'No entry of this giveaway has this receipt code. Check that you typed it as shown and that this is the giveaway you entered.';

/**
 * Mails the entrant of an unconfirmed entry, named by its receipt code, a new confirmation link:
 * for a mail that never arrived or was deleted. Only the new link works afterwards (only the
 * token's hash is stored, so the old one cannot be sent again), and the entry's deadline stays
 * as it was: sending again never extends the 48 hours. The mail goes where other mail goes (the
 * outbox when no SMTP server is set). 404 for an unknown receipt, 409 once confirmed,
 * disqualified or after the entry list is frozen, 410 after the deadline, 429 when the mail
 * limits (`MailLimits`) hold it back.
 */
export async function mailConfirmationAgain(
  db: Db,
  id: number,
  typed: string,
  context: { now: Date; mail: GiveawayMailer },
): Promise<SuccessMessage> {
  const receipt = typedReceipt(typed);
  const g = await getGiveaway(db, id);
  const entry = await db
    .selectFrom('participants')
    .select(['id', 'email', 'confirmed_at', 'confirm_expires_at', 'disqualified_at'])
    .where('giveaway_id', '=', id)
    .where('receipt_hash', '=', receiptHash(receipt))
    .executeTakeFirst();
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

/**
 * Sets the accepting switch of a giveaway that has not been drawn, locking its row, and returns
 * the row as it was; 404 when it is gone, 409 with `drawnSentence` once it is drawn.
 */
async function switchEntries(trx: Db, id: number, accept: boolean, drawnSentence: string) {
  const before = await trx
    .updateTable('giveaways')
    .set({ is_accepting: accept ? 1 : 0 })
    .where('id', '=', id)
    .where('winner_id', 'is', null)
    .where('draw_round', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!before) throw await goneOrConflict(trx, id, drawnSentence);
  return before;
}

/**
 * Stop Accepting pauses entries and Start Accepting resumes them: a pause freezes nothing, so a
 * paused giveaway can reopen. A frozen or drawn giveaway stays closed. Pausing a giveaway whose
 * entries closed by themselves (end date passed, or full) freezes its list as any read would.
 */
export async function setAccepting(
  db: Db,
  id: number,
  accept: boolean,
  context: { actor: Actor; now: Date; today: string },
): Promise<GiveawayRow> {
  const at = context.now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await switchEntries(
      trx,
      id,
      accept,
      'The winner of this giveaway has been drawn, so its entries stay closed.',
    );
    const closing = closingReason(before, context.today);
    if (accept && (before.frozen_at !== null || closing !== null)) {
      const since = before.frozen_at ? ` on ${formatDate(before.frozen_at.slice(0, 10))}` : '';
      throw conflict(
        `Entries to this giveaway closed${since} and its entry list is frozen and published, so it cannot take entries again.`,
      );
    }
    if ((before.is_accepting === 1) === accept) return;
    await trx.updateTable('giveaways').set({ updated_at: at }).where('id', '=', id).execute();
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: accept ? 'entries_started' : 'entries_stopped',
      summary: accept ? 'Entries reopened.' : 'Paused entries (the list is not frozen).',
      at,
    });
    if (closing) await freezeWithin(trx, id, closing, at, SYSTEM);
  });
  return getGiveaway(db, id);
}

/**
 * Close entries for good: the owner's explicit, final action. The entry list is frozen and
 * published in the same transaction and the giveaway can never take entries again.
 */
export async function closeEntries(
  db: Db,
  id: number,
  context: { actor: Actor; now: Date; today: string },
): Promise<GiveawayRow> {
  const at = context.now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await switchEntries(
      trx,
      id,
      false,
      'The winner of this giveaway has been drawn, so its entries are already closed.',
    );
    if (before.frozen_at !== null) return;
    await trx.updateTable('giveaways').set({ updated_at: at }).where('id', '=', id).execute();
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'closed',
      summary: 'Closed entries for good.',
      at,
    });
    await freezeWithin(
      trx,
      id,
      closingReason(before, context.today) ?? 'stopped',
      at,
      context.actor,
    );
  });
  return getGiveaway(db, id);
}

/**
 * Disqualifies entries before the entry list is frozen: they keep their rows (the same address or
 * handle cannot enter again) but leave the count, the frozen list and the draw. The count and the
 * reason are published (`giveaway_removals`), never who; the admin's change log names the ids.
 */
export async function disqualifyEntries(
  db: Db,
  id: number,
  participantIds: readonly number[],
  reason: string,
  context: { actor: Actor; now: Date; today: string },
): Promise<{ count: number }> {
  const at = context.now.toISOString();
  const why = publishedReason(reason, DISQUALIFY_REASON);
  const ids = [...new Set(participantIds)];
  return db.transaction().execute(async (trx) => {
    const g = await trx
      .updateTable('giveaways')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', id)
      .where('frozen_at', 'is', null)
      .where('draw_round', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!g) {
      throw await goneOrConflict(
        trx,
        id,
        'The entry list of this giveaway is frozen, so entries can no longer be removed from it. To remove the winner, use "Disqualify the winner and draw again now".',
      );
    }
    if (closingReason(g, context.today) === 'ended') {
      throw conflict(
        `Entries to this giveaway closed when its end date (${formatDate(g.end_date ?? '')}) passed, so its entry list is final.`,
      );
    }
    const found = await trx
      .selectFrom('participants')
      .select(['id', 'disqualified_at', 'confirmed_at', 'referred_by'])
      .where('giveaway_id', '=', id)
      .where('id', 'in', ids)
      .execute();
    const missing = ids.filter((pid) => !found.some((f) => f.id === pid));
    if (missing.length > 0) {
      throw notFound(`This giveaway has no entry with id ${fieldList(missing.map(String))}.`);
    }
    const already = found.filter((f) => f.disqualified_at !== null).map((f) => f.id);
    if (already.length > 0) {
      throw conflict(`Entry ${fieldList(already.map(String))} is already disqualified.`);
    }
    await trx
      .updateTable('participants')
      .set({ disqualified_at: at, disqualified_reason: why })
      .where('giveaway_id', '=', id)
      .where('id', 'in', ids)
      .execute();
    // Only confirmed entries were counted; an unconfirmed one leaves nothing to take back.
    const counted = found.filter((f) => f.confirmed_at !== null).length;
    await trx
      .updateTable('giveaways')
      .set((eb) => ({
        participant_count: eb('participant_count', '-', counted),
        updated_at: at,
      }))
      .where('id', '=', id)
      .execute();
    await recountBonus(
      trx,
      found.map((f) => f.referred_by),
    );
    await trx
      .insertInto('giveaway_removals')
      .values({ giveaway_id: id, at, count: ids.length, reason: why, round: null })
      .execute();
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'disqualified',
      summary: `Disqualified ${entriesCount(ids.length)} (id ${fieldList(ids.map(String))}). Reason: ${why}`,
      fields: reasonField(why),
      at,
    });
    return { count: ids.length };
  });
}

/** The public disqualification records of these giveaways, oldest first. */
export async function listRemovals(db: Db, giveawayIds: readonly number[]) {
  if (giveawayIds.length === 0) return [];
  return db
    .selectFrom('giveaway_removals')
    .select(['giveaway_id', 'at', 'count', 'reason', 'round'])
    .where('giveaway_id', 'in', giveawayIds)
    .orderBy('giveaway_id')
    .orderBy('id')
    .execute();
}

/**
 * Each entrant with the count of accepted entries that came through its referral link: entries
 * whose address is confirmed (an unconfirmed one is not yet accepted and may expire).
 */
function selectEntrants(db: Db) {
  return db
    .selectFrom('participants')
    .selectAll('participants')
    .select((eb) =>
      eb
        .selectFrom('participants as referred')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('referred.referred_by', '=', 'participants.id')
        .where('referred.confirmed_at', 'is not', null)
        .as('referrals'),
    );
}

export async function listParticipants(db: Db, giveawayId: number): Promise<ParticipantRow[]> {
  const exists = await db
    .selectFrom('giveaways')
    .select('id')
    .where('id', '=', giveawayId)
    .executeTakeFirst();
  if (!exists) throw notFound(notFoundSentence(giveawayId));
  return selectEntrants(db)
    .where('participants.giveaway_id', '=', giveawayId)
    .orderBy('participants.id')
    .execute();
}

export async function getParticipant(db: Db, id: number): Promise<ParticipantRow> {
  const row = await selectEntrants(db).where('participants.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`There is no participant with id ${id}.`);
  return row;
}

/** A giveaway's change log, oldest first; 404 when the giveaway is gone and left no log. */
export async function listGiveawayChanges(db: Db, id: number) {
  const changes = await listChanges(db, id);
  if (changes.length === 0) await getGiveaway(db, id);
  return changes;
}

/** The admin's CSV export of a giveaway's entrants, in entry order. */
export async function participantsCsv(db: Db, giveawayId: number): Promise<string> {
  const rows = await listParticipants(db, giveawayId);
  return toCsv(PARTICIPANT_CSV_HEADER, rows.map(toParticipantCsvRow));
}
