import fc from 'fast-check';
import {
  weightedDraw,
  weightedFingerprint,
  weightedPick,
} from '../../../../../server/src/services/giveaways/draw';
import { useNodeWebCrypto } from '../../__tests__/verification-fixture';
import {
  hmacKey,
  parseWeightedList,
  recomputeWeightedDraw,
  recomputeWeightedPick,
  sha256Hex,
} from '../draw-check';

beforeAll(useNodeWebCrypto);

const hash = fc.hexaString({ minLength: 64, maxLength: 64 }).map((h) => h.toLowerCase());

describe('the server and the browser run the same weighted draw', () => {
  it('agree on every place of a first draw, for random lists, weights, seeds and values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ receipt_hash: hash, weight: fc.integer({ min: 1, max: 6 }) }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 12 }),
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.string({ maxLength: 24 }),
        async (lines, count, seed, external) => {
          const fingerprint = weightedFingerprint(lines);
          const weights = lines.map((l) => l.weight);
          const server = weightedDraw({ seed, external, fingerprint, weights, count });
          const browser = await recomputeWeightedDraw({
            seed,
            external,
            fingerprint,
            weights,
            count,
          });
          expect(browser.map((p) => [p.place, p.position, p.counter, p.eligible])).toEqual(
            server.map((p) => [p.place, p.position, p.counter, p.eligible]),
          );
          expect(browser).toHaveLength(Math.min(count, lines.length));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('agree on a re-draw of one place from what is left, with its own seed and round', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 50 }),
        fc.integer({ min: 2, max: 200 }),
        fc.hexaString({ minLength: 64, maxLength: 64 }),
        fc.func(fc.boolean()),
        async (weights, round, seed, keep) => {
          let eligible = weights.map((_, i) => i).filter((i) => keep(i));
          if (eligible.length === 0) eligible = [weights.length - 1];
          const input = {
            seed,
            external: '',
            fingerprint: 'f'.repeat(64),
            round,
            eligible,
            weights,
          };
          const server = weightedPick(input);
          const browser = await recomputeWeightedPick({ ...input, key: await hmacKey(seed) });
          expect([browser.position, browser.counter]).toEqual([server.position, server.counter]);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('read the published list file the same way it was written', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ receipt_hash: hash, weight: fc.integer({ min: 1, max: 101 }) }), {
          maxLength: 30,
        }),
        async (lines) => {
          const text = lines.map((l) => `${l.receipt_hash} ${l.weight}\n`).join('');
          expect(parseWeightedList(text)).toEqual({
            hashes: lines.map((l) => l.receipt_hash),
            weights: lines.map((l) => l.weight),
          });
          expect(await sha256Hex(text)).toBe(weightedFingerprint(lines));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses a list line that is not "hash weight"', () => {
    const h = 'a'.repeat(64);
    for (const bad of [`${h}\n`, `${h} 0\n`, `${h} 1`, `${h}  1\n`, `${h} -1\n`, `${h} 1.5\n`]) {
      expect(parseWeightedList(bad)).toBeNull();
    }
  });
});
