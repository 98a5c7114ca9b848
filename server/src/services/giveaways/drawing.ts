import type { SelectWinnerResponse } from '@site/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { badRequest, conflict } from '../../lib/http-error';
import { formatDate, todayIn } from '../../lib/dates';
import { type Actor, logChange } from './change-log';
import { WEIGHTED_ALGORITHM } from './draw';
import { announceDraw } from './draw-announce';
import {
  commitNextSeed,
  type DrawResult,
  frozenEntries,
  markDrawn,
  recordRound,
  roundSeedOf,
  seedOf,
  verifiable,
} from './draw-rounds';
import { freezeWithin } from './freeze';
import { formatDeadline, type GiveawayMailer } from './mails';
import { entriesCount } from './mapper';
import { closingReason } from './listing';
import {
  DISQUALIFY_REASON,
  goneOrConflict,
  lockGiveaway,
  publishedReason,
  reasonField,
} from './shared';

/*
 * The verifiable draw: reveal (the first draw), re-draws after an unclaimed prize and after a
 * disqualified winner. Each write starts with a conditional write on the giveaway row, like
 * entries and toggles, so they happen one after another.
 */

type Db = Kysely<Database>;

/** The refusal of an unconfirmed draw while entries are open: what drawing now would do. */
function openDrawSentence(g: { end_date: string | null; participant_count: number }): string {
  const until = g.end_date
    ? `they run until the end of ${formatDate(g.end_date)}, its end date`
    : 'it has no end date, so they run until closed';
  return `Entries to this giveaway have not closed: ${until}. Drawing now closes them for good and freezes the list of ${entriesCount(g.participant_count)}; it cannot be undone. Wait for the end date, or send "close_now": true to close entries and draw now.`;
}

/**
 * The first draw. Closes and freezes entries if they are still open (unless the rules name an
 * external random value: that value is announced after the close, so entries must be stopped
 * first), reveals the seed by using it, and records round 1. A second draw finds the round set
 * and gets 409; with nobody entered everything rolls back and entries stay as they were.
 */
export async function drawWinner(
  db: Db,
  id: number,
  context: { actor: Actor; now: Date; today: string; externalValue?: string; closeNow?: boolean },
): Promise<DrawResult[]> {
  const at = context.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const g = await trx
      .updateTable('giveaways')
      .set({ is_accepting: 0 })
      .where('id', '=', id)
      .where('winner_id', 'is', null)
      .where('draw_round', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!g) {
      throw await goneOrConflict(
        trx,
        id,
        'This giveaway has already been drawn; it is drawn once (a winner who cannot take the prize is replaced by drawing that place again).',
      );
    }

    const named = g.external_randomness?.trim() ?? '';
    const external = context.externalValue ?? '';
    if (named && !external) {
      throw badRequest(
        `The rules of this giveaway mix an external public random value into the draw (${named}). Enter that value to draw.`,
      );
    }
    if (!named && external) {
      throw badRequest(
        'The rules of this giveaway name no external random value, so none can be mixed into the draw.',
      );
    }

    let frozen = g;
    if (g.frozen_at === null) {
      if (named) {
        throw conflict(
          'The external random value must be announced after entries close: stop accepting entries first, then draw once the value is published.',
        );
      }
      const closing = closingReason(g, context.today);
      // Drawing while entries are still open closes them for good, before the end date: only
      // when the caller says so (the owner confirmed it), never by one unconfirmed call.
      if (closing === null && context.closeNow !== true) throw badRequest(openDrawSentence(g));
      await freezeWithin(trx, id, closing ?? 'drawn', at, context.actor);
      frozen = await trx
        .selectFrom('giveaways')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    }
    const count = frozen.frozen_count ?? 0;
    if (count === 0) {
      throw conflict(
        'Nobody has entered this giveaway yet, so there is no one to draw. Wait for entries first.',
      );
    }
    const seed = await seedOf(trx, id);
    const entries = await frozenEntries(trx, id);
    // One place for the one-winner method; with fewer entries than places, every entry wins one.
    const places = Math.min(
      frozen.algorithm === WEIGHTED_ALGORITHM ? frozen.winner_count : 1,
      count,
    );
    const results: DrawResult[] = [];
    const excluded = new Set<number>();
    for (let place = 1; place <= places; place += 1) {
      const eligible = entries.map((e) => e.position).filter((p) => !excluded.has(p));
      const result = await recordRound(
        trx,
        frozen,
        entries,
        { round: place, place, seed, eligible, external },
        { actor: context.actor, at, reason: null },
      );
      excluded.add(result.position);
      results.push(result);
    }
    const last = results[results.length - 1] as DrawResult;
    await markDrawn(trx, id, last, results[0] ?? null, at);
    await commitNextSeed(trx, id, last.round, at);
    const picked = results
      .map(
        (r) =>
          `${places > 1 ? `place ${r.place}: ` : ''}position ${r.position + 1}${r.winner ? ` (@${r.winner.instagram_handle})` : ''}`,
      )
      .join('; ');
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'drawn',
      summary: `Drew ${places === 1 ? 'the winner' : `${places} winners`} from ${count} ${count === 1 ? 'entry' : 'entries'} of the frozen list: ${picked}. The seed is revealed.`,
      at,
    });
    return results;
  });
}

