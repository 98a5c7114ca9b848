/**
 * Cryptographic shuffling for the draw animation. The server picks the winner; this only decides
 * the order names flash by, but it should still look fair to anyone watching, so no Math.random.
 */

const UINT32_RANGE = 0x1_0000_0000;

export type RandomUint32 = () => number;

/** One uniformly random unsigned 32-bit integer from the Web Crypto API. */
export const cryptoUint32: RandomUint32 = () => {
  const buffer = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buffer);
  return buffer[0] ?? 0;
};

/**
 * A uniform integer in [0, maxExclusive). Values from the top, incomplete block of the 32-bit
 * range are rejected, which removes the modulo bias a bare `% maxExclusive` would have.
 */
export function randomIndex(maxExclusive: number, random: RandomUint32 = cryptoUint32): number {
  if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > UINT32_RANGE) {
    throw new RangeError(`randomIndex needs a whole number from 1 to 2^32, got ${maxExclusive}`);
  }
  const limit = UINT32_RANGE - (UINT32_RANGE % maxExclusive);
  let value = random();
  while (value >= limit) value = random();
  return value % maxExclusive;
}

/** Fisher–Yates: every permutation equally likely. Returns a new array. */
export function cryptoShuffle<T>(items: readonly T[], random: RandomUint32 = cryptoUint32): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = randomIndex(i + 1, random);
    const a = result[i] as T;
    result[i] = result[j] as T;
    result[j] = a;
  }
  return result;
}
