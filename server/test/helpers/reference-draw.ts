import { createHash } from 'node:crypto';

/*
 * The draw algorithm written again from its description in docs/giveaways.md, for the tests only
 * and without importing the server's code: Buffers and BigInt where the server uses hex strings
 * and Numbers, so a mistake in one is not repeated in the other.
 */

const digest = (text: string): Buffer =>
  createHash('sha256').update(Buffer.from(text, 'utf8')).digest();

export const referenceSha256 = (text: string): string => digest(text).toString('hex');

/** SHA-256 of the frozen list file: every receipt hash followed by a newline. */
export function referenceFingerprint(receiptHashes: readonly string[]): string {
  return referenceSha256(receiptHashes.map((line) => `${line}\n`).join(''));
}

export interface ReferenceDrawInput {
  seed: string;
  external: string;
  fingerprint: string;
  round: number;
  listLength: number;
  /** Positions already drawn in earlier rounds. */
  excluded: readonly number[];
}

/** The winning position in the frozen list, and which attempt was accepted. */
export function referenceDraw(input: ReferenceDrawInput): { position: number; counter: number } {
  const eligible: number[] = [];
  for (let position = 0; position < input.listLength; position += 1)
    if (!input.excluded.includes(position)) eligible.push(position);
  const n = BigInt(eligible.length);
  const space = 1n << 32n;
  const limit = space - (space % n);
  for (let counter = 0; counter < 10_000; counter += 1) {
    const h = digest(
      [input.seed, input.external, input.fingerprint, String(input.round), String(counter)].join(
        ':',
      ),
    );
    const x = BigInt(h.readUInt32BE(0));
    if (x < limit) return { position: eligible[Number(x % n)] as number, counter };
  }
  throw new Error('no attempt accepted');
}

export interface ReferenceRedrawSeed {
  round: number;
  commitment: string;
  committed_at: string;
  seed: string | null;
}

/**
 * The seed a round is drawn with: round 1 uses the seed committed at creation; a re-draw (round
 * N >= 2) uses the seed listed for round N, which must be revealed and hash to the commitment
 * published when round N − 1 was drawn. `legacy` allows a re-draw with no seed listed (made before
 * re-draw seeds existed) to use round 1's seed.
 */
export function referenceRoundSeed(
  round: number,
  firstSeed: string,
  redrawSeeds: readonly ReferenceRedrawSeed[],
  { legacy = false }: { legacy?: boolean } = {},
): string {
  if (round === 1) return firstSeed;
  const listed = redrawSeeds.find((s) => s.round === round);
  if (!listed) {
    if (legacy) return firstSeed;
    throw new Error(`no seed committed for round ${round}`);
  }
  if (listed.seed === null) throw new Error(`the seed of round ${round} is not revealed`);
  if (referenceSha256(listed.seed) !== listed.commitment)
    throw new Error(`the seed of round ${round} does not match its commitment`);
  return listed.seed;
}
