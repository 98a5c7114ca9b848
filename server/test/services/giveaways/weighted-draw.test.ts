import crypto from 'node:crypto';
import fc from 'fast-check';
import {
  positionOfTicket,
  uniformTicket,
  weightedAttemptValue,
  weightedDraw,
  weightedFingerprint,
  weightedListText,
  weightedPick,
} from '../../../src/services/giveaways/draw';

/**
 * An independent reading of the weighted method as docs/giveaways.md states it, in BigInt
 * arithmetic and with an explicit ticket table, to check the server's implementation against.
 */
function reference(
  seed: string,
  external: string,
  fingerprint: string,
  weights: number[],
  count: number,
): number[] {
  const chosen: number[] = [];
  for (let round = 1; round <= count && chosen.length < weights.length; round += 1) {
    const tickets: number[] = [];
    weights.forEach((w, i) => {
      if (!chosen.includes(i)) for (let k = 0; k < w; k += 1) tickets.push(i);
    });
    const total = BigInt(tickets.length);
    const space = 1n << 48n;
    const limit = space - (space % total);
    for (let counter = 0; ; counter += 1) {
      const mac = crypto
        .createHmac('sha256', seed)
        .update(`${external}:${fingerprint}:${round}:${counter}`)
        .digest();
      const x = BigInt(`0x${mac.subarray(0, 6).toString('hex')}`);
      if (x < limit) {
        chosen.push(tickets[Number(x % total)] as number);
        break;
      }
    }
  }
  return chosen;
}

const seed = 'a'.repeat(64);

describe('the weighted draw (aw-draw-v2)', () => {
  it('writes the list as "hash weight" lines and fingerprints that text', () => {
    const lines = [
      { receipt_hash: 'a'.repeat(64), weight: 1 },
      { receipt_hash: 'b'.repeat(64), weight: 6 },
    ];
    expect(weightedListText(lines)).toBe(`${'a'.repeat(64)} 1\n${'b'.repeat(64)} 6\n`);
    expect(weightedFingerprint(lines)).toBe(
      crypto.createHash('sha256').update(weightedListText(lines)).digest('hex'),
    );
  });

  it('reads the first 48 bits of HMAC-SHA-256 keyed with the seed', () => {
    const mac = crypto.createHmac('sha256', seed).update('x:fp:2:5').digest('hex');
    expect(weightedAttemptValue({ seed, external: 'x', fingerprint: 'fp', round: 2 }, 5)).toBe(
      Number.parseInt(mac.slice(0, 12), 16),
    );
  });

  it('rejects values at or above the largest multiple of the total weight (no modulo bias)', () => {
    const limit = 2 ** 48 - (2 ** 48 % 7);
    const values = [limit, 2 ** 48 - 1, limit - 1];
    expect(uniformTicket(7, (c) => values[c] as number)).toEqual({
      ticket: (limit - 1) % 7,
      counter: 2,
    });
    expect(() => uniformTicket(0, () => 0)).toThrow(RangeError);
  });

  it('gives each entry as many tickets as its weight, in list order', () => {
    const weights = [2, 1, 3];
    const eligible = [0, 1, 2];
    expect([0, 1, 2, 3, 4, 5].map((t) => positionOfTicket(t, eligible, weights))).toEqual([
      0, 0, 1, 2, 2, 2,
    ]);
    expect([0, 1, 2, 3].map((t) => positionOfTicket(t, [1, 2], weights))).toEqual([1, 2, 2, 2]);
  });

  it('refuses a weight that is not a whole number of at least 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() =>
        weightedPick({
          seed,
          external: '',
          fingerprint: 'f',
          round: 1,
          eligible: [0],
          weights: [bad],
        }),
      ).toThrow(RangeError);
    }
  });

  it('picks distinct places, and as many as asked or as there are entries', () => {
    const weights = [1, 5, 1, 2, 1];
    const picks = weightedDraw({ seed, external: '', fingerprint: 'f', weights, count: 3 });
    expect(picks.map((p) => p.place)).toEqual([1, 2, 3]);
    expect(picks.map((p) => p.round)).toEqual([1, 2, 3]);
    expect(picks.map((p) => p.eligible)).toEqual([5, 4, 3]);
    expect(new Set(picks.map((p) => p.position)).size).toBe(3);
    const all = weightedDraw({ seed, external: '', fingerprint: 'f', weights, count: 100 });
    expect(all.map((p) => p.position).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('agrees with an independent BigInt reading of the method on random lists', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        fc.hexaString({ minLength: 1, maxLength: 64 }),
        fc.string({ maxLength: 20 }),
        (weights, count, s, external) => {
          const fingerprint = crypto.createHash('sha256').update(s).digest('hex');
          const picks = weightedDraw({ seed: s, external, fingerprint, weights, count });
          expect(picks.map((p) => p.position)).toEqual(
            reference(s, external, fingerprint, weights, count),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('draws entries in proportion to their weight', () => {
    // 6000 one-winner draws over weights 1, 2 and 3: each share within 3 points of w / 6.
    const weights = [1, 2, 3];
    const wins = [0, 0, 0];
    for (let i = 0; i < 6000; i += 1) {
      const [pick] = weightedDraw({
        seed: `seed ${i}`,
        external: '',
        fingerprint: 'f',
        weights,
        count: 1,
      });
      const position = pick?.position as number;
      wins[position] = (wins[position] ?? 0) + 1;
    }
    wins.forEach((n, i) =>
      expect(Math.abs(n / 6000 - (weights[i] as number) / 6)).toBeLessThan(0.03),
    );
  });
});
