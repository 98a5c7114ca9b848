import { createHash, createHmac } from 'node:crypto';

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

/*
 * The weighted method ("aw-draw-v2"), again from its description: the list file is one
 * "hash weight" line per entry; each round lays one ticket per unit of weight over the eligible
 * entries in list order and draws a ticket from HMAC-SHA-256(seed, external:fingerprint:round:
 * counter), reading 48 bits and rejecting values at or above the largest multiple of the ticket
 * count.
 */

export interface ReferenceLine {
  hash: string;
  weight: number;
}

/** Reads a weighted list file; throws on any line that is not "hash weight". */
export function referenceWeightedLines(text: string): ReferenceLine[] {
  if (text !== '' && !text.endsWith('\n')) throw new Error('the list must end with a newline');
  return text
    .split('\n')
    .slice(0, -1)
    .map((line) => {
      const [hash, weight, ...rest] = line.split(' ');
      if (!hash || !/^[0-9a-f]{64}$/.test(hash) || !weight || rest.length)
        throw new Error(`not a list line: ${line}`);
      return { hash, weight: Number.parseInt(weight, 10) };
    });
}

export function referenceWeightedPick(input: {
  seed: string;
  external: string;
  fingerprint: string;
  round: number;
  lines: readonly ReferenceLine[];
  excluded: readonly number[];
}): { position: number; counter: number } {
  const tickets: number[] = [];
  input.lines.forEach((line, position) => {
    if (!input.excluded.includes(position))
      for (let k = 0; k < line.weight; k += 1) tickets.push(position);
  });
  const total = BigInt(tickets.length);
  const space = 1n << 48n;
  const limit = space - (space % total);
  for (let counter = 0; counter < 10_000; counter += 1) {
    const mac = createHmac('sha256', Buffer.from(input.seed, 'utf8'))
      .update(
        Buffer.from(
          [input.external, input.fingerprint, String(input.round), String(counter)].join(':'),
          'utf8',
        ),
      )
      .digest();
    const x = BigInt(mac.readUIntBE(0, 6));
    if (x < limit) return { position: tickets[Number(x % total)] as number, counter };
  }
  throw new Error('no attempt accepted');
}

/** SHA-256 of a weighted list file: "hash weight\n" for every entry. */
export function referenceWeightedFingerprint(lines: readonly ReferenceLine[]): string {
  return referenceSha256(lines.map((l) => `${l.hash} ${l.weight}\n`).join(''));
}
