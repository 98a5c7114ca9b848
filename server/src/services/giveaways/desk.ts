import { conflict, notFound } from '../../lib/http-error';
import { formatDate } from '../../lib/dates';
import type { Participant } from '@site/contracts';
import { type Actor, listChanges, logChange } from './change-log';
import { toCsv } from './csv';
import { computeFlags } from './flags';
import {
  entriesCount,
  PARTICIPANT_CSV_HEADER,
  type ParticipantRow,
  toParticipant,
  toParticipantCsvRow,
} from './mapper';
import { recountBonus, restoreBonus } from './referrals';
import { closingReason, getGiveaway } from './listing';
import {
  type Db,
  DISQUALIFY_REASON,
  fieldList,
  goneOrConflict,
  notFoundSentence,
  publishedReason,
  reasonField,
} from './shared';

/*
 * The desk's view of a giveaway's entries: disqualifying entries and undoing it while the list
 * is open, the entrants with their flags, the change log and the CSV export.
 */

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
    await lockOpenList(
      trx,
      id,
      context.today,
      'The entry list of this giveaway is frozen, so entries can no longer be removed from it. To remove the winner, use "Draw a place again" in the presenter view.',
    );
    const found = await namedEntries(trx, id, ids);
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
    await shiftParticipantCount(trx, id, -counted, at);
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

/**
 * The giveaway's entries with these ids, with what disqualifying them or undoing it needs; refuses
 * (404) when any id is not an entry of this giveaway.
 */
async function namedEntries(trx: Db, id: number, ids: readonly number[]) {
  const found = await trx
    .selectFrom('participants')
    .select(['id', 'disqualified_at', 'disqualified_reason', 'confirmed_at', 'referred_by'])
    .where('giveaway_id', '=', id)
    .where('id', 'in', ids)
    .execute();
  const missing = ids.filter((pid) => !found.some((f) => f.id === pid));
  if (missing.length > 0) {
    throw notFound(`This giveaway has no entry with id ${fieldList(missing.map(String))}.`);
  }
  return found;
}

/** Moves the giveaway's count of (confirmed) entries by `delta` and marks it changed at `at`. */
async function shiftParticipantCount(trx: Db, id: number, delta: number, at: string) {
  await trx
    .updateTable('giveaways')
    .set((eb) => ({
      participant_count: eb('participant_count', '+', delta),
      updated_at: at,
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * Locks a giveaway whose entry list can still change (not frozen, not drawn, end date not passed)
 * for a change to its entries, and returns it; refuses otherwise, with `frozen` as the sentence
 * for a frozen or drawn list.
 */
async function lockOpenList(trx: Db, id: number, today: string, frozen: string) {
  const g = await trx
    .updateTable('giveaways')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where('frozen_at', 'is', null)
    .where('draw_round', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!g) throw await goneOrConflict(trx, id, frozen);
  if (closingReason(g, today) === 'ended') {
    throw conflict(
      `Entries to this giveaway closed when its end date (${formatDate(g.end_date ?? '')}) passed, so its entry list is final.`,
    );
  }
  return g;
}

/**
 * Undoes disqualifications before the entry list is frozen: the entries come back into the count
 * (refused when that would pass the maximum), their referrers' bonus entries and their own are
 * what they would be had nothing happened, and the public removal lines no longer count them (a
 * line left with nobody is dropped). The admin's change log names the ids and the reason undone.
 */
export async function reinstateEntries(
  db: Db,
  id: number,
  participantIds: readonly number[],
  context: { actor: Actor; now: Date; today: string },
): Promise<{ count: number }> {
  const at = context.now.toISOString();
  const ids = [...new Set(participantIds)];
  return db.transaction().execute(async (trx) => {
    const g = await lockOpenList(
      trx,
      id,
      context.today,
      'The entry list of this giveaway is frozen, so a disqualification can no longer be undone.',
    );
    const found = await namedEntries(trx, id, ids);
    const notOut = found.filter((f) => f.disqualified_at === null).map((f) => f.id);
    if (notOut.length > 0) {
      throw conflict(`Entry ${fieldList(notOut.map(String))} is not disqualified.`);
    }
    const counted = found.filter((f) => f.confirmed_at !== null).length;
    if (g.max_participants !== null && g.participant_count + counted > g.max_participants) {
      throw conflict(
        `Taking ${entriesCount(counted)} back would pass the giveaway's maximum of ${g.max_participants} entries (${g.participant_count} taken).`,
      );
    }
    await trx
      .updateTable('participants')
      .set({ disqualified_at: null, disqualified_reason: null })
      .where('giveaway_id', '=', id)
      .where('id', 'in', ids)
      .execute();
    await shiftParticipantCount(trx, id, counted, at);
    await restoreBonus(trx, [...ids, ...found.map((f) => f.referred_by)], g.referral_cap);
    // Each public removal line was written with the entries' own time and reason.
    const groups = new Map<string, { at: string; reason: string; n: number }>();
    for (const f of found) {
      const key = `${f.disqualified_at}\0${f.disqualified_reason}`;
      const group = groups.get(key) ?? {
        at: f.disqualified_at ?? '',
        reason: f.disqualified_reason ?? '',
        n: 0,
      };
      group.n += 1;
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const line = await trx
        .selectFrom('giveaway_removals')
        .select(['id', 'count'])
        .where('giveaway_id', '=', id)
        .where('round', 'is', null)
        .where('at', '=', group.at)
        .where('reason', '=', group.reason)
        .orderBy('id')
        .executeTakeFirst();
      if (!line) continue;
      if (line.count <= group.n) {
        await trx.deleteFrom('giveaway_removals').where('id', '=', line.id).execute();
      } else {
        await trx
          .updateTable('giveaway_removals')
          .set({ count: line.count - group.n })
          .where('id', '=', line.id)
          .execute();
      }
    }
    const reasons = [...new Set(found.map((f) => f.disqualified_reason ?? ''))].join(' / ');
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'reinstated',
      summary: `Reinstated ${entriesCount(ids.length)} (id ${fieldList(ids.map(String))}): disqualification undone. Reason it had: ${reasons}`,
      at,
    });
    return { count: ids.length };
  });
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

/** A giveaway's entrants as the desk reads them, in entry order, each with its fraud flags. */
export async function listEntrants(db: Db, giveawayId: number): Promise<Participant[]> {
  const rows = await listParticipants(db, giveawayId);
  const flags = computeFlags(rows);
  return rows.map((row) => toParticipant(row, flags.get(row.id) ?? []));
}

/** One entrant, with the flags it has among its giveaway's entries. */
export async function getEntrant(db: Db, id: number): Promise<Participant> {
  const row = await getParticipant(db, id);
  const entrants = await listEntrants(db, row.giveaway_id);
  return entrants.find((p) => p.id === id) ?? toParticipant(row);
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
