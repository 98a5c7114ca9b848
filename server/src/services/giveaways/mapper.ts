import type {
  ClaimStatus,
  DrawRound,
  Giveaway,
  Participant,
  ParticipantFlag,
  Picture,
  Removal,
  SelectWinnerResponse,
  WinnerPlace,
  OwnerClaim,
  OwnerClaimState,
} from '@site/contracts';
import type { Selectable } from 'kysely';
import { formatDeadline } from '../../lib/dates';
import type {
  DrawAlgorithm,
  GiveawayDrawRoundsTable,
  GiveawaysTable,
  ParticipantsTable,
} from '../../db/database';
import { endOfDayIn, formatDate } from '../../lib/dates';
import { deriveState, phaseOf } from './rules';

/** A giveaway row joined with its winner and draw record (see `selectGiveaways`). */
export interface GiveawayRow extends Selectable<GiveawaysTable> {
  winner_email: string | null;
  winner_handle: string | null;
  draw_entrant_count: number | null;
  draw_fingerprint: string | null;
  draw_index: number | null;
  draw_by: string | null;
  draw_at: string | null;
  /** Bonus entries held by the entries that count (a SUM: PostgreSQL answers it as text). */
  bonus_entry_count?: number | string | null;
}

/** A draw round with its winner's handle (see `listRounds`). */
export type RoundRow = Pick<
  Selectable<GiveawayDrawRoundsTable>,
  | 'giveaway_id'
  | 'round'
  | 'place'
  | 'position'
  | 'eligible_count'
  | 'counter'
  | 'external_value'
  | 'fingerprint'
  | 'receipt_hash'
  | 'reason'
  | 'claim_deadline'
  | 'claimed_at'
  | 'drawn_at'
> & {
  algorithm: DrawAlgorithm;
  winner_handle: string | null;
  /** When the owner disqualified this round's winner (read for the owner's view only). */
  winner_disqualified_at?: string | null;
};

export interface GiveawayView {
  /** Site-time-zone date the status is derived for. */
  today: string;
  /** ISO time claim deadlines are compared with. */
  now: string;
  /** The site's time zone, in which the dates begin and end. */
  timeZone: string;
  /**
   * An admin's view adds the winner's e-mail and who drew; every other view carries no e-mail and
   * no account name at all.
   */
  admin: boolean;
}

function claimStatus(row: RoundRow, rounds: readonly RoundRow[], now: string): ClaimStatus {
  if (row.algorithm === 'legacy') return 'not_applicable';
  if (row.claimed_at !== null) return 'claimed';
  // A later round that filled the same place replaced this winner.
  if (rounds.some((r) => r.place === row.place && r.round > row.round)) return 'redrawn';
  if (row.claim_deadline !== null && now >= row.claim_deadline) return 'unclaimed';
  return 'awaiting_claim';
}

/**
 * One round of the public draw history (`rounds`: all of its giveaway's): handles only, no
 * e-mail, no account name.
 */
export function toRound(row: RoundRow, rounds: readonly RoundRow[], now: string): DrawRound {
  return {
    round: row.round,
    place: row.place,
    algorithm: row.algorithm,
    drawn_at: row.drawn_at,
    reason: row.reason,
    eligible_count: row.eligible_count,
    position: row.position,
    counter: row.counter,
    receipt_hash: row.receipt_hash,
    winner_handle: row.winner_handle,
    claim_deadline: row.claim_deadline,
    claimed_at: row.claimed_at,
    claim_status: claimStatus(row, rounds, now),
  };
}

/** Each place's current winner (its latest round), in place order. */
export function toWinners(rounds: readonly RoundRow[], now: string): WinnerPlace[] {
  const latest = new Map<number, RoundRow>();
  for (const r of rounds) {
    const seen = latest.get(r.place);
    if (!seen || r.round > seen.round) latest.set(r.place, r);
  }
  return [...latest.values()]
    .sort((a, b) => a.place - b.place)
    .map((r) => ({
      place: r.place,
      round: r.round,
      instagram_handle: r.winner_handle,
      claim_status: claimStatus(r, rounds, now),
      claim_deadline: r.claim_deadline,
    }));
}

/**
 * Every drawn winner for the owner, by place and then round: a later round of the same place
 * replaced the winner (disqualified when the owner disqualified them, else re-drawn); the current
 * winner has claimed, is waiting for the claim until its deadline, or let the deadline pass.
 * Draws made before claims existed have no claim and are left out.
 */
