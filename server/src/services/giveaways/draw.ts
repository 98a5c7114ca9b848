import crypto from 'node:crypto';

/*
 * The published draw algorithm ("aw-draw-v1") and the values it works on. docs/giveaways.md
 * states it in words; the verification page runs the same steps in the browser with Web Crypto,
 * and the tests recompute it with an independent implementation. Every text is hashed as UTF-8,
 * every hash is lower-case hex.
 *
 *   commitment  = SHA-256(seed)                              published at creation
 *   list        = receipt hashes in entry order, each followed by "\n"
 *   fingerprint = SHA-256(list)                              published when entries close
 *   for counter = 0, 1, 2, …:
 *     h = SHA-256(seed ":" external ":" fingerprint ":" round ":" counter)
 *     x = the first 8 hex digits of h, as an unsigned 32-bit number
 *     if x < 2^32 − (2^32 mod n): index = x mod n, stop     (rejection sampling: no modulo bias)
 *   winner = eligible[index]
 *
 * where `eligible` is the ascending list of positions (0-based) in the frozen list that earlier
 * rounds have not excluded, n its length, `round` counts from 1 and `external` is the external
 * public random value named in the rules ("" when there is none).
 *
 * `seed` is the round's own seed: for round 1 the one committed at creation; for a re-draw
 * (round N >= 2) a fresh one whose SHA-256 was published when round N − 1 was drawn and which
 * round N reveals. (Re-draws made before re-draw seeds existed used round 1's seed.)
 */

export const ALGORITHM = 'aw-draw-v1' as const;

const TWO_TO_32 = 2 ** 32;

/** Far beyond any real run (the chance of even 10 rejections in a row is below 1e-30). */
const MAX_ATTEMPTS = 1000;

export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A new secret seed: 32 bytes from the OS's CSPRNG, as 64 lower-case hex characters. */
export function newSeed(): string {
  return crypto.randomBytes(32).toString('hex');
}

export function commitmentOf(seed: string): string {
  return sha256Hex(seed);
}

/** Crockford's base 32: no I, L, O or U, so a code read aloud or retyped is hard to get wrong. */
const RECEIPT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A receipt code: 80 random bits as 16 characters in groups of four, e.g. "K7M2-9QXD-4HVA-PN3T". */
export function newReceipt(): string {
  const bytes = crypto.randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 15; i >= 0; i -= 1) code += RECEIPT_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/**
 * A receipt code as typed (any case, spaces or dashes anywhere, O for 0, I or L for 1) in its
 * written form, or null when it cannot be one.
 */
export function normaliseReceipt(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== 16) return null;
  for (const char of compact) if (!RECEIPT_ALPHABET.includes(char)) return null;
  return compact.match(/.{4}/g)?.join('-') ?? null;
}

/** What the public list shows for an entry: SHA-256 of the written receipt code, dashes included. */
export function receiptHash(receipt: string): string {
  return sha256Hex(receipt);
}

/** The frozen list file: one receipt hash per line, each line ending in "\n". */
export function frozenListText(hashes: readonly string[]): string {
  return hashes.map((hash) => `${hash}\n`).join('');
}

export function listFingerprint(hashes: readonly string[]): string {
  return sha256Hex(frozenListText(hashes));
}

/**
 * An index below n, uniform when `next(counter)` yields uniform 32-bit numbers: values at or
 * above the largest multiple of n below 2^32 are rejected and the next counter tried.
 */
export function uniformIndex(
  n: number,
  next: (counter: number) => number,
): { index: number; counter: number } {
  if (!Number.isInteger(n) || n < 1 || n > TWO_TO_32)
    throw new RangeError(`uniformIndex needs 1 <= n <= 2^32, got ${n}`);
  const limit = TWO_TO_32 - (TWO_TO_32 % n);
  for (let counter = 0; counter < MAX_ATTEMPTS; counter += 1) {
    const x = next(counter);
    if (x < limit) return { index: x % n, counter };
  }
  throw new Error('uniformIndex: no value accepted; the source of numbers is broken');
}

export interface DrawInput {
  /** The round's seed: the giveaway's for round 1, the committed re-draw seed after that. */
  seed: string;
  /** The external public random value ("" when the rules name none). */
  external: string;
  fingerprint: string;
  round: number;
  /** Ascending positions in the frozen list that may win this round. */
  eligible: readonly number[];
}

export interface DrawOutcome {
  /** Zero-based position of the winner in the frozen list. */
  position: number;
  /** Index into `eligible`. */
  index: number;
  /** The accepted attempt of the rejection sampling. */
  counter: number;
}

/** The 32-bit number for one attempt: the first 4 bytes of the hash, big-endian. */
export function attemptValue(input: Omit<DrawInput, 'eligible'>, counter: number): number {
  const message = `${input.seed}:${input.external}:${input.fingerprint}:${input.round}:${counter}`;
  return Number.parseInt(sha256Hex(message).slice(0, 8), 16);
}

/** The winner's position: a deterministic, unbiased function of the seed and the frozen list. */
export function drawPosition(input: DrawInput): DrawOutcome {
  if (input.eligible.length === 0) throw new Error('drawPosition needs at least one entry');
  const { index, counter } = uniformIndex(input.eligible.length, (c) => attemptValue(input, c));
  return { position: input.eligible[index] as number, index, counter };
}

