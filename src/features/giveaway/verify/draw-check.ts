import type { DrawRound, GiveawayVerification, RedrawSeed } from '@site/contracts';

/*
 * The published draw methods ("aw-draw-v1", one winner; "aw-draw-v2", several winners weighted by
 * entries in the draw), run in the visitor's own browser with Web Crypto, so
 * the verification page does not take the server's word for the result. The same steps are
 * spelled out in docs/giveaways.md and on the page itself. Round 1 is drawn with the seed
 * committed at creation; each re-draw with its own seed, committed when the round before it was
 * drawn (a re-draw with no seed listed was made before that rule and reused round 1's seed).
 */

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const TWO_TO_32 = 2 ** 32;

export interface Recomputed {
  position: number;
  counter: number;
}

/** The winning position for one round, by rejection sampling over SHA-256. */
export async function recomputePosition(input: {
  seed: string;
  external: string;
  fingerprint: string;
  round: number;
  eligible: readonly number[];
}): Promise<Recomputed> {
  const n = input.eligible.length;
  const limit = TWO_TO_32 - (TWO_TO_32 % n);
  for (let counter = 0; counter < 1000; counter += 1) {
    const hash = await sha256Hex(
      `${input.seed}:${input.external}:${input.fingerprint}:${input.round}:${counter}`,
    );
    const x = Number.parseInt(hash.slice(0, 8), 16);
    if (x < limit) return { position: input.eligible[x % n] as number, counter };
  }
  throw new Error('No attempt was accepted in 1000 tries.');
}

const TWO_TO_48 = 2 ** 48;

