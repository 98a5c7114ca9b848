import type { Kysely, SelectExpression, Selectable } from 'kysely';
import type { Database, GiveawaysTable } from '../../db/database';
import { badRequest, conflict, type HttpError, notFound } from '../../lib/http-error';

/*
 * What the giveaway services share: the row lock, the answers when a giveaway is gone, and the
 * published reasons.
 *
 * Every state change that another request could race is a single conditional write on the
 * giveaway row, first in its transaction: on PostgreSQL that write takes the row lock and re-checks its WHERE clause against the latest
 * committed row when it had to wait; on SQLite the write takes the database write lock and Kysely
 * runs one transaction at a time on its single connection. So entries, draws and toggles on one
 * giveaway happen one after another, each seeing what the previous one committed.
 */

/** The database, or a transaction of it. */
export type Db = Kysely<Database>;

/**
 * `columns` of the entry of giveaway `id` that holds the code whose SHA-256 is `hash` (`column`
 * says which code: the receipt or the confirmation link's token); undefined when none does.
 */
export function entryByHash<Columns extends SelectExpression<Database, 'participants'>>(
  db: Db,
  id: number,
  column: 'receipt_hash' | 'confirm_token_hash',
  hash: string,
  columns: readonly Columns[],
) {
  return db
    .selectFrom('participants')
    .select(columns)
    .where('giveaway_id', '=', id)
    .where(column, '=', hash)
    .executeTakeFirst();
}

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

/** "a, b and c": the names of the fields or ids a sentence lists. */
export const fieldList = (fields: readonly string[]) =>
  fields.length === 1
    ? fields[0]
    : `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
