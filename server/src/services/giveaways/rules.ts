import {
  CLAIM_DAYS_LIMITS,
  MIN_AGE_LIMITS,
  WINNER_COUNT_LIMITS,
  REFERRAL_CAP_LIMITS,
  isEmailAddress,
  type EntriesClosedReason,
  type GiveawayFormPayload,
  type GiveawayPhase,
  type GiveawayStatus,
  GiveawayFormFields,
  waitingPhase,
} from '@site/contracts';
import type { Selectable } from 'kysely';
import type { FrozenReason, GiveawaysTable } from '../../db/database';
import { badRequest, HttpError } from '../../lib/http-error';
import { isCalendarDate } from '../../lib/dates';

/** The fields a giveaway's status and entry rules depend on. */
export interface GiveawayState {
  start_date: string;
  end_date: string | null;
  max_participants: number | null;
  is_accepting: number;
  participant_count: number;
  winner_id: number | null;
  /** Set when the entry list was frozen; no entry is accepted after that. */
  frozen_at: string | null;
  /** What froze it: the end date, the last place, the owner closing for good, or the draw. */
  frozen_reason?: FrozenReason | null;
  /** The round that named the current winner; set by the first draw. */
  draw_round: number | null;
}

export interface DerivedState {
  status: GiveawayStatus;
  entries_open: boolean;
  entries_closed_reason: EntriesClosedReason;
}

/**
 * Status as the server decides it: drawn beats ended (the end date passed, or the owner closed
 * entries for good) beats paused. `today` is the site-time-zone date, so a giveaway ending on the
 * 5th takes entries until the 5th is over there. A pause is only a pause: the list is not frozen
 * and Start Accepting reopens it. A frozen list never reopens.
 */
export function deriveState(g: GiveawayState, today: string): DerivedState {
  const drawn = g.winner_id !== null || g.draw_round !== null;
  const ended = g.end_date !== null && today > g.end_date;
  const frozen = g.frozen_at !== null;
  const closedForGood = frozen && !ended && g.frozen_reason !== 'full';
  const paused = g.is_accepting !== 1;
  const status: GiveawayStatus = drawn
    ? 'winner_selected'
    : ended || closedForGood
      ? 'ended'
      : paused && !frozen
        ? 'paused'
        : 'active';

  let reason: EntriesClosedReason = null;
  if (drawn) reason = 'winner_selected';
  else if (ended) reason = 'ended';
  else if (closedForGood) reason = 'closed';
  // Frozen when full: it stays full even if an entrant's data is erased later.
  else if (frozen) reason = 'full';
  else if (paused) reason = 'paused';
  else if (today < g.start_date) reason = 'not_started';
  else if (g.max_participants !== null && g.participant_count >= g.max_participants)
    reason = 'full';
  return { status, entries_open: reason === null, entries_closed_reason: reason };
}

/**
 * The state the site words, from the derived state, whether any place was drawn again and
 * whether the prize is claimed (by every winner).
 */
export function phaseOf(
  state: DerivedState,
  draw: { redrawn: boolean; claimed: boolean },
): GiveawayPhase {
  if (state.entries_closed_reason === 'winner_selected') {
    if (draw.claimed) return 'claimed';
    return draw.redrawn ? 'redrawn' : 'drawn';
  }
  if (state.entries_closed_reason === null) return 'open';
  return waitingPhase(state.entries_closed_reason) ?? 'closed';
}

/** The fields an admin sets: those of the form in the contract, in its order. */
export type SettableField = keyof typeof GiveawayFormFields;
export const SETTABLE_FIELDS = Object.keys(GiveawayFormFields) as SettableField[];

/** A giveaway's settable fields after validation, ready to store: their column types. */
export type GiveawayInput = Pick<Selectable<GiveawaysTable>, SettableField>;

/**
 * Settable fields that only present a giveaway: every other one is written into its official
 * rules (the title and prize name it), so it is fixed once the winner is drawn.
 */
const PRESENTATION_ONLY = [
  'description',
  'prize_image',
  'prize_image_id',
] as const satisfies SettableField[];

/** The settable fields the official rules are written from (all but the presentation ones). */
export type RulesField = Exclude<SettableField, (typeof PRESENTATION_ONLY)[number]>;
export const RULES_FIELDS = SETTABLE_FIELDS.filter(
  (field): field is RulesField => !(PRESENTATION_ONLY as readonly string[]).includes(field),
);

