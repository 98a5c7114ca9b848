import { conflict } from '../../lib/http-error';
import { formatDate } from '../../lib/dates';
import { type Actor, logChange, SYSTEM } from './change-log';
import { freezeWithin } from './freeze';
import type { GiveawayRow } from './mapper';
import { closingReason, getGiveaway } from './listing';
import { type Db, goneOrConflict } from './shared';

/*
 * The owner's switches on a giveaway's entries: start (resume), pause, and close for good. A
 * pause freezes nothing, so a paused giveaway can reopen; closing freezes and publishes the entry
 * list, and a frozen or drawn giveaway stays closed.
 */

/** What a switch does: whether it accepts entries, and how a refusal and the change log say it. */
const SWITCHES = {
  start: {
    accept: true,
    drawn: 'The winner of this giveaway has been drawn, so its entries stay closed.',
    action: 'entries_started',
    summary: 'Entries reopened.',
  },
  pause: {
    accept: false,
    drawn: 'The winner of this giveaway has been drawn, so its entries stay closed.',
    action: 'entries_stopped',
    summary: 'Paused entries (the list is not frozen).',
  },
  close: {
    accept: false,
    drawn: 'The winner of this giveaway has been drawn, so its entries are already closed.',
    action: 'closed',
    summary: 'Closed entries for good.',
  },
} as const;

type EntriesSwitch = keyof typeof SWITCHES;

/**
 * Sets the accepting switch of a giveaway that has not been drawn (404 when it is gone, 409 once
 * it is drawn), with its row locked by that write, and logs the change when there is one. Start
 * is refused (409) once the list is frozen or the entries closed by themselves (end date passed,
 * or full). Pausing a giveaway whose entries closed by themselves freezes its list as any read
 * would; closing freezes it for good, in the same transaction.
 */
export async function switchEntries(
  db: Db,
  id: number,
  to: EntriesSwitch,
  context: { actor: Actor; now: Date; today: string },
): Promise<GiveawayRow> {
  const at = context.now.toISOString();
  const { accept, drawn, action, summary } = SWITCHES[to];
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .updateTable('giveaways')
      .set({ is_accepting: accept ? 1 : 0 })
      .where('id', '=', id)
      .where('winner_id', 'is', null)
      .where('draw_round', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!before) throw await goneOrConflict(trx, id, drawn);
    const closing = closingReason(before, context.today);
    if (accept && (before.frozen_at !== null || closing !== null)) {
      const since = before.frozen_at ? ` on ${formatDate(before.frozen_at.slice(0, 10))}` : '';
      throw conflict(
        `Entries to this giveaway closed${since} and its entry list is frozen and published, so it cannot take entries again.`,
      );
    }
    // Closing is done once the list is frozen; starting and pausing once the switch is as asked.
    const unchanged =
      to === 'close' ? before.frozen_at !== null : (before.is_accepting === 1) === accept;
    if (unchanged) return;
    await trx.updateTable('giveaways').set({ updated_at: at }).where('id', '=', id).execute();
    await logChange(trx, { giveawayId: id, actor: context.actor, action, summary, at });
    if (to === 'close') await freezeWithin(trx, id, closing ?? 'stopped', at, context.actor);
    else if (closing) await freezeWithin(trx, id, closing, at, SYSTEM);
  });
  return getGiveaway(db, id);
}

/** Start Accepting (resume entries) or Stop Accepting (pause them); see `switchEntries`. */
export const setAccepting = (
  db: Db,
  id: number,
  accept: boolean,
  context: { actor: Actor; now: Date; today: string },
): Promise<GiveawayRow> => switchEntries(db, id, accept ? 'start' : 'pause', context);

/**
 * Close entries for good: the owner's explicit, final action. The entry list is frozen and
 * published in the same transaction and the giveaway can never take entries again.
 */
export const closeEntries = (
  db: Db,
  id: number,
  context: { actor: Actor; now: Date; today: string },
): Promise<GiveawayRow> => switchEntries(db, id, 'close', context);
