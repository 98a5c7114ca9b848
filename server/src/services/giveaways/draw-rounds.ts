import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, GiveawaysTable, ParticipantsTable } from '../../db/database';
import type { Actor } from './change-log';
import {
  commitmentOf,
  drawPosition,
  newSeed,
  sha256Hex,
  WEIGHTED_ALGORITHM,
  weightedPick,
} from './draw';

/*
 * The stored draw of a giveaway, shared by the draw, the re-draws and the verification record: the
 * seeds, the frozen list's lines, and recording a round with its claim link.
 */

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

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

export async function seedOf(trx: Db, giveawayId: number): Promise<string> {
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
export async function roundSeedOf(
  trx: Db,
  giveawayId: number,
  round: number,
): Promise<string | null> {
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
export async function commitNextSeed(trx: Db, giveawayId: number, round: number, at: string) {
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

export async function frozenEntries(trx: Db, giveawayId: number) {
  return trx
    .selectFrom('giveaway_frozen_entries')
    .select(['position', 'receipt_hash', 'participant_id', 'weight'])
    .where('giveaway_id', '=', giveawayId)
    .orderBy('position')
    .execute();
}

/** A giveaway that is drawn by a published method (every one but those drawn before them). */
export const verifiable = (g: Pick<Selectable<GiveawaysTable>, 'algorithm'>) =>
  g.algorithm !== 'legacy';

/**
 * Records one round drawn with `seed` by the giveaway's method, for `place`: the weighted method
 * for "aw-draw-v2" lists, the one-winner method for "aw-draw-v1" ones. The caller holds the row
 * lock, updates the giveaway row and commits the next round's seed.
 */
export async function recordRound(
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
export async function markDrawn(
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