/**
 * Fixed once the entry list is frozen: they decide who could enter and how the draw is made. A
 * choice of policy, not a property of the schema; a new field joins it only on purpose.
 */
export const FIXED_AFTER_FREEZE = [
  'start_date',
  'end_date',
  'max_participants',
  'external_randomness',
  'winner_count',
  'referral_cap',
  'confirm_entries',
] as const satisfies RulesField[];

function required(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw badRequest(`Please fill in the ${field}.`);
  return trimmed;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The checks the schema cannot express, with sentences an admin can act on. The schema has
 * already fixed the types and lengths.
 */
export function validateGiveawayInput(body: GiveawayFormPayload): GiveawayInput {
  const title = required(body.title, 'title');
  const description = required(body.description, 'description');
  const prize = required(body.prize, 'prize');

  const image = (body.prize_image ?? '').trim();
  if (image && !isHttpUrl(image)) {
    throw badRequest('The prize image must be a web address starting with http:// or https://.');
  }

  if (!isCalendarDate(body.start_date)) {
    throw badRequest(
      `The start date "${body.start_date}" is not a real date; write it as YYYY-MM-DD.`,
    );
  }
  const end = body.end_date ? body.end_date : null;
  if (end !== null && !isCalendarDate(end)) {
    throw badRequest(`The end date "${end}" is not a real date; write it as YYYY-MM-DD.`);
  }
  if (end !== null && end < body.start_date) {
    throw badRequest('The end date cannot be before the start date.');
  }

  const max =
    body.max_participants === '' || body.max_participants === undefined
      ? null
      : body.max_participants;
  const external = (body.external_randomness ?? '').trim();
  const winners = body.winner_count ?? WINNER_COUNT_LIMITS.default;
  if (max !== null && winners > max) {
    throw badRequest(
      `The number of winners (${winners}) cannot be more than the maximum number of entries (${max}).`,
    );
  }
  return {
    title,
    description,
    prize,
    prize_image: image || null,
    prize_image_id: body.prize_image_id ?? null,
    start_date: body.start_date,
    end_date: end,
    max_participants: max,
    min_age: body.min_age ?? MIN_AGE_LIMITS.default,
    region: (body.region ?? '').trim(),
    claim_days: body.claim_days ?? CLAIM_DAYS_LIMITS.default,
    external_randomness: external || null,
    extra_terms: (body.extra_terms ?? '').trim(),
    winner_count: winners,
    referral_cap: body.referral_cap ?? REFERRAL_CAP_LIMITS.default,
    confirm_entries: body.confirm_entries === true ? 1 : 0,
  };
}

const HANDLE = /^[A-Za-z0-9._]{1,30}$/;

export interface EntryInput {
  email: string;
  instagram_handle: string;
}

/** Normalises an entry (e-mail trimmed and lower-cased; handle trimmed, one leading @ dropped) and checks it. */
export function validateEntry(body: { email: string; instagram_handle: string }): EntryInput {
  const problems = entryFieldProblems(body);
  const first = problems.email ?? problems.instagram_handle;
  // The sentence of the first problem, and each problem under its field's name.
  if (first) {
    const fields = (['email', 'instagram_handle'] as const).flatMap((field) => {
      const message = problems[field];
      return message ? [{ field, message }] : [];
    });
    throw new HttpError(400, first, {}, undefined, fields);
  }
  return {
    email: body.email.trim().toLowerCase(),
    instagram_handle: body.instagram_handle.trim().replace(/^@/, ''),
  };
}

/**
 * What is wrong with an entry's e-mail address and Instagram handle, field by field (nothing for
 * a field that is right): the API answers the first, the form sent as a page shows each under
 * its field.
 */
export function entryFieldProblems(body: { email: string; instagram_handle: string }): {
  email?: string;
  instagram_handle?: string;
} {
  const problems: { email?: string; instagram_handle?: string } = {};
  if (!isEmailAddress(body.email.trim().toLowerCase())) {
    problems.email = 'Please enter a valid e-mail address, like name@example.com.';
  }
  const handle = body.instagram_handle.trim().replace(/^@/, '');
  if (!handle) problems.instagram_handle = 'Please enter your Instagram handle.';
  else if (!HANDLE.test(handle)) {
    problems.instagram_handle =
      'An Instagram handle has at most 30 characters: letters, numbers, periods and underscores only.';
  }
  return problems;
}
