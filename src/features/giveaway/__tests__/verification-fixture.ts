import { createHash, webcrypto } from 'node:crypto';
import type { DrawRound, GiveawayVerification, RedrawSeed } from '@site/contracts';
import {
  weightedDraw,
  weightedListText,
  weightedPick,
} from '../../../../server/src/services/giveaways/draw';

/** jsdom has no Web Crypto digest; Node's implementation is the same standard API. */
export function useNodeWebCrypto() {
  Object.defineProperty(globalThis, 'crypto', { configurable: true, value: webcrypto });
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A consistent verification record built with Node's crypto, as the server would publish it:
 * `rounds` draws (each later one excluding the earlier winners) from `size` entries. Each re-draw
 * uses its own seed, committed with the round before it, and the seed of the next round is
 * committed but not revealed; with `reusedSeeds` the re-draws reuse the first seed and no re-draw
 * seed is listed (a giveaway re-drawn before re-draw seeds existed).
 */
export function buildVerification(
  size: number,
  rounds = 1,
  external = '',
  { reusedSeeds = false }: { reusedSeeds?: boolean } = {},
): { verification: GiveawayVerification; list: string } {
  const seed = sha('a test seed');
  const redrawSeeds: RedrawSeed[] = [];
  const drawnAt = (round: number) => `2026-03-0${round}T10:00:00.000Z`;
  const hashes = Array.from({ length: size }, (_, i) => sha(`receipt ${i}`));
  const list = hashes.map((h) => `${h}\n`).join('');
  const fingerprint = sha(list);
  const excluded: number[] = [];
  const draws: DrawRound[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const roundSeed = round === 1 || reusedSeeds ? seed : sha(`the seed of round ${round}`);
    const eligible = hashes.map((_, i) => i).filter((i) => !excluded.includes(i));
    const n = eligible.length;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let counter = 0;
    let position = -1;
    for (; ; counter += 1) {
      const x = Number.parseInt(
        sha(`${roundSeed}:${external}:${fingerprint}:${round}:${counter}`).slice(0, 8),
        16,
      );
      if (x < limit) {
        position = eligible[x % n] as number;
        break;
      }
    }
    draws.push({
      round,
      place: 1,
      algorithm: 'aw-draw-v1',
      drawn_at: drawnAt(round),
      reason: round === 1 ? null : 'The winner did not claim in time.',
      eligible_count: n,
      position,
      counter,
      receipt_hash: hashes[position] as string,
      winner_handle: `winner_${round}`,
      claim_deadline: `2026-03-0${round + 7}T10:00:00.000Z`,
      claimed_at: null,
      claim_status: round === rounds ? 'awaiting_claim' : 'redrawn',
    });
    excluded.push(position);
    if (!reusedSeeds) {
      const next = round + 1;
      const listed = redrawSeeds.find((s) => s.round === round);
      if (listed) listed.seed = roundSeed;
      redrawSeeds.push({
        round: next,
        commitment: sha(sha(`the seed of round ${next}`)),
        committed_at: drawnAt(round),
        seed: null,
      });
    }
  }
  return {
    list,
    verification: {
      giveaway_id: 70,
      title: 'Checked Giveaway',
      algorithm: 'aw-draw-v1',
      commitment: sha(seed),
      committed_at: '2026-02-01T10:00:00.000Z',
      committed_before_entries: true,
      seed,
      external_randomness: external ? 'drand round 42' : null,
      external_value: external,
      frozen: {
        frozen_at: '2026-02-28T10:00:00.000Z',
        reason: 'stopped',
        entrant_count: size,
        fingerprint,
      },
      frozen_list_path: '/api/v1/giveaway/70/frozen-entries.txt',
      draws,
      winner_count: 1,
      redraw_seeds: redrawSeeds,
    },
  };
}

/**
 * A consistent weighted record ("aw-draw-v2") as the server publishes it, built with the server's
 * own procedure: `winnerCount` places drawn from `weights.length` entries, then a re-draw of each
 * place in `redraws`, each with its own seed committed at the round before.
 */
export function buildWeightedVerification(
  weights: readonly number[],
  winnerCount: number,
  redraws: readonly number[] = [],
): { verification: GiveawayVerification; list: string } {
  const seed = sha('a weighted test seed');
  const hashes = weights.map((_, i) => sha(`weighted receipt ${i}`));
  const lines = hashes.map((receipt_hash, i) => ({ receipt_hash, weight: weights[i] as number }));
  const list = weightedListText(lines);
  const fingerprint = sha(list);
  const drawnAt = (round: number) => `2026-04-${String(round).padStart(2, '0')}T10:00:00.000Z`;
  const picks = weightedDraw({ seed, external: '', fingerprint, weights, count: winnerCount });
  const draws: DrawRound[] = picks.map((p) => ({
    round: p.round,
    place: p.place,
    algorithm: 'aw-draw-v2',
    drawn_at: drawnAt(1),
    reason: null,
    eligible_count: p.eligible,
    position: p.position,
    counter: p.counter,
    receipt_hash: hashes[p.position] as string,
    winner_handle: `winner_${p.place}`,
    claim_deadline: '2026-05-01T10:00:00.000Z',
    claimed_at: null,
    claim_status: 'awaiting_claim',
  }));
  const roundSeed = (round: number) => sha(`weighted seed of round ${round}`);
  const redrawSeeds: RedrawSeed[] = [];
  let round = draws.length;
  let committedAt = drawnAt(1);
  for (const place of redraws) {
    round += 1;
    redrawSeeds.push({
      round,
      commitment: sha(roundSeed(round)),
      committed_at: committedAt,
      seed: roundSeed(round),
    });
    const excluded = new Set(draws.map((d) => d.position));
    const eligible = weights.map((_, i) => i).filter((i) => !excluded.has(i));
    const pick = weightedPick({
      seed: roundSeed(round),
      external: '',
      fingerprint,
      round,
      eligible,
      weights,
    });
    for (const d of draws) if (d.place === place) d.claim_status = 'redrawn';
    committedAt = drawnAt(round);
    draws.push({
      round,
      place,
      algorithm: 'aw-draw-v2',
      drawn_at: committedAt,
      reason: `Place ${place} was disqualified.`,
      eligible_count: eligible.length,
      position: pick.position,
      counter: pick.counter,
      receipt_hash: hashes[pick.position] as string,
      winner_handle: `winner_${place}_again`,
      claim_deadline: '2026-05-01T10:00:00.000Z',
      claimed_at: null,
      claim_status: 'awaiting_claim',
    });
  }
  redrawSeeds.push({
    round: round + 1,
    commitment: sha(roundSeed(round + 1)),
    committed_at: committedAt,
    seed: null,
  });
  return {
    list,
    verification: {
      giveaway_id: 71,
      title: 'Weighted Giveaway',
      algorithm: 'aw-draw-v2',
      commitment: sha(seed),
      committed_at: '2026-03-01T10:00:00.000Z',
      committed_before_entries: true,
      seed,
      external_randomness: null,
      external_value: '',
      frozen: {
        frozen_at: '2026-03-31T10:00:00.000Z',
        reason: 'stopped',
        entrant_count: weights.length,
        fingerprint,
      },
      frozen_list_path: '/api/v1/giveaway/71/frozen-entries.txt',
      draws,
      winner_count: winnerCount,
      redraw_seeds: redrawSeeds,
    },
  };
}
