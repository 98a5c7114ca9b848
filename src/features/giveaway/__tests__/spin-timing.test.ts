import { displayHandle } from '../spin/display-name';
import { cryptoShuffle, randomIndex } from '../spin/shuffle';
import {
  DEFAULT_SPIN_MS,
  FAST_STEP_MS,
  FINAL_STEP_MS,
  SLOW_STEP_MS,
  planSpin,
  spinDuration,
} from '../spin/timing';

const identity = <T>(items: readonly T[]) => [...items];

describe('spinDuration', () => {
  it('is the sound length minus 4 seconds', () => {
    expect(spinDuration(9)).toBe(5000);
    expect(spinDuration(12.5)).toBe(8500);
  });

  it('never goes below 1000 ms', () => {
    expect(spinDuration(4.2)).toBe(1000);
    expect(spinDuration(1)).toBe(1000);
  });

  it('falls back to 4000 ms when the length is unknown', () => {
    expect(spinDuration(undefined)).toBe(DEFAULT_SPIN_MS);
    expect(spinDuration(null)).toBe(4000);
    expect(spinDuration(Number.NaN)).toBe(4000);
    expect(spinDuration(Number.POSITIVE_INFINITY)).toBe(4000);
    expect(spinDuration(0)).toBe(4000);
  });
});

describe('planSpin', () => {
  const names = ['@ann', '@bob', '@cy', '@dee'];

  it('steps every 40 ms for the first 60 %, every 120 ms for the next 30 %, then every 350 ms', () => {
    const { frames } = planSpin({ duration: 5000, names, winner: '@cy', shuffle: identity });
    const fast = frames.filter((f) => f.phase === 'fast');
    const slow = frames.filter((f) => f.phase === 'slow');
    const final = frames.filter((f) => f.phase === 'final');

    expect(fast[0]?.at).toBe(0);
    expect(fast.every((f, i) => f.at === i * FAST_STEP_MS)).toBe(true);
    expect(fast.at(-1)?.at).toBeLessThan(3000);
    expect(fast).toHaveLength(75);

    expect(slow[0]?.at).toBe(3000);
    expect(slow.every((f, i) => f.at === 3000 + i * SLOW_STEP_MS)).toBe(true);
    expect(slow.at(-1)?.at).toBeLessThan(4500);
    expect(slow).toHaveLength(13);

    expect(final.map((f) => f.at)).toEqual([4500, 4500 + FINAL_STEP_MS]);
  });

  it('ends on the winner, who heads the final list', () => {
    const plan = planSpin({ duration: 4000, names, winner: '@bob', shuffle: identity });
    expect(plan.finalNames[0]).toBe('@bob');
    expect(plan.frames.at(-1)).toEqual({ at: plan.endsAt, name: '@bob', phase: 'final' });
    expect(plan.endsAt).toBe(3600 + 350);
  });

  it('walks the final list backwards so it lands on the winner however many steps fit', () => {
    const plan = planSpin({ duration: 20000, names, winner: '@ann', shuffle: identity });
    const final = plan.frames.filter((f) => f.phase === 'final');
    // 10 % of 20 s is 2000 ms: six steps of 350 ms.
    expect(final).toHaveLength(6);
    // Final list [@ann, @bob, @cy, @dee], read from index 5 mod 4 down to 0.
    expect(final.map((f) => f.name)).toEqual(['@bob', '@ann', '@dee', '@cy', '@bob', '@ann']);
    expect(final.at(-1)?.name).toBe('@ann');
  });

  it('cycles through every entrant, without blanks or duplicates, and adds a missing winner', () => {
    const plan = planSpin({
      duration: 1000,
      names: [' @ann ', '', '@ann', '@bob'],
      winner: '@zed',
      shuffle: identity,
    });
    const shown = new Set(plan.frames.map((f) => f.name));
    expect(shown).toEqual(new Set(['@zed', '@ann', '@bob']));
    expect(plan.frames.at(-1)?.name).toBe('@zed');
  });

  it('still spins on the winner alone when the entrant list could not be loaded', () => {
    const plan = planSpin({ duration: 4000, names: [], winner: 'solo@example.com' });
    expect(plan.frames.length).toBeGreaterThan(50);
    expect(plan.frames.every((f) => f.name === 'solo@example.com')).toBe(true);
  });

  it('shuffles with the cryptographic shuffle by default', () => {
    const spy = jest.spyOn(globalThis.crypto, 'getRandomValues');
    planSpin({ duration: 1000, names, winner: '@ann' });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('cryptoShuffle', () => {
  it('returns a permutation and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const output = cryptoShuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...output].sort((a, b) => a - b)).toEqual(input);
  });

  it('is Fisher–Yates: each draw picks from the items not yet placed', () => {
    const draws: number[] = [];
    const random = () => {
      draws.push(0);
      return 0;
    };
    // Always picking index 0 rotates the first item to the end step by step.
    expect(cryptoShuffle(['a', 'b', 'c', 'd'], random)).toEqual(['b', 'c', 'd', 'a']);
    expect(draws).toHaveLength(3);
  });

  it('spreads every item evenly over every position', () => {
    const counts = new Map<string, number>();
    const runs = 8000;
    for (let run = 0; run < runs; run += 1) {
      cryptoShuffle([0, 1, 2, 3]).forEach((item, position) => {
        const key = `${item}@${position}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      });
    }
    expect(counts.size).toBe(16);
    for (const count of counts.values())
      expect(Math.abs(count - runs / 4)).toBeLessThan(runs * 0.04);
  });
});

describe('randomIndex', () => {
  it('rejects values from the incomplete top block instead of folding them (no modulo bias)', () => {
    // 2^32 is not a multiple of 3: the top value 2^32 − 1 lies in the incomplete block.
    const values = [0xffff_ffff, 7];
    expect(randomIndex(3, () => values.shift() as number)).toBe(7 % 3);
    expect(values).toHaveLength(0);
  });

  it('accepts only whole numbers of at least 1', () => {
    expect(() => randomIndex(0)).toThrow(RangeError);
    expect(() => randomIndex(1.5)).toThrow(RangeError);
    expect(randomIndex(1)).toBe(0);
  });
});

describe('displayHandle', () => {
  it('trims, keeps a single leading @ and falls back to the e-mail', () => {
    expect(displayHandle({ instagram_handle: '  ann ', email: 'a@example.com' })).toBe('@ann');
    expect(displayHandle({ instagram_handle: '@@bob', email: 'b@example.com' })).toBe('@bob');
    expect(displayHandle({ instagram_handle: '   ', email: 'c@example.com' })).toBe(
      'c@example.com',
    );
    expect(displayHandle({ instagram_handle: '', email: 'd@example.com' })).toBe('d@example.com');
  });
});
