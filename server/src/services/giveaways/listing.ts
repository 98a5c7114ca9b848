import type { Selectable } from 'kysely';
import type { FrozenReason, GiveawaysTable } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { todayIn } from '../../lib/dates';
import type { Giveaway } from '@site/contracts';
import { SYSTEM } from './change-log';
import { freezeWithin } from './freeze';
import { type GiveawayRow, type RoundRow, toGiveaway } from './mapper';
import { picturesByIds } from '../images/service';
import { type Db, notFoundSentence } from './shared';

/*
 * Reading giveaways: the list, one giveaway, and each as the API answers it, with its draw rounds,
 * public removals and prize picture. A giveaway whose entries closed by themselves (end date
 * passed, or full) is frozen by the first read that sees it.
 */

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
      'p.disqualified_at as winner_disqualified_at',
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