/** An HMAC-SHA-256 key made from a seed's UTF-8 text, for the weighted method ("aw-draw-v2"). */
export function hmacKey(seed: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(seed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

/** The first 6 bytes of HMAC-SHA-256(key, message), as an unsigned 48-bit number. */
async function hmac48(key: CryptoKey, message: string): Promise<number> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  let x = 0;
  for (let i = 0; i < 6; i += 1) x = x * 256 + (mac[i] as number);
  return x;
}

/**
 * One weighted pick: tickets 0 … W−1 are laid out over the eligible entries in list order (an
 * entry holds as many as its weight); HMAC outputs are drawn until one falls below the largest
 * multiple of W under 2^48 (no modulo bias); the winner holds ticket x mod W.
 */
export async function recomputeWeightedPick(input: {
  key: CryptoKey;
  external: string;
  fingerprint: string;
  round: number;
  eligible: readonly number[];
  weights: readonly number[];
}): Promise<Recomputed> {
  let total = 0;
  for (const position of input.eligible) total += input.weights[position] as number;
  if (input.eligible.length === 0 || !Number.isSafeInteger(total) || total > TWO_TO_48) {
    throw new Error('No entry, or weights beyond what the method allows.');
  }
  const limit = TWO_TO_48 - (TWO_TO_48 % total);
  for (let counter = 0; counter < 1000; counter += 1) {
    const x = await hmac48(
      input.key,
      `${input.external}:${input.fingerprint}:${input.round}:${counter}`,
    );
    if (x < limit) {
      const ticket = x % total;
      let running = 0;
      for (const position of input.eligible) {
        running += input.weights[position] as number;
        if (ticket < running) return { position, counter };
      }
    }
  }
  throw new Error('No attempt was accepted in 1000 tries.');
}

/** The first draw of the weighted method: `count` distinct places, place p drawn as round p. */
export async function recomputeWeightedDraw(input: {
  seed: string;
  external: string;
  fingerprint: string;
  weights: readonly number[];
  count: number;
}): Promise<(Recomputed & { place: number; eligible: number })[]> {
  const key = await hmacKey(input.seed);
  const out = new Set<number>();
  const picks: (Recomputed & { place: number; eligible: number })[] = [];
  for (let place = 1; place <= input.count; place += 1) {
    const eligible = input.weights.map((_, i) => i).filter((i) => !out.has(i));
    if (eligible.length === 0) break;
    const pick = await recomputeWeightedPick({ ...input, key, round: place, eligible });
    picks.push({ ...pick, place, eligible: eligible.length });
    out.add(pick.position);
  }
  return picks;
}

/** A weighted frozen list file ("hash weight\n" per entry) read into hashes and weights, or null. */
export function parseWeightedList(text: string): { hashes: string[]; weights: number[] } | null {
  const lines = text.split('\n');
  if (lines.pop() !== '') return null;
  const hashes: string[] = [];
  const weights: number[] = [];
  for (const line of lines) {
    const match = /^([0-9a-f]{64}) ([1-9][0-9]{0,8})$/.exec(line);
    if (!match) return null;
    hashes.push(match[1] as string);
    weights.push(Number(match[2]));
  }
  return { hashes, weights };
}

export interface CheckStep {
  key: string;
  ok: boolean;
  /** What was checked, in a sentence. */
  label: string;
  /** The values compared, for those who want to see them. */
  detail: string;
}

export interface DrawCheck {
  verified: boolean;
  steps: CheckStep[];
}

const short = (hash: string | null | undefined) => (hash ? `${hash.slice(0, 16)}…` : 'none');

/** The frozen list file read for the giveaway's method: hashes, weights, and whether it parsed. */
function readList(v: GiveawayVerification, listText: string) {
  if (v.algorithm === 'aw-draw-v2') {
    const parsed = parseWeightedList(listText);
    return parsed
      ? { ...parsed, wellFormed: true }
      : { hashes: [], weights: [], wellFormed: false };
  }
  const lines = listText.split('\n');
  const wellFormed = lines.pop() === '' && lines.every((line) => /^[0-9a-f]{64}$/.test(line));
  return { hashes: lines, weights: lines.map(() => 1), wellFormed };
}

/**
 * Checks a drawn giveaway's record against the frozen list file: the seed against its
 * commitment, the file against its fingerprint, and every round's winner against the method
 * (the weighted one for "aw-draw-v2": rounds 1 … winner_count are the first draw's places, all
 * from the first seed; each later round re-draws one place with its own committed seed).
 */
export async function checkDraw(v: GiveawayVerification, listText: string): Promise<DrawCheck> {
  const steps: CheckStep[] = [];
  const seed = v.seed ?? '';
  const fingerprint = v.frozen?.fingerprint ?? '';
  const weighted = v.algorithm === 'aw-draw-v2';

  const commitment = await sha256Hex(seed);
  steps.push({
    key: 'commitment',
    ok: commitment === v.commitment,
    label: 'The revealed seed matches the commitment published when the giveaway was created.',
    detail: `SHA-256(seed) = ${short(commitment)}; published commitment = ${short(v.commitment)}`,
  });

  const listHash = await sha256Hex(listText);
  steps.push({
    key: 'fingerprint',
    ok: listHash === fingerprint,
    label: 'The frozen entry list is exactly the one whose fingerprint was published at the close.',
    detail: `SHA-256(list) = ${short(listHash)}; published fingerprint = ${short(fingerprint)}`,
  });

  const { hashes: lines, weights, wellFormed } = readList(v, listText);
  const count = v.frozen?.entrant_count ?? -1;
  const total = weights.reduce((sum, w) => sum + w, 0);
  const bonus = total - lines.length;
  steps.push({
    key: 'count',
    ok: wellFormed && lines.length === count,
    label: weighted
      ? `The list holds ${count} ${count === 1 ? 'entry' : 'entries'}, one receipt hash and its number of entries in the draw per line${bonus > 0 ? ` (${total} in all, ${bonus} of them bonus entries)` : ''}.`
      : `The list holds ${count} ${count === 1 ? 'entry' : 'entries'}, one receipt hash per line.`,
    detail: `${lines.length} lines read${wellFormed ? '' : weighted ? ', not all of them a receipt hash and a weight' : ', not all of them receipt hashes'}`,
  });

  const keys = new Map<string, CryptoKey>();
  const keyOf = async (roundSeed: string) => {
    const known = keys.get(roundSeed);
    if (known) return known;
    const key = await hmacKey(roundSeed);
    keys.set(roundSeed, key);
    return key;
  };
  const firstDraw = weighted ? v.winner_count : 1;
  const several = weighted && (v.winner_count > 1 || v.draws.some((d) => d.place > 1));
  const excluded = new Set<number>();
  let previous: DrawRound | null = null;
  for (const round of [...v.draws].sort((a, b) => a.round - b.round)) {
    let roundSeed = seed;
    if (round.round > firstDraw) {
      const listed = v.redraw_seeds.find((s) => s.round === round.round);
      if (listed) {
        steps.push(await checkRedrawSeed(listed, round, previous));
        roundSeed = listed.seed ?? '';
      } else if (weighted) {
        steps.push({
          key: `seed-${round.round}`,
          ok: false,
          label: `Draw ${round.round} is a re-draw, but no seed was published for it in advance.`,
          detail: '',
        });
      } else {
        steps.push(reusedSeedStep(round));
      }
    }
    const eligible = lines.map((_, i) => i).filter((i) => !excluded.has(i));
    const inputs = { seed: roundSeed, external: v.external_value ?? '', fingerprint };
    steps.push(
      weighted
        ? await checkWeightedRound(round, eligible, lines, weights, {
            ...inputs,
            key: await keyOf(roundSeed),
            several,
          })
        : await checkRound(round, eligible, lines, inputs),
    );
    excluded.add(round.position);
    previous = round;
  }
  return { verified: steps.every((s) => s.ok), steps };
}

/** One round of the weighted method: the place it fills, recomputed from the list's weights. */
async function checkWeightedRound(
  round: DrawRound,
  eligible: number[],
  lines: string[],
  weights: number[],
  inputs: { key: CryptoKey; external: string; fingerprint: string; several: boolean },
): Promise<CheckStep> {
  const key = `round-${round.round}`;
  const name = inputs.several
    ? `Place ${round.place}${round.reason === null ? '' : ` (re-drawn, draw ${round.round})`}`
    : `Draw ${round.round}`;
  if (eligible.length === 0) {
    return { key, ok: false, label: `${name}: no entry was left to draw from.`, detail: '' };
  }
  const result = await recomputeWeightedPick({ ...inputs, round: round.round, eligible, weights });
  const tickets = eligible.reduce((sum, i) => sum + (weights[i] as number), 0);
  const ok = isPublishedPick(result, round, eligible, lines);
  return {
    key,
    ok,
    label: `${name}: the method picks position ${result.position + 1} of the list (from ${eligible.length} eligible ${eligible.length === 1 ? 'entry' : 'entries'} holding ${tickets} ${tickets === 1 ? 'entry' : 'entries'} in the draw), the entry that was announced.`,
    detail: `computed: position ${result.position + 1} (index ${result.position}, weight ${weights[result.position] ?? 0}), attempt ${result.counter}; published: position ${round.position + 1}, attempt ${round.counter ?? 'none'}; winning receipt hash ${short(lines[result.position])}`,
  };
}

/**
 * Whether a recomputed pick is the round as published: the same position and attempt, from as
 * many eligible entries, landing on the receipt the round names.
 */
function isPublishedPick(
  result: { position: number; counter: number },
  round: DrawRound,
  eligible: number[],
  lines: string[],
): boolean {
  return (
    result.position === round.position &&
    result.counter === round.counter &&
    eligible.length === round.eligible_count &&
    lines[result.position] === round.receipt_hash
  );
}

/**
 * A re-draw's own seed: revealed, matching the commitment, and committed before the re-draw
 * (normally in the same moment as the round before it).
 */
async function checkRedrawSeed(
  listed: RedrawSeed,
  round: DrawRound,
  previous: DrawRound | null,
): Promise<CheckStep> {
  const hash = listed.seed === null ? null : await sha256Hex(listed.seed);
  const committedFirst = listed.committed_at < round.drawn_at;
  const withPrevious = previous !== null && listed.committed_at === previous.drawn_at;
  return {
    key: `seed-${round.round}`,
    ok: hash === listed.commitment && committedFirst,
    label: `Draw ${round.round} used its own seed, whose SHA-256 was published ${withPrevious ? `with draw ${round.round - 1}` : 'before it was drawn'} and which nobody outside the server knew until this draw.`,
    detail: `SHA-256(seed of draw ${round.round}) = ${short(hash)}; commitment published ${listed.committed_at} = ${short(listed.commitment)}; draw ${round.round} made ${round.drawn_at}`,
  };
}

/** A re-draw made before re-draw seeds existed: recomputed the old way, and said so. */
function reusedSeedStep(round: DrawRound): CheckStep {
  return {
    key: `seed-${round.round}`,
    ok: true,
    label: `Draw ${round.round} was made before each re-draw had its own seed: it reused the first seed, so anyone who saw the first draw could have computed it in advance.`,
    detail: 'Recomputed below with the seed revealed by draw 1.',
  };
}

async function checkRound(
  round: DrawRound,
  eligible: number[],
  lines: string[],
  inputs: { seed: string; external: string; fingerprint: string },
): Promise<CheckStep> {
  const key = `round-${round.round}`;
  if (eligible.length === 0) {
    return {
      key,
      ok: false,
      label: `Draw ${round.round}: no entry was left to draw from.`,
      detail: '',
    };
  }
  const result = await recomputePosition({ ...inputs, round: round.round, eligible });
  const ok = isPublishedPick(result, round, eligible, lines);
  return {
    key,
    ok,
    label: `Draw ${round.round}: the method picks position ${result.position + 1} of the list (from ${eligible.length} eligible ${eligible.length === 1 ? 'entry' : 'entries'}), the entry that was announced.`,
    detail: `computed: position ${result.position + 1} (index ${result.position}), attempt ${result.counter}; published: position ${round.position + 1}, attempt ${round.counter ?? 'none'}; winning receipt hash ${short(lines[result.position])}`,
  };
}
