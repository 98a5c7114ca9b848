import type { GiveawayVerification } from '@site/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import { frozenListText, WEIGHTED_ALGORITHM, weightedListText } from './draw';
import { frozenEntries, seedOf, verifiable } from './draw-rounds';
import { toRound } from './mapper';
import { listRounds, settle } from './listing';
import { notFoundSentence } from './shared';

/*
 * The public record that lets anyone check the draw: the commitments, the seeds once used, the
 * frozen entry list and every round.
 */

type Db = Kysely<Database>;

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

/** The frozen entry list as published: one receipt hash per line (see `frozenListText`). */
export async function frozenEntriesText(db: Db, id: number, timeZone: string): Promise<string> {
  await settle(db, id, timeZone);
  const { algorithm, entries } = await frozenLines(db, id);
  return algorithm === WEIGHTED_ALGORITHM
    ? weightedListText(entries)
    : frozenListText(entries.map((e) => e.receipt_hash));
}