export function toOwnerClaims(
  rounds: readonly RoundRow[],
  view: Pick<GiveawayView, 'now' | 'timeZone'>,
): OwnerClaim[] {
  return rounds
    .filter((r) => r.algorithm !== 'legacy')
    .slice()
    .sort((a, b) => a.place - b.place || a.round - b.round)
    .map((r) => {
      const status = claimStatus(r, rounds, view.now);
      const state: OwnerClaimState =
        r.winner_disqualified_at != null && r.claimed_at === null
          ? 'disqualified'
          : status === 'unclaimed'
            ? 'expired'
            : status === 'redrawn' || status === 'claimed'
              ? status
              : 'awaiting_claim';
      return {
        place: r.place,
        round: r.round,
        instagram_handle: r.winner_handle,
        state,
        claim_deadline: r.claim_deadline,
        claim_deadline_text:
          r.claim_deadline === null ? null : formatDeadline(r.claim_deadline, view.timeZone),
      };
    });
}

/** The one place a stored giveaway becomes API JSON. `rounds` are this giveaway's draw rounds. */
export function toGiveaway(
  row: GiveawayRow,
  rounds: readonly RoundRow[],
  view: GiveawayView,
  removals: readonly Removal[] = [],
  picture: Picture | null = null,
): Giveaway {
  const state = deriveState(row, view.today);
  const current = rounds.find((r) => r.round === row.draw_round);
  const winners = toWinners(rounds, view.now);
  const phase = phaseOf(state, {
    // A re-draw always carries its published reason; the first draw's rounds never do.
    redrawn: rounds.some((r) => r.reason !== null),
    // With several winners the prize counts as claimed once every place has claimed it.
    claimed:
      winners.length > 1
        ? winners.every((w) => w.claim_status === 'claimed')
        : current !== undefined && current.claimed_at !== null,
  });
  const winnerDetails =
    row.winner_id !== null && row.winner_handle !== null
      ? {
          instagram_handle: row.winner_handle,
          ...(view.admin && row.winner_email !== null ? { email: row.winner_email } : {}),
        }
      : null;
  const draw =
    row.draw_entrant_count !== null &&
    row.draw_fingerprint !== null &&
    row.draw_index !== null &&
    row.draw_by !== null &&
    row.draw_at !== null
      ? {
          entrant_count: row.draw_entrant_count,
          fingerprint: row.draw_fingerprint,
          drawn_index: row.draw_index,
          ...(view.admin ? { drawn_by: row.draw_by } : {}),
          drawn_at: row.draw_at,
        }
      : null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    prize: row.prize,
    prize_image: row.prize_image,
    prize_picture: picture,
    start_date: row.start_date,
    end_date: row.end_date,
    entries_close_at: row.end_date ? endOfDayIn(row.end_date, view.timeZone) : null,
    max_participants: row.max_participants,
    status: state.status,
    participant_count: row.participant_count,
    is_accepting_participants: row.is_accepting === 1,
    entries_open: state.entries_open,
    entries_closed_reason: state.entries_closed_reason,
    phase,
    removals: removals.map(({ at, count, reason, round }) => ({ at, count, reason, round })),
    winner_id: row.winner_id,
    winner_details: winnerDetails,
    winner_selected_at: row.winner_selected_at,
    draw,
    draws: rounds.map((r) => toRound(r, rounds, view.now)),
    winner_count: row.winner_count,
    winners,
    ...(view.admin ? { claims: toOwnerClaims(rounds, view) } : {}),
    min_age: row.min_age,
    region: row.region,
    claim_days: row.claim_days,
    external_randomness: row.external_randomness,
    extra_terms: row.extra_terms,
    rules_version: row.rules_version,
    commitment: row.commitment,
    committed_at: row.committed_at,
    frozen:
      row.frozen_at !== null && row.frozen_reason !== null && row.frozen_fingerprint !== null
        ? {
            frozen_at: row.frozen_at,
            reason: row.frozen_reason,
            entrant_count: row.frozen_count ?? 0,
            fingerprint: row.frozen_fingerprint,
          }
        : null,
    archived: row.archived === 1,
    referral_cap: row.referral_cap,
    confirm_entries: row.confirm_entries === 1,
    bonus_entry_count: Number(row.bonus_entry_count ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An entrant's row with how many accepted entries came through its referral link. */
export type ParticipantRow = Selectable<ParticipantsTable> & {
  /** A count: PostgreSQL answers it as text (bigint), SQLite as a number. */
  referrals: number | string | bigint | null;
};

export function toParticipant(row: ParticipantRow, flags: ParticipantFlag[] = []): Participant {
  return {
    id: row.id,
    giveaway_id: row.giveaway_id,
    email: row.email,
    instagram_handle: row.instagram_handle,
    created_at: row.created_at,
    disqualified_at: row.disqualified_at,
    disqualified_reason: row.disqualified_reason,
    weight: 1 + row.bonus_entries,
    bonus_entries: row.bonus_entries,
    referrals: Number(row.referrals),
    confirmed_at: row.confirmed_at,
    source: row.referred_by === null ? 'direct' : 'referral',
    referred_by: row.referred_by,
    flags,
  };
}

/** The winner as the select-winner answer names it (admin-only: it carries the e-mail). */
export function toWinner(
  row: Selectable<ParticipantsTable>,
): NonNullable<SelectWinnerResponse['winner']> {
  return { id: row.id, email: row.email, instagram_handle: row.instagram_handle };
}

export const PARTICIPANT_CSV_HEADER = [
  'id',
  'email',
  'instagram_handle',
  'entered_at',
  'disqualified_at',
  'disqualified_reason',
  'weight',
  'bonus_entries',
  'referrals',
  'source',
  'confirmed_at',
] as const;

/** One line of the admin's CSV export, in the order of PARTICIPANT_CSV_HEADER. */
export function toParticipantCsvRow(
  row: ParticipantRow,
): [number, string, string, string, string, string, number, number, number, string, string] {
  const p = toParticipant(row);
  return [
    p.id,
    p.email,
    p.instagram_handle,
    p.created_at,
    p.disqualified_at ?? '',
    p.disqualified_reason ?? '',
    p.weight,
    p.bonus_entries,
    p.referrals,
    p.source,
    p.confirmed_at ?? '',
  ];
}

/** "1 entry", "3 entries". */
export const entriesCount = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** Same words for a real entry and a honeypot hit, so a bot cannot tell them apart. */
export const enteredMessage = (receipt: string) =>
  `You have entered the giveaway. Good luck! Your receipt code is ${receipt}; keep it to check that your entry is in the draw.`;

export const acceptRulesMessage = (minAge: number) =>
  `Please read the official rules and confirm that you accept them and are at least ${minAge} ("accept_rules": true).`;

/** The same words whether or not the code matched: the answer tells nobody who entered. */
export const RECEIPT_MAILED_MESSAGE =
  'If this receipt belongs to an entry of this giveaway, it is on its way to the address the entry was made with.';

export const NO_MAIL_MESSAGE =
  'This site cannot send e-mail at the moment. Copy your receipt code or take a screenshot of it instead.';

/** The admin's answers to the desk's actions. */
export const deskAnswers = {
  deleted: (deleted: { title: string; participant_count: number }) => ({
    success: true,
    message: `The giveaway "${deleted.title}" and its ${entriesCount(deleted.participant_count)} were deleted.`,
  }),
  accepting: (row: GiveawayRow, accept: boolean, today: string) => {
    if (!accept) {
      return {
        success: true,
        message: 'Entries are paused. Start Accepting reopens them; the entry list is not frozen.',
      };
    }
    const notStarted = deriveState(row, today).entries_closed_reason === 'not_started';
    return {
      success: true,
      message: notStarted
        ? `Entries are switched on and open on ${formatDate(row.start_date)}.`
        : 'The giveaway is now accepting participants.',
    };
  },
  closed: (row: GiveawayRow) => ({
    success: true,
    message: `Entries are closed for good. The list of ${entriesCount(row.frozen_count ?? row.participant_count)} is frozen and published.`,
  }),
  disqualified: (count: number) => ({
    success: true,
    message: `${count} ${count === 1 ? 'entry was' : 'entries were'} disqualified. The giveaway page says how many and why, without naming anyone.`,
  }),
  reinstated: (count: number) => ({
    success: true,
    message: `${count} ${count === 1 ? 'entry is' : 'entries are'} back in the draw. The giveaway page no longer counts ${count === 1 ? 'it' : 'them'} as removed.`,
  }),
  archived: (row: GiveawayRow, archived: boolean) => ({
    success: true,
    message: archived
      ? `"${row.title}" is archived: hidden from the giveaway list, while its page, rules and draw record stay.`
      : `"${row.title}" is shown in the giveaway list again.`,
  }),
};
