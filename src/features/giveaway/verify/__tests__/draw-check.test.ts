import type { RedrawSeed } from '@site/contracts';
import {
  buildVerification,
  buildWeightedVerification,
  useNodeWebCrypto,
} from '../../__tests__/verification-fixture';
import { checkDraw, recomputePosition, sha256Hex } from '../draw-check';

beforeAll(useNodeWebCrypto);

describe('checkDraw (Web Crypto)', () => {
  it('hashes as SHA-256 hex', async () => {
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('verifies a consistent record, re-draws and an external value included', async () => {
    for (const [size, rounds, external] of [
      [1, 1, ''],
      [7, 1, ''],
      [12, 3, 'beacon-value'],
    ] as const) {
      const { verification, list } = buildVerification(size, rounds, external);
      const result = await checkDraw(verification, list);
      expect(result.steps.map((s) => [s.key, s.ok])).toEqual([
        ['commitment', true],
        ['fingerprint', true],
        ['count', true],
        ...verification.draws.flatMap((d) => [
          ...(d.round > 1 ? [[`seed-${d.round}`, true]] : []),
          [`round-${d.round}`, true],
        ]),
      ]);
      expect(result.verified).toBe(true);
    }
  });

  it('recomputes each re-draw with its own seed, checked against the commitment published with the round before', async () => {
    const { verification, list } = buildVerification(10, 3);
    expect(verification.redraw_seeds.map((s) => [s.round, s.seed === null])).toEqual([
      [2, false],
      [3, false],
      [4, true],
    ]);
    const result = await checkDraw(verification, list);
    expect(result.verified).toBe(true);
    expect(result.steps.find((s) => s.key === 'seed-2')?.label).toBe(
      'Draw 2 used its own seed, whose SHA-256 was published with draw 1 and which nobody outside the server knew until this draw.',
    );

    // The first seed does not name the re-draws' winners any more: recomputing them with it fails.
    const reused = {
      ...verification,
      redraw_seeds: verification.redraw_seeds.map((s) => ({ ...s, seed: verification.seed })),
    };
    const withFirstSeed = await checkDraw(reused, list);
    expect(withFirstSeed.verified).toBe(false);
    expect(withFirstSeed.steps.find((s) => s.key === 'seed-2')?.ok).toBe(false);
  });

  it('fails on a re-draw seed that does not match its commitment, or was committed after the re-draw', async () => {
    const { verification, list } = buildVerification(8, 2);
    const [second, next] = verification.redraw_seeds as [RedrawSeed, RedrawSeed];
    const otherSeed = await checkDraw(
      { ...verification, redraw_seeds: [{ ...second, seed: 'e'.repeat(64) }, next] },
      list,
    );
    expect(otherSeed.verified).toBe(false);
    expect(otherSeed.steps.find((s) => s.key === 'seed-2')?.ok).toBe(false);

    const late = await checkDraw(
      {
        ...verification,
        redraw_seeds: [{ ...second, committed_at: '2026-03-09T10:00:00.000Z' }, next],
      },
      list,
    );
    expect(late.verified).toBe(false);
    expect(late.steps.find((s) => s.key === 'seed-2')?.ok).toBe(false);
  });

  it('still verifies a giveaway re-drawn before re-draw seeds existed, and says its re-draws were foreseeable', async () => {
    const { verification, list } = buildVerification(9, 3, '', { reusedSeeds: true });
    expect(verification.redraw_seeds).toEqual([]);
    const result = await checkDraw(verification, list);
    expect(result.verified).toBe(true);
    expect(result.steps.find((s) => s.key === 'seed-3')?.label).toMatch(
      /reused the first seed, so anyone who saw the first draw could have computed it in advance/,
    );
  });

  it('fails on a seed that does not match the commitment', async () => {
    const { verification, list } = buildVerification(5);
    const result = await checkDraw({ ...verification, seed: 'f'.repeat(64) }, list);
    expect(result.verified).toBe(false);
    expect(result.steps.find((s) => s.key === 'commitment')?.ok).toBe(false);
  });

  it('fails on a list changed after it was frozen', async () => {
    const { verification, list } = buildVerification(5);
    const lines = list.split('\n');
    const swapped = [lines[1], lines[0], ...lines.slice(2)].join('\n');
    const result = await checkDraw(verification, swapped);
    expect(result.verified).toBe(false);
    expect(result.steps.find((s) => s.key === 'fingerprint')?.ok).toBe(false);
  });

  it('fails on a winner the method does not name', async () => {
    const { verification, list } = buildVerification(5);
    const round = verification.draws[0];
    const wrong = {
      ...verification,
      draws: [{ ...round, position: ((round?.position ?? 0) + 1) % 5 } as typeof round & object],
    };
    const result = await checkDraw(wrong, list);
    expect(result.verified).toBe(false);
    expect(result.steps.find((s) => s.key === 'round-1')?.ok).toBe(false);
  });

  it('rejects the biased tail: an n that rejects often still lands on an eligible entry', async () => {
    // With 3 eligible entries only x = 2^32 - 1 is rejected; every result is one of them.
    for (let i = 0; i < 20; i += 1) {
      const { position } = await recomputePosition({
        seed: `${i}`,
        external: '',
        fingerprint: 'f',
        round: 1,
        eligible: [2, 5, 9],
      });
      expect([2, 5, 9]).toContain(position);
    }
  });
});

describe('checkDraw on a weighted draw of several winners (aw-draw-v2)', () => {
  const weights = [1, 3, 1, 1, 6, 1, 2, 1, 1, 1];

  it('verifies every place, and a re-draw of one place with its own seed', async () => {
    const { verification, list } = buildWeightedVerification(weights, 3, [2]);
    const result = await checkDraw(verification, list);
    expect(result.steps.map((s) => [s.key, s.ok])).toEqual([
      ['commitment', true],
      ['fingerprint', true],
      ['count', true],
      ['round-1', true],
      ['round-2', true],
      ['round-3', true],
      ['seed-4', true],
      ['round-4', true],
    ]);
    expect(result.verified).toBe(true);
    expect(result.steps[2]?.label).toBe(
      'The list holds 10 entries, one receipt hash and its number of entries in the draw per line (18 in all, 8 of them bonus entries).',
    );
    expect(result.steps[3]?.label).toMatch(
      /^Place 1: the method picks position \d+ of the list \(from 10 eligible entries holding 18 entries in the draw\)/,
    );
    expect(result.steps[7]?.label).toMatch(/^Place 2 \(re-drawn, draw 4\): the method picks/);
  });

  it('fails when a weight in the list was changed, or a place names another entry', async () => {
    const { verification, list } = buildWeightedVerification(weights, 3);
    const lines = list.split('\n');
    lines[0] = lines[0]?.replace(/ 1$/, ' 2') ?? '';
    const tampered = await checkDraw(verification, lines.join('\n'));
    expect(tampered.verified).toBe(false);
    expect(tampered.steps.find((s) => s.key === 'fingerprint')?.ok).toBe(false);

    const other = structuredClone(verification);
    const second = other.draws[1];
    if (second) second.position = (second.position + 1) % weights.length;
    const wrong = await checkDraw(other, list);
    expect(wrong.steps.find((s) => s.key === 'round-2')?.ok).toBe(false);
    expect(wrong.verified).toBe(false);
  });

  it('refuses a re-draw with no seed published in advance', async () => {
    const { verification, list } = buildWeightedVerification(weights, 2, [1]);
    const withoutSeed = { ...verification, redraw_seeds: [] };
    const result = await checkDraw(withoutSeed, list);
    expect(result.steps.find((s) => s.key === 'seed-3')).toMatchObject({ ok: false });
    expect(result.verified).toBe(false);
  });
});
