import { buildVerification, useNodeWebCrypto } from '../../__tests__/verification-fixture';
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
        ...verification.draws.map((d) => [`round-${d.round}`, true]),
      ]);
      expect(result.verified).toBe(true);
    }
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
