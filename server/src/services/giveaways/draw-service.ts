import crypto from 'node:crypto';
import type {
  ClaimPayload,
  ClaimResponse,
  GiveawayVerification,
  PresenterDrawResponse,
  ReceiptCheckResponse,
  SelectWinnerResponse,
  SuccessMessage,
  WinnerContact,
} from '@site/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, GiveawaysTable, ParticipantsTable } from '../../db/database';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { type Actor, logChange } from './change-log';
import {
  commitmentOf,
  drawPosition,
  frozenListText,
  newSeed,
  receiptHash,
  sha256Hex,
  WEIGHTED_ALGORITHM,
  weightedListText,
  weightedPick,
} from './draw';
import { freezeWithin } from './freeze';
import { todayIn } from '../../lib/dates';
import {
  claimNoticeMail,
  formatDeadline,
  type GiveawayMailer,
  receiptMail,
  winnerMail,
} from './mails';
import { entriesCount, NO_MAIL_MESSAGE, RECEIPT_MAILED_MESSAGE, toRound, toWinner } from './mapper';
import { presenterName } from './presenter';
import {
  closingReason,
  DISQUALIFY_REASON,
  getGiveaway,
  goneOrConflict,
  listRounds,
  lockGiveaway,
  notFoundSentence,
  publishedReason,
  reasonField,
  settle,
  typedReceipt,
  UNKNOWN_RECEIPT,
} from './service';

/*
 * The verifiable draw: reveal (the first draw), re-draws after an unclaimed prize, the winner's
 * claim, receipt checks and the public verification record. Each write starts with a conditional
 * write on the giveaway row, like entries and toggles, so they happen one after another.
 */

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

const gone = (detail: string) => new HttpError(410, detail);

export interface DrawResult {
  title: string;
  prize: string;
  round: number;
  /** The winner's place this round filled. */
  place: number;
  /** Zero-based position of the winning entry in the frozen list. */
  position: number;
  /** Null only when the drawn entrant had their data erased before the draw. */
  winner: Selectable<ParticipantsTable> | null;
  eligibleCount: number;
  claimToken: string;
  claimDeadline: string;
}

async function seedOf(trx: Db, giveawayId: number): Promise<string> {
  const row = await trx
    .selectFrom('giveaway_seeds')
    .select('seed')
    .where('giveaway_id', '=', giveawayId)
    .executeTakeFirstOrThrow();
  return row.seed;
}

/**
 * The seed of a re-draw, committed when the round before it was drawn; null when none was (a
 * giveaway drawn by a server older than re-draw seeds and not yet upgraded).
 */
async function roundSeedOf(trx: Db, giveawayId: number, round: number): Promise<string | null> {
  const row = await trx
    .selectFrom('giveaway_round_seeds')
    .select('seed')
    .where('giveaway_id', '=', giveawayId)
    .where('round', '=', round)
    .executeTakeFirst();
  return row?.seed ?? null;
}

/**
 * Makes the secret seed of the round after `round` and publishes only its SHA-256, in the same
 * transaction that records `round`: the next re-draw's randomness is fixed before this round's
 * result is public, and unknown to anyone reading the public record until that re-draw.
 */
async function commitNextSeed(trx: Db, giveawayId: number, round: number, at: string) {
  const seed = newSeed();
  await trx
    .insertInto('giveaway_round_seeds')
    .values({
      giveaway_id: giveawayId,
      round: round + 1,
      seed,
      commitment: commitmentOf(seed),
      committed_at: at,
    })
    .execute();
}

async function frozenEntries(trx: Db, giveawayId: number) {
  return trx
    .selectFrom('giveaway_frozen_entries')
    .select(['position', 'receipt_hash', 'participant_id', 'weight'])
    .where('giveaway_id', '=', giveawayId)
    .orderBy('position')
    .execute();
}

/** A giveaway that is drawn by a published method (every one but those drawn before them). */
const verifiable = (g: Pick<Selectable<GiveawaysTable>, 'algorithm'>) => g.algorithm !== 'legacy';