/*
 * The weighted, several-winner draw ("aw-draw-v2"). docs/giveaways.md states it in words; the
 * verification page runs the same steps with Web Crypto. Every number is an exact integer.
 *
 *   list        = one line per entry in entry order: receipt hash, " ", weight, "\n"
 *                 (weight = 1 + the entry's bonus entries when the list was frozen)
 *   fingerprint = SHA-256(list)
 *   pick(key, round, eligible):       eligible = ascending positions still in the draw
 *     W = the sum of the eligible entries' weights
 *     for counter = 0, 1, 2, …:
 *       h = HMAC-SHA-256(key = seed, message = external ":" fingerprint ":" round ":" counter)
 *       x = the first 12 hex digits of h, as an unsigned 48-bit number
 *       if x < 2^48 − (2^48 mod W): t = x mod W, stop     (rejection sampling: no modulo bias)
 *     walk the eligible entries in list order adding up weights; the winner is the first entry
 *     whose running total exceeds t (so each entry wins with probability weight / W)
 *
 * The first draw picks winner_count places: place p is round p, drawn with the seed committed at
 * creation from the entries not picked for places 1 … p−1. A re-draw of one place is the next
 * round N, drawn with round N's own committed seed from every entry never drawn before.
 */

export const WEIGHTED_ALGORITHM = 'aw-draw-v2' as const;

const TWO_TO_48 = 2 ** 48;

/** One line of a weighted frozen list. */
export interface WeightedLine {
  receipt_hash: string;
  /** 1 + bonus entries, at freeze time. */
  weight: number;
}

/** The weighted frozen list file: "hash weight\n" per entry. */
export function weightedListText(lines: readonly WeightedLine[]): string {
  return lines.map((l) => `${l.receipt_hash} ${l.weight}\n`).join('');
}

export function weightedFingerprint(lines: readonly WeightedLine[]): string {
  return sha256Hex(weightedListText(lines));
}

/** The 48-bit number for one attempt: the first 6 bytes of the HMAC, big-endian. */
export function weightedAttemptValue(
  input: { seed: string; external: string; fingerprint: string; round: number },
  counter: number,
): number {
  const message = `${input.external}:${input.fingerprint}:${input.round}:${counter}`;
  const mac = crypto.createHmac('sha256', Buffer.from(input.seed, 'utf8'));
  return Number.parseInt(mac.update(message, 'utf8').digest('hex').slice(0, 12), 16);
}

export interface WeightedPickInput {
  seed: string;
  external: string;
  fingerprint: string;
  round: number;
  /** Ascending positions in the frozen list that may win this round. */
  eligible: readonly number[];
  /** Weight of each position of the frozen list (index = position). */
  weights: readonly number[];
}

/**
 * An integer below `total`, uniform when `next(counter)` yields uniform 48-bit numbers: values at
 * or above the largest multiple of `total` below 2^48 are rejected and the next counter tried.
 */
export function uniformTicket(
  total: number,
  next: (counter: number) => number,
): { ticket: number; counter: number } {
  if (!Number.isSafeInteger(total) || total < 1 || total > TWO_TO_48)
    throw new RangeError(`uniformTicket needs 1 <= total <= 2^48, got ${total}`);
  const limit = TWO_TO_48 - (TWO_TO_48 % total);
  for (let counter = 0; counter < MAX_ATTEMPTS; counter += 1) {
    const x = next(counter);
    if (x < limit) return { ticket: x % total, counter };
  }
  throw new Error('uniformTicket: no value accepted; the source of numbers is broken');
}

/** The entry holding `ticket` when the eligible entries' weights are laid end to end. */
export function positionOfTicket(
  ticket: number,
  eligible: readonly number[],
  weights: readonly number[],
): number {
  let running = 0;
  for (const position of eligible) {
    running += weights[position] as number;
    if (ticket < running) return position;
  }
  throw new RangeError('ticket beyond the total weight');
}

/** One weighted pick: a deterministic function of the seed, the list, the round and `eligible`. */
export function weightedPick(input: WeightedPickInput): {
  position: number;
  counter: number;
  total: number;
} {
  if (input.eligible.length === 0) throw new Error('weightedPick needs at least one entry');
  let total = 0;
  for (const position of input.eligible) {
    const weight = input.weights[position];
    if (weight === undefined || !Number.isSafeInteger(weight) || weight < 1)
      throw new RangeError(`weight of position ${position} must be a whole number >= 1`);
    total += weight;
  }
  const { ticket, counter } = uniformTicket(total, (c) => weightedAttemptValue(input, c));
  return { position: positionOfTicket(ticket, input.eligible, input.weights), counter, total };
}

/**
 * The first draw of `count` places: distinct positions, place p drawn as round p from the entries
 * not picked for an earlier place.
 */
export function weightedDraw(input: {
  seed: string;
  external: string;
  fingerprint: string;
  weights: readonly number[];
  count: number;
  /** Positions already out of the draw (none for a first draw). */
  excluded?: ReadonlySet<number>;
}): { place: number; round: number; position: number; counter: number; eligible: number }[] {
  const out = new Set(input.excluded ?? []);
  const picks = [];
  for (let place = 1; place <= input.count; place += 1) {
    const eligible = input.weights.map((_, i) => i).filter((i) => !out.has(i));
    if (eligible.length === 0) break;
    const pick = weightedPick({ ...input, round: place, eligible });
    picks.push({
      place,
      round: place,
      position: pick.position,
      counter: pick.counter,
      eligible: eligible.length,
    });
    out.add(pick.position);
  }
  return picks;
}
