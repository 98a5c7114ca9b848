import type { Kysely, QueryCreator, Selectable } from 'kysely';
import type { Database, ParticipantsTable } from '../../db/database';
import { dialectOf } from '../../db/migrations/util';
import { conflict, notFound } from '../../lib/http-error';
import { formatDate } from './dates';
import { pickWinner } from './draw';
import type { GiveawayRow } from './mapper';
import { deriveState, type EntryInput, type GiveawayInput } from './rules';

/*
 * Giveaway persistence and the rules that need the database. Every state change that another
 * request could race is a single conditional write on the giveaway row, first in its transaction:
 * on PostgreSQL that write takes the row lock and re-checks its WHERE clause against the latest
 * committed row when it had to wait; on SQLite the write takes the database write lock and Kysely
 * runs one transaction at a time on its single connection. So entries, draws and toggles on one
 * giveaway happen one after another, each seeing what the previous one committed.
 */

type Db = Kysely<Database>;

const notFoundSentence = (id: number) =>
  `There is no giveaway with id ${id}; it may have been deleted.`;

/** Giveaways joined with their winner and draw record: the input of `toGiveaway`. */
function selectGiveaways(db: Db) {
  return db
    .selectFrom('giveaways as g')
    .leftJoin('participants as w', 'w.id', 'g.winner_id')
    .leftJoin('giveaway_draws as d', 'd.giveaway_id', 'g.id')
    .selectAll('g')
    .select([
      'w.email as winner_email',
      'w.instagram_handle as winner_handle',
      'd.entrant_count as draw_entrant_count',
      'd.fingerprint as draw_fingerprint',
      'd.drawn_index as draw_index',
      'd.drawn_by as draw_by',
      'd.drawn_at as draw_at',
    ]);
}

/** Newest first. */
export async function listGiveaways(db: Db): Promise<GiveawayRow[]> {
  return selectGiveaways(db).orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').execute();
}