/**
 * Records one round drawn with `seed` by the giveaway's method, for `place`: the weighted method
 * for "aw-draw-v2" lists, the one-winner method for "aw-draw-v1" ones. The caller holds the row
 * lock, updates the giveaway row and commits the next round's seed.
 */
async function recordRound(
  trx: Db,
  g: Selectable<GiveawaysTable>,
  entries: Awaited<ReturnType<typeof frozenEntries>>,
  draw: { round: number; place: number; seed: string; eligible: number[]; external: string },
  context: { actor: Actor; at: string; reason: string | null },
): Promise<DrawResult> {
  const fingerprint = g.frozen_fingerprint ?? '';
  const { round, place, seed, eligible, external } = draw;
  const outcome =
    g.algorithm === WEIGHTED_ALGORITHM
      ? weightedPick({
          seed,
          external,
          fingerprint,
          round,
          eligible,
          weights: entries.map((e) => e.weight),
        })
      : drawPosition({ seed, external, fingerprint, round, eligible });
  const drawn = entries[outcome.position];
  if (!drawn) throw new Error('drawn position outside the frozen list');

  const claimToken = crypto.randomBytes(32).toString('base64url');
  const claimDeadline = new Date(Date.parse(context.at) + g.claim_days * DAY_MS).toISOString();
  await trx
    .insertInto('giveaway_draw_rounds')
    .values({
      giveaway_id: g.id,
      round,
      place,
      algorithm: g.algorithm,
      participant_id: drawn.participant_id,
      position: outcome.position,
      eligible_count: eligible.length,
      counter: outcome.counter,
      external_value: external === '' ? null : external,
      fingerprint,
      receipt_hash: drawn.receipt_hash,
      reason: context.reason,
      claim_token_hash: sha256Hex(claimToken),
      claim_deadline: claimDeadline,
      claimed_at: null,
      drawn_by_user_id: context.actor.id,
      drawn_by: context.actor.username,
      drawn_at: context.at,
    })
    .execute();
  const winner = drawn.participant_id
    ? await trx
        .selectFrom('participants')
        .selectAll()
        .where('id', '=', drawn.participant_id)
        .executeTakeFirstOrThrow()
    : null;
  return {
    title: g.title,
    prize: g.prize,
    round,
    place,
    position: outcome.position,
    winner,
    eligibleCount: eligible.length,
    claimToken,
    claimDeadline,
  };
}

