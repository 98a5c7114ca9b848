import crypto from 'node:crypto';
import { entrantFingerprint, pickWinner } from '../../../src/services/giveaways/draw';

afterEach(() => jest.restoreAllMocks());

test('the fingerprint is the SHA-256 of the ascending ids joined with commas, whatever the input order', () => {
  const expected = crypto.createHash('sha256').update('3,7,12').digest('hex');
  expect(entrantFingerprint([12, 3, 7])).toBe(expected);
  expect(entrantFingerprint([3, 7, 12])).toBe(expected);
  expect(entrantFingerprint([3, 7])).not.toBe(expected);
});

test('crypto.randomInt picks the position in the sorted list', () => {
  const spy = jest
    .spyOn(crypto, 'randomInt')
    .mockImplementation((() => 2) as unknown as typeof crypto.randomInt);
  const pick = pickWinner([40, 10, 30, 20]);
  expect(spy).toHaveBeenCalledWith(4);
  expect(pick).toEqual({
    index: 2,
    winnerId: 30,
    entrantCount: 4,
    fingerprint: entrantFingerprint([10, 20, 30, 40]),
  });
});

test('an empty entrant list is a programming error, not a draw', () => {
  expect(() => pickWinner([])).toThrow('at least one entrant');
});

test('the pick is uniform over the entrants (chi-square)', () => {
  const ids = [5, 9, 11, 23, 42, 57, 60, 71, 88, 99];
  const draws = 30_000;
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  for (let i = 0; i < draws; i += 1) {
    const { winnerId } = pickWinner(ids);
    counts.set(winnerId, (counts.get(winnerId) ?? 0) + 1);
  }
  expect([...counts.keys()].sort((a, b) => a - b)).toEqual(ids);
  const expected = draws / ids.length;
  const chiSquare = [...counts.values()].reduce(
    (sum, observed) => sum + (observed - expected) ** 2 / expected,
    0,
  );
  // 9 degrees of freedom: P(chi² > 60) is about 1.5e-9, so a fair picker never fails this, while
  // an off-by-one or a bias of a few percent towards one entrant lands far above it.
  expect(chiSquare).toBeLessThan(60);
  for (const observed of counts.values())
    expect(Math.abs(observed - expected)).toBeLessThan(expected * 0.1);
});