/**
 * Locks a drawn, verifiable giveaway's row and reads its rounds and the current round of `place`
 * (which may be left out when the draw named one winner), for a re-draw of that place.
 */
async function lockDrawn(trx: Db, id: number, place: number | undefined) {
  const g = await lockGiveaway(trx, id);
  if (g.draw_round === null) {
    throw conflict('This giveaway has not been drawn yet; use Select Winner for the first draw.');
  }
  if (!verifiable(g)) {
    throw conflict(
      'This giveaway was drawn before verifiable draws existed, so it cannot be drawn again by the published method.',
    );
  }
  const rounds = await trx
    .selectFrom('giveaway_draw_rounds')
    .selectAll()
    .where('giveaway_id', '=', id)
    .orderBy('round')
    .execute();
  const places = Math.max(...rounds.map((r) => r.place));
  if (place === undefined && places > 1) {
    throw badRequest(
      `This giveaway has ${places} winners: say which place to draw again ("place": 1 to ${places}).`,
    );
  }
  const wanted = place ?? 1;
  const current = rounds.filter((r) => r.place === wanted).pop();
  if (!current) {
    throw badRequest(
      `This giveaway has ${places === 1 ? 'one winner' : `${places} winners`}, so there is no place ${wanted} to draw again.`,
    );
  }
  const latest = rounds[rounds.length - 1];
  if (!latest) throw new Error('draw_round set without a round');
  return { g, rounds, current, latest };
}

/**
 * The next round, drawn with the seed committed for it when the round before was drawn (revealed
 * now), the same external value and the same frozen list without every earlier winner.
 */
async function drawNextRound(
  trx: Db,
  locked: Awaited<ReturnType<typeof lockDrawn>>,
  reason: string,
  context: { actor: Actor; at: string },
): Promise<DrawResult & { eligible: number }> {
  const { g, rounds, current, latest } = locked;
  const excluded = new Set(rounds.map((r) => r.position));
  const entries = await frozenEntries(trx, g.id);
  const eligible = entries.map((e) => e.position).filter((position) => !excluded.has(position));
  if (eligible.length === 0) {
    throw conflict(
      'Every entry in the frozen list has already been drawn; there is no one left to draw.',
    );
  }
  const next = latest.round + 1;
  const seed = await roundSeedOf(trx, g.id, next);
  if (seed === null) {
    throw conflict(
      `No seed was committed for round ${next} when round ${latest.round} was drawn (it was drawn by an older version of the server), so this prize cannot be drawn again by the published method.`,
    );
  }
  const first = rounds[0];
  const result = await recordRound(
    trx,
    g,
    entries,
    {
      round: next,
      place: current.place,
      seed,
      eligible,
      external: first?.external_value ?? '',
    },
    { actor: context.actor, at: context.at, reason },
  );
  await markDrawn(trx, g.id, result, current.place === 1 ? result : null, context.at);
  await commitNextSeed(trx, g.id, next, context.at);
  return { ...result, eligible: eligible.length };
}

/**
 * Draws again after the winner let the claim deadline pass: the seed committed for this round
 * when the previous one was drawn (revealed now), the same external value, the same frozen list
 * without every earlier winner, next round number. The reason is published with it.
 */