/** Points the giveaway row at its latest round (and place 1's winner, when that place changed). */
async function markDrawn(
  trx: Db,
  id: number,
  latest: DrawResult,
  first: DrawResult | null,
  at: string,
) {
  await trx
    .updateTable('giveaways')
    .set({
      ...(first ? { winner_id: first.winner?.id ?? null } : {}),
      winner_selected_at: at,
      draw_round: latest.round,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
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
  context: { actor: Actor; now: Date; today: string; externalValue?: string },
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
      await freezeWithin(trx, id, closingReason(g, context.today) ?? 'drawn', at, context.actor);
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

export interface DeliveryDetails {
  full_name?: string;
  delivery_address?: string;
  consent?: boolean;
}

/**
 * Records the winner's claim from the link in their e-mail, with what delivery needs (name and
 * delivery details, and consent to use them for delivery), stored privately in giveaway_claims.
 */
export async function claimPrize(
  db: Db,
  id: number,
  token: string,
  details: DeliveryDetails,
  context: { now: Date; timeZone: string },
): Promise<{
  title: string;
  prize: string;
  round: number;
  place: number;
  claimed_at: string;
  already: boolean;
}> {
  const at = context.now.toISOString();
  const hash = sha256Hex(token);
  const found = await db
    .selectFrom('giveaway_draw_rounds as r')
    .innerJoin('giveaways as g', 'g.id', 'r.giveaway_id')
    .select([
      'r.round',
      'r.place',
      'r.participant_id',
      'r.claim_deadline',
      'r.claimed_at',
      'g.title',
      'g.prize',
    ])
    .where('r.giveaway_id', '=', id)
    .where('r.claim_token_hash', '=', hash)
    .executeTakeFirst();
  // The round that holds this place now: a later round of the same place replaced this winner.
  const latest = found
    ? await db
        .selectFrom('giveaway_draw_rounds')
        .select((eb) => eb.fn.max('round').as('round'))
        .where('giveaway_id', '=', id)
        .where('place', '=', found.place)
        .executeTakeFirst()
    : undefined;
  const row = found && { ...found, draw_round: Number(latest?.round ?? found.round) };
  if (!row) {
    throw notFound(
      'This claim link is not valid for this giveaway. Please open the link from the e-mail exactly as it was sent.',
    );
  }
  const base = { title: row.title, prize: row.prize, round: row.round, place: row.place };
  if (row.claimed_at !== null && row.round === row.draw_round) {
    return { ...base, claimed_at: row.claimed_at, already: true };
  }
  if (row.round !== row.draw_round) {
    throw gone(
      'This claim link is no longer valid: the prize was drawn again (see the giveaway’s draw history for the reason).',
    );
  }
  if (row.claim_deadline !== null && at >= row.claim_deadline) {
    throw gone(
      `The claim period for this prize ended on ${formatDeadline(row.claim_deadline, context.timeZone)}.`,
    );
  }
  const fullName = (details.full_name ?? '').trim();
  const address = (details.delivery_address ?? '').trim();
  if (!fullName) throw badRequest('Please enter your name, so the prize can reach you.');
  if (!address) {
    throw badRequest('Please enter the postal or delivery details the prize should be sent to.');
  }
  if (details.consent !== true) {
    throw badRequest(
      'Please agree that your name and delivery details are used to deliver the prize ("consent": true).',
    );
  }
  return db.transaction().execute(async (trx) => {
    // Conditional, so a claim racing the deadline or a re-draw is recorded only while it is valid.
    const claimed = await trx
      .updateTable('giveaway_draw_rounds')
      .set({ claimed_at: at })
      .where('giveaway_id', '=', id)
      .where('round', '=', row.round)
      .where('claimed_at', 'is', null)
      .where('claim_deadline', '>', at)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) {
      const again = await trx
        .selectFrom('giveaway_draw_rounds')
        .select('claimed_at')
        .where('giveaway_id', '=', id)
        .where('round', '=', row.round)
        .executeTakeFirstOrThrow();
      if (again.claimed_at !== null)
        return { ...base, claimed_at: again.claimed_at, already: true };
      throw gone('The claim period for this prize has ended.');
    }
    await trx
      .insertInto('giveaway_claims')
      .values({
        giveaway_id: id,
        round: row.round,
        participant_id: row.participant_id,
        full_name: fullName,
        delivery_address: address,
        consent_at: at,
      })
      .execute();
    await logChange(trx, {
      giveawayId: id,
      actor: { id: null, username: 'winner' },
      action: 'claimed',
      summary: `The winner of round ${row.round} claimed the prize and gave delivery details.`,
      at,
    });
    return { ...base, claimed_at: at, already: false };
  });
}

/** A place's current winner for the owner (place 1 unless named): contact, claim and delivery. */
export async function winnerContact(
  db: Db,
  id: number,
  now: Date,
  place = 1,
): Promise<WinnerContact | null> {
  const g = await db
    .selectFrom('giveaways')
    .select(['id', 'draw_round'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!g) throw notFound(notFoundSentence(id));
  if (g.draw_round === null) return null;
  const rounds = await listRounds(db, [id]);
  const round = rounds.filter((r) => r.place === place).pop();
  if (!round) return null;
  const row = await db
    .selectFrom('giveaway_draw_rounds as r')
    .leftJoin('participants as p', 'p.id', 'r.participant_id')
    .leftJoin('giveaway_claims as c', (join) =>
      join.onRef('c.giveaway_id', '=', 'r.giveaway_id').onRef('c.round', '=', 'r.round'),
    )
    .select([
      'r.round',
      'r.participant_id',
      'p.email',
      'p.instagram_handle',
      'c.full_name',
      'c.delivery_address',
      'c.consent_at',
    ])
    .where('r.giveaway_id', '=', id)
    .where('r.round', '=', round.round)
    .executeTakeFirstOrThrow();
  const summary = toRound(round, rounds, now.toISOString());
  return {
    round: row.round,
    place: round.place,
    participant_id: row.participant_id,
    email: row.email ?? null,
    instagram_handle: row.instagram_handle ?? null,
    claim_status: summary.claim_status,
    claim_deadline: summary.claim_deadline,
    claimed_at: summary.claimed_at,
    delivery:
      row.full_name && row.delivery_address && row.consent_at
        ? {
            full_name: row.full_name,
            delivery_address: row.delivery_address,
            consent_at: row.consent_at,
          }
        : null,
  };
}

/** Whether a receipt code belongs to an entry of this giveaway, and its place in the frozen list. */
export async function checkReceipt(
  db: Db,
  id: number,
  typed: string,
): Promise<ReceiptCheckResponse> {
  const receipt = typedReceipt(typed);
  const g = await db
    .selectFrom('giveaways')
    .select(['id', 'frozen_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!g) throw notFound(notFoundSentence(id));
  const hash = receiptHash(receipt);
  const entry = await db
    .selectFrom('participants')
    .select([
      'created_at',
      'rules_version',
      'confirmed_at',
      'confirm_expires_at',
      'disqualified_at',
      'bonus_entries',
    ])
    .where('giveaway_id', '=', id)
    .where('receipt_hash', '=', hash)
    .executeTakeFirst();
  const line = g.frozen_at
    ? await db
        .selectFrom('giveaway_frozen_entries')
        .select('position')
        .where('giveaway_id', '=', id)
        .where('receipt_hash', '=', hash)
        .executeTakeFirst()
    : undefined;
  const found = Boolean(entry || line);
  const counts =
    entry !== undefined && entry.confirmed_at !== null && entry.disqualified_at === null;
  let message: string;
  if (!found) {
    message = UNKNOWN_RECEIPT;
  } else if (line) {
    message = `Yes: your entry is in the frozen entry list, at position ${line.position + 1}, so it is in the draw.`;
  } else if (entry && entry.confirmed_at === null) {
    if (g.frozen_at !== null) {
      message =
        'Your entry was not confirmed before entries closed, so it does not count and is not in the draw.';
    } else if (
      entry.confirm_expires_at !== null &&
      entry.confirm_expires_at < new Date().toISOString()
    ) {
      message =
        'Your entry was never confirmed and has expired, so it does not count and is not in the draw.';
    } else {
      message =
        'Your entry is recorded but not confirmed yet: it counts only once you open the confirmation link we mailed you.';
    }
  } else {
    message =
      'Yes: your entry is recorded. When entries close it goes into the frozen list that the winner is drawn from.';
  }
  return {
    found,
    message,
    receipt,
    receipt_hash: hash,
    entered_at: entry?.created_at ?? null,
    rules_version: entry?.rules_version ?? null,
    frozen: g.frozen_at !== null,
    position: line ? line.position : null,
    confirmed: entry ? entry.confirmed_at !== null : Boolean(line),
    // 1 plus its bonus entries for referrals while the entry counts; an erased entry's line
    // in the frozen list still counts once.
    entries: counts ? 1 + (entry?.bonus_entries ?? 0) : line ? 1 : 0,
    bonus_entries: counts ? (entry?.bonus_entries ?? 0) : 0,
  };
}

/** The frozen list's lines, in order, with the giveaway's method; 409 until entries have closed. */
async function frozenLines(db: Db, id: number) {
  const g = await db
    .selectFrom('giveaways')
    .select(['frozen_at', 'algorithm'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!g) throw notFound(notFoundSentence(id));
  if (!verifiable(g)) {
    throw conflict('This giveaway was drawn before entry lists were frozen and published.');
  }
  if (g.frozen_at === null) {
    throw conflict('The entry list is published when entries close; this giveaway is still open.');
  }
  return { algorithm: g.algorithm, entries: await frozenEntries(db, id) };
}

/** The receipt hashes of the frozen list, in order; 409 until entries have closed. */
export async function frozenHashes(db: Db, id: number): Promise<string[]> {
  return (await frozenLines(db, id)).entries.map((e) => e.receipt_hash);
}

/** Everything needed to check the draw; the seed only once the first draw has used it. */
export async function getVerification(
  db: Db,
  id: number,
  now: Date,
): Promise<GiveawayVerification> {
  const g = await db.selectFrom('giveaways').selectAll().where('id', '=', id).executeTakeFirst();
  if (!g) throw notFound(notFoundSentence(id));
  const rounds = await listRounds(db, [id]);
  const published = verifiable(g);
  const revealed = published && g.draw_round !== null;
  const seed = revealed ? await seedOf(db, id) : null;
  const firstEntry = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('giveaway_id', '=', id)
    .executeTakeFirst();
  const first = firstEntry?.first ?? null;
  return {
    giveaway_id: g.id,
    title: g.title,
    algorithm: g.algorithm,
    commitment: g.commitment,
    committed_at: g.committed_at,
    committed_before_entries:
      g.committed_at !== null && (first === null || String(first) >= g.committed_at),
    seed,
    external_randomness: g.external_randomness,
    external_value: revealed ? (rounds[0]?.external_value ?? '') : null,
    frozen:
      g.frozen_at !== null && g.frozen_reason !== null && g.frozen_fingerprint !== null
        ? {
            frozen_at: g.frozen_at,
            reason: g.frozen_reason,
            entrant_count: g.frozen_count ?? 0,
            fingerprint: g.frozen_fingerprint,
          }
        : null,
    frozen_list_path:
      published && g.frozen_at !== null ? `/api/v1/giveaway/${id}/frozen-entries.txt` : null,
    draws: rounds.map((r) => toRound(r, rounds, now.toISOString())),
    winner_count: rounds.filter((r) => r.reason === null).length || g.winner_count,
    redraw_seeds: published ? await redrawSeeds(db, id, g.draw_round ?? 0) : [],
  };
}

/**
 * The re-draw seeds' commitments, and the seeds of the rounds already drawn. A seed whose round is
 * not drawn yet is never read here, so no answer can carry it.
 */
async function redrawSeeds(db: Db, id: number, drawnRound: number) {
  const [committed, revealed] = await Promise.all([
    db
      .selectFrom('giveaway_round_seeds')
      .select(['round', 'commitment', 'committed_at'])
      .where('giveaway_id', '=', id)
      .orderBy('round')
      .execute(),
    db
      .selectFrom('giveaway_round_seeds')
      .select(['round', 'seed'])
      .where('giveaway_id', '=', id)
      .where('round', '<=', drawnRound)
      .execute(),
  ]);
  const seeds = new Map(revealed.map((r) => [r.round, r.seed]));
  return committed.map((r) => ({ ...r, seed: seeds.get(r.round) ?? null }));
}

/** The entry a receipt code belongs to (the code as the site writes it), or null. */
export async function entryForReceipt(
  db: Db,
  id: number,
  typed: string,
): Promise<{ email: string; receipt: string; rules_version: number | null } | null> {
  const receipt = typedReceipt(typed);
  const entry = await db
    .selectFrom('participants')
    .select(['email', 'rules_version'])
    .where('giveaway_id', '=', id)
    .where('receipt_hash', '=', receiptHash(receipt))
    .executeTakeFirst();
  return entry ? { ...entry, receipt } : null;
}

/**
 * Mails each winner of a draw their own claim link and deadline, and answers the admin's draw
 * screen. `verb` says how they won ("won", "won the re-draw of"). The draw is committed and
 * public: a mail failure is logged, never turned into an error.
 */
export async function announceDraw(
  db: Db,
  id: number,
  drawn: DrawResult | readonly DrawResult[],
  verb: string,
  mail: GiveawayMailer,
): Promise<SelectWinnerResponse> {
  const results: readonly DrawResult[] = Array.isArray(drawn) ? drawn : [drawn as DrawResult];
  const first = results[0];
  if (!first) throw new Error('a draw names at least one winner');
  const g = await getGiveaway(db, id);
  const several = results.length > 1 || first.place > 1;
  // The places the first draw filled: fewer than winner_count when there were fewer entries.
  const places = Math.min(g.winner_count, g.frozen_count ?? g.winner_count);
  for (const result of results) {
    if (!result.winner) continue;
    try {
      await mail.mailer.send(
        winnerMail({
          to: result.winner.email,
          handle: result.winner.instagram_handle,
          title: result.title,
          prize: result.prize,
          giveawayId: id,
          claimToken: result.claimToken,
          claimDeadline: result.claimDeadline,
          claimDays: g.claim_days,
          timeZone: mail.timeZone,
          publicUrl: mail.publicUrl,
          ...(places > 1 ? { place: { place: result.place, of: places } } : {}),
        }),
      );
    } catch (error) {
      mail.log.error(
        { err: error, giveawayId: id, place: result.place },
        'could not send or keep the winner e-mail',
      );
    }
  }
  const winners = results.map((r) => ({
    place: r.place,
    round: r.round,
    id: r.winner?.id ?? null,
    email: r.winner?.email ?? null,
    instagram_handle: r.winner?.instagram_handle ?? null,
    claim_deadline: r.claimDeadline,
  }));
  const drawnFrom = entriesCount(first.eligibleCount);
  const until = formatDeadline(first.claimDeadline, mail.timeZone);
  const erased = results.filter((r) => !r.winner);
  const erasedNote = erased.length
    ? ` The entry drawn for ${erased.map((r) => `place ${r.place}`).join(', ')} had its data erased, so nobody can be told; draw that place again once its claim period has passed.`
    : '';
  if (several) {
    const named = results
      .map((r) => `${r.place}. ${r.winner ? `@${r.winner.instagram_handle}` : 'an erased entry'}`)
      .join(', ');
    return {
      success: erased.length < results.length,
      winner: first.winner ? toWinner(first.winner) : null,
      round: first.round,
      claim_deadline: first.claimDeadline,
      winners,
      message: `${results.length === 1 ? `Place ${first.place}` : `${results.length} winners`} ${verb} "${first.title}", drawn from ${drawnFrom}: ${named}. Each has until ${until} to claim the prize.${erasedNote}`,
    };
  }
  if (!first.winner) {
    return {
      success: false,
      winner: null,
      round: first.round,
      claim_deadline: first.claimDeadline,
      winners,
      message: `The entry at position ${first.position + 1} was drawn from ${drawnFrom}, but its entrant had their data erased, so nobody can be told. Draw again once the claim period has passed.`,
    };
  }
  const winner = toWinner(first.winner);
  return {
    success: true,
    winner,
    round: first.round,
    claim_deadline: first.claimDeadline,
    winners,
    message: `@${winner.instagram_handle} ${verb} "${first.title}", drawn from ${drawnFrom}. They have until ${until} to claim the prize.`,
  };
}

/** The first draw, by the published method, announced (see `announceDraw`). */
export async function selectWinner(
  db: Db,
  id: number,
  externalValue: string | undefined,
  context: { actor: Actor; now: Date; mail: GiveawayMailer },
): Promise<{ results: DrawResult[]; answer: SelectWinnerResponse }> {
  const results = await drawWinner(db, id, {
    actor: context.actor,
    now: context.now,
    today: todayIn(context.mail.timeZone, context.now),
    externalValue,
  });
  return { results, answer: await announceDraw(db, id, results, 'won', context.mail) };
}

/**
 * The presenter view's answer to its draw: each winner's handle or masked address, in place
 * order, never an e-mail.
 */
export function presenterDrawAnswer({
  results,
  answer,
}: {
  results: DrawResult[];
  answer: SelectWinnerResponse;
}): PresenterDrawResponse {
  const winners = results.map((r) => ({
    place: r.place,
    round: r.round,
    name: r.winner ? presenterName(r.winner) : null,
  }));
  const first = winners[0];
  const title = results[0]?.title ?? '';
  const from = entriesCount(results[0]?.eligibleCount ?? 0);
  const names = winners.map((w) => w.name ?? 'an erased entry');
  return {
    success: answer.success,
    round: answer.round,
    winner: first?.name ? { name: first.name } : null,
    winners,
    message:
      winners.length > 1
        ? `${names.map((n, i) => `${i + 1}. ${n}`).join(', ')} won "${title}", drawn from ${from}.`
        : first?.name
          ? `${first.name} won "${title}", drawn from ${from}.`
          : 'The drawn entry had its data erased, so nobody can be told.',
  };
}

/**
 * The winner's claim, with a notice to the owner the first time it is recorded (a mail failure is
 * logged: the claim stands).
 */
export async function claimAndNotify(
  db: Db,
  id: number,
  payload: ClaimPayload,
  context: { now: Date; mail: GiveawayMailer },
): Promise<ClaimResponse> {
  const { token, ...details } = payload;
  const { timeZone } = context.mail;
  const claim = await claimPrize(db, id, token, details, { now: context.now, timeZone });
  if (!claim.already) {
    const winner = await winnerContact(db, id, new Date(), claim.place);
    try {
      await context.mail.mailer.send(
        claimNoticeMail({
          to: context.mail.ownerEmail,
          title: claim.title,
          round: claim.round,
          handle: winner?.instagram_handle ?? null,
          giveawayId: id,
          publicUrl: context.mail.publicUrl,
        }),
      );
    } catch (error) {
      context.mail.log.error({ err: error }, 'could not send or keep the claim notice');
    }
  }
  const when = formatDeadline(claim.claimed_at, timeZone);
  return {
    success: true,
    message: claim.already
      ? `You already claimed this prize on ${when}. We will be in touch at the address you entered with.`
      : `Your claim is recorded: ${when}. We will send the prize to the details you gave and write to you at the address you entered with if anything is unclear.`,
    title: claim.title,
    prize: claim.prize,
    claimed_at: claim.claimed_at,
  };
}

/**
 * Mails a receipt again to the address its entry was made with. The answer is the same whether
 * or not the code matched, so it tells nobody who entered; the cool-down of the mail limits
 * holds for a typed code whether or not it matched, the mailbox's ceiling only for a match.
 */
export async function mailReceiptAgain(
  db: Db,
  id: number,
  receipt: string,
  mail: GiveawayMailer,
): Promise<SuccessMessage> {
  if (!mail.smtp) throw conflict(NO_MAIL_MESSAGE);
  const entry = await entryForReceipt(db, id, receipt);
  const about = `receipt:${id}:${receiptHash(typedReceipt(receipt))}`;
  await mail.limits.allow({ about, to: entry?.email });
  if (entry) {
    const g = await getGiveaway(db, id);
    await mail.mailer.send(
      receiptMail({
        to: entry.email,
        title: g.title,
        receipt: entry.receipt,
        rulesVersion: entry.rules_version ?? g.rules_version,
        giveawayId: id,
        publicUrl: mail.publicUrl,
      }),
    );
  }
  return { success: true, message: RECEIPT_MAILED_MESSAGE };
}

/** The frozen entry list as published: one receipt hash per line (see `frozenListText`). */
export async function frozenEntriesText(db: Db, id: number, timeZone: string): Promise<string> {
  await settle(db, id, timeZone);
  const { algorithm, entries } = await frozenLines(db, id);
  return algorithm === WEIGHTED_ALGORITHM
    ? weightedListText(entries)
    : frozenListText(entries.map((e) => e.receipt_hash));
}