export async function getGiveaway(db: Db, id: number): Promise<GiveawayRow> {
  const row = await selectGiveaways(db).where('g.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(notFoundSentence(id));
  return row;
}

export async function createGiveaway(
  db: Db,
  input: GiveawayInput,
  now: Date,
): Promise<GiveawayRow> {
  const at = now.toISOString();
  const { id } = await db
    .insertInto('giveaways')
    .values({ ...input, is_accepting: 1, participant_count: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getGiveaway(db, id);
}

export async function updateGiveaway(
  db: Db,
  id: number,
  input: GiveawayInput,
  now: Date,
): Promise<GiveawayRow> {
  let update = db
    .updateTable('giveaways')
    .set({ ...input, updated_at: now.toISOString() })
    .where('id', '=', id);
  // Conditional, so an entry racing this edit cannot slip in above the new cap.
  if (input.max_participants !== null)
    update = update.where('participant_count', '<=', input.max_participants);
  const result = await update.executeTakeFirst();
  if (result.numUpdatedRows === 0n) {
    const current = await getGiveaway(db, id);
    throw conflict(
      `This giveaway already has ${current.participant_count} entrants, so the maximum cannot be lower than ${current.participant_count}.`,
    );
  }
  return getGiveaway(db, id);
}

/** Deletes the giveaway; its entries and draw record go with it (foreign-key cascade). */
export async function deleteGiveaway(
  db: Db,
  id: number,
): Promise<{ title: string; participant_count: number }> {
  const deleted = await db
    .deleteFrom('giveaways')
    .where('id', '=', id)
    .returning(['title', 'participant_count'])
    .executeTakeFirst();
  if (!deleted) throw notFound(notFoundSentence(id));
  return deleted;
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
  if (where.includes('participants_giveaway_email_key') || where.includes('participants.email'))
    return 'email';
  if (where.includes('participants_giveaway_handle_key')) return 'handle';
  return null;
}

function duplicateSentence(kind: Duplicate, input: EntryInput): string {
  return kind === 'email'
    ? 'This e-mail address has already entered this giveaway; each person can enter once.'
    : `The Instagram handle @${input.instagram_handle} has already entered this giveaway; each handle can enter once.`;
}

/** Why an entry was refused, read after the fact (for the message only; the write already decided). */
async function refusal(db: Db, id: number, input: EntryInput, today: string): Promise<Error> {
  const row = await db.selectFrom('giveaways').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return notFound(notFoundSentence(id));
  const existing = await db
    .selectFrom('participants')
    .select(['email'])
    .where('giveaway_id', '=', id)
    .where((eb) =>
      eb.or([
        eb('email', '=', input.email),
        eb(eb.fn('lower', ['instagram_handle']), '=', input.instagram_handle.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  if (existing)
    return conflict(duplicateSentence(existing.email === input.email ? 'email' : 'handle', input));

  switch (deriveState(row, today).entries_closed_reason) {
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
        'This giveaway is not accepting entries at the moment. Please check back later.',
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
 * drawn, below the cap) that also bumps the counter and returns the id when it matched.
 */
function claimEntry(db: QueryCreator<Database>, id: number, today: string) {
  return db
    .updateTable('giveaways')
    .set((eb) => ({ participant_count: eb('participant_count', '+', 1) }))
    .where('id', '=', id)
    .where('winner_id', 'is', null)
    .where('is_accepting', '=', 1)
    .where('start_date', '<=', today)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .where((eb) =>
      eb.or([
        eb('max_participants', 'is', null),
        eb('participant_count', '<', eb.ref('max_participants')),
      ]),
    )
    .returning(['id']);
}

/**
 * Records one entry. The claim and the insert commit together or not at all, so a duplicate
 * rolls the claim back and the counter always equals the stored entries. On PostgreSQL they are
 * one statement (the claim in a data-modifying WITH): one round trip instead of four, and the
 * giveaway row's lock, which every entry on that giveaway queues behind, is held for that one
 * statement and its commit only. On SQLite (no UPDATE inside WITH) they are two statements in
 * one transaction on the single in-process connection.
 */
export async function enterGiveaway(
  db: Db,
  id: number,
  input: EntryInput,
  today: string,
  now: Date,
): Promise<void> {
  const createdAt = now.toISOString();
  try {
    if (dialectOf(db) === 'postgres') {
      const entered = await db
        .with('claimed', (qc) => claimEntry(qc, id, today))
        .insertInto('participants')
        .columns(['giveaway_id', 'email', 'instagram_handle', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('claimed')
            .select([
              'claimed.id',
              eb.val(input.email).as('email'),
              eb.val(input.instagram_handle).as('instagram_handle'),
              eb.val(createdAt).as('created_at'),
            ]),
        )
        .returning(['id'])
        .executeTakeFirst();
      if (!entered) throw new EntryRefused();
      return;
    }
    await db.transaction().execute(async (trx) => {
      const claimed = await claimEntry(trx, id, today).executeTakeFirst();
      if (!claimed) throw new EntryRefused();
      await trx
        .insertInto('participants')
        .values({ giveaway_id: id, ...input, created_at: createdAt })
        .execute();
    });
  } catch (error) {
    const duplicate = duplicateOf(error);
    if (duplicate) throw conflict(duplicateSentence(duplicate, input));
    if (error instanceof EntryRefused) throw await refusal(db, id, input, today);
    throw error;
  }
}

/** Flips the admin's switch. Refused once drawn: a drawn giveaway's entries stay closed. */
export async function setAccepting(
  db: Db,
  id: number,
  accept: boolean,
  now: Date,
): Promise<GiveawayRow> {
  const result = await db
    .updateTable('giveaways')
    .set({ is_accepting: accept ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('winner_id', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) {
    await getGiveaway(db, id);
    throw conflict('The winner of this giveaway has been drawn, so its entries stay closed.');
  }
  return getGiveaway(db, id);
}

export interface DrawResult {
  title: string;
  winner: Selectable<ParticipantsTable>;
  entrantCount: number;
}

/**
 * Draws the winner. The first write closes entries on the still-undrawn giveaway; that write is
 * the lock every concurrent entry, toggle and draw on this giveaway waits behind, so the entrant
 * list read next is final and a second draw finds a winner already set (409).
 */
export async function drawWinner(
  db: Db,
  id: number,
  drawer: { id: number; username: string },
  now: Date,
): Promise<DrawResult> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('giveaways')
      .set({ is_accepting: 0 })
      .where('id', '=', id)
      .where('winner_id', 'is', null)
      .returning(['title'])
      .executeTakeFirst();
    if (!locked) {
      const exists = await trx
        .selectFrom('giveaways')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      throw exists
        ? conflict(
            'A winner has already been drawn for this giveaway; a giveaway has exactly one winner.',
          )
        : notFound(notFoundSentence(id));
    }

    const entrants = await trx
      .selectFrom('participants')
      .select('id')
      .where('giveaway_id', '=', id)
      .orderBy('id')
      .execute();
    if (entrants.length === 0) {
      throw conflict(
        'Nobody has entered this giveaway yet, so there is no one to draw. Wait for entries first.',
      );
    }

    const pick = pickWinner(entrants.map((e) => e.id));
    const at = now.toISOString();
    await trx
      .updateTable('giveaways')
      .set({ winner_id: pick.winnerId, winner_selected_at: at, updated_at: at })
      .where('id', '=', id)
      .where('winner_id', 'is', null)
      .execute();
    await trx
      .insertInto('giveaway_draws')
      .values({
        giveaway_id: id,
        participant_id: pick.winnerId,
        entrant_count: pick.entrantCount,
        fingerprint: pick.fingerprint,
        drawn_index: pick.index,
        drawn_by_user_id: drawer.id,
        drawn_by: drawer.username,
        drawn_at: at,
      })
      .execute();
    const winner = await trx
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', pick.winnerId)
      .executeTakeFirstOrThrow();
    return { title: locked.title, winner, entrantCount: pick.entrantCount };
  });
}

export async function listParticipants(
  db: Db,
  giveawayId: number,
): Promise<Selectable<ParticipantsTable>[]> {
  const exists = await db
    .selectFrom('giveaways')
    .select('id')
    .where('id', '=', giveawayId)
    .executeTakeFirst();
  if (!exists) throw notFound(notFoundSentence(giveawayId));
  return db
    .selectFrom('participants')
    .selectAll()
    .where('giveaway_id', '=', giveawayId)
    .orderBy('id')
    .execute();
}

export async function getParticipant(db: Db, id: number): Promise<Selectable<ParticipantsTable>> {
  const row = await db
    .selectFrom('participants')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`There is no participant with id ${id}.`);
  return row;
}