export async function redraw(
  db: Db,
  id: number,
  reason: string,
  context: { actor: Actor; now: Date; timeZone: string; place?: number },
): Promise<DrawResult> {
  const at = context.now.toISOString();
  const why = publishedReason(
    reason,
    'Please give the reason for drawing again; it is published with the draw.',
  );
  return db.transaction().execute(async (trx) => {
    const locked = await lockDrawn(trx, id, context.place);
    const { current } = locked;
    const whose = locked.rounds.some((r) => r.place > 1)
      ? `place ${current.place}'s winner`
      : 'the winner';
    if (current.claimed_at !== null) {
      throw conflict(
        `${whose.charAt(0).toUpperCase()}${whose.slice(1)} claimed the prize on ${formatDeadline(current.claimed_at, context.timeZone)}, so it cannot be drawn again.`,
      );
    }
    if (current.claim_deadline !== null && at < current.claim_deadline) {
      throw conflict(
        `${whose.charAt(0).toUpperCase()}${whose.slice(1)} can claim the prize until ${formatDeadline(current.claim_deadline, context.timeZone)}; it can be drawn again only after that. If the winner cannot win, disqualify them and draw again now.`,
      );
    }
    const result = await drawNextRound(trx, locked, why, { actor: context.actor, at });
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'redrawn',
      summary: `Drew ${whose === 'the winner' ? '' : `place ${current.place} `}again (round ${result.round}) from ${result.eligible} remaining ${result.eligible === 1 ? 'entry' : 'entries'}${result.winner ? `: @${result.winner.instagram_handle}` : ''}. Reason: ${why}`,
      fields: reasonField(why),
      at,
    });
    return result;
  });
}

/**
 * Disqualifies the current winner and draws again at once, whatever the claim deadline: the
 * winner's entry is marked disqualified, a public removal record says why (never who), any claim
 * is void, and the next round is drawn with the seed committed for it when the winner was drawn.
 */
export async function disqualifyWinner(
  db: Db,
  id: number,
  reason: string,
  context: { actor: Actor; now: Date; place?: number },
): Promise<DrawResult> {
  const at = context.now.toISOString();
  const why = publishedReason(reason, DISQUALIFY_REASON);
  return db.transaction().execute(async (trx) => {
    const locked = await lockDrawn(trx, id, context.place);
    const { current } = locked;
    if (current.participant_id !== null) {
      await trx
        .updateTable('participants')
        .set({ disqualified_at: at, disqualified_reason: why })
        .where('id', '=', current.participant_id)
        .where('disqualified_at', 'is', null)
        .execute();
    }
    await trx
      .insertInto('giveaway_removals')
      .values({ giveaway_id: id, at, count: 1, reason: why, round: current.round })
      .execute();
    const result = await drawNextRound(
      trx,
      locked,
      `The winner of round ${current.round}${current.place > 1 || locked.rounds.some((r) => r.place > 1) ? ` (place ${current.place})` : ''} was disqualified: ${why}`,
      {
        actor: context.actor,
        at,
      },
    );
    await logChange(trx, {
      giveawayId: id,
      actor: context.actor,
      action: 'disqualified',
      summary: `Disqualified the winner of round ${current.round} (place ${current.place}) and drew again (round ${result.round}) from ${result.eligible} remaining ${result.eligible === 1 ? 'entry' : 'entries'}${result.winner ? `: @${result.winner.instagram_handle}` : ''}. Reason: ${why}`,
      fields: reasonField(why),
      at,
    });
    return result;
  });
}

/** The first draw, by the published method, announced (see `announceDraw`). */
export async function selectWinner(
  db: Db,
  id: number,
  payload: { external_value?: string; close_now?: boolean },
  context: { actor: Actor; now: Date; mail: GiveawayMailer },
): Promise<{ results: DrawResult[]; answer: SelectWinnerResponse }> {
  const results = await drawWinner(db, id, {
    actor: context.actor,
    now: context.now,
    today: todayIn(context.mail.timeZone, context.now),
    ...(payload.external_value !== undefined ? { externalValue: payload.external_value } : {}),
    closeNow: payload.close_now === true,
  });
  return { results, answer: await announceDraw(db, id, results, 'won', context.mail) };
}
