import type { GiveawayPhase } from '@site/contracts';
import { waitingPhase } from '@site/contracts/giveaway-phase';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatCalendarDate } from '@/lib/dates';
import type { GiveawayItem } from './api/giveaway-fields';

/*
 * The one wording of a giveaway's state: the list card, the page, the badge, the button and the
 * share text all read it from here, so they never disagree. The state itself (`phase`) is the
 * server's. Everything here is a pure function of the giveaway's data: no clock, no browser, so
 * the page reads the same when it is drawn on the server and in the browser.
 */

export type PhaseFacts = Pick<
  GiveawayItem,
  | 'title'
  | 'start_date'
  | 'end_date'
  | 'max_participants'
  | 'participant_count'
  | 'entries_closed_reason'
  | 'winner_selected_at'
  | 'frozen'
  | 'draws'
  | 'winner_id'
  | 'status'
> & {
  /** Older answers (and unknown values) read as "open", as an unknown status reads as active. */
  phase?: GiveawayPhase | (string & {}) | null;
  winner_details: { instagram_handle: string } | null;
  /** How many winners the draw picks; one when an older answer leaves it out. */
  winner_count?: number | null;
  /** Each place's current winner after the draw. */
  winners?: readonly { place: number; instagram_handle: string | null }[] | null;
};

/** "3 winners"; null for one winner, whose wording stays as it always was. */
export function winnersLabel(g: Pick<PhaseFacts, 'winner_count'>): string | null {
  const n = g.winner_count ?? 1;
  return n > 1 ? `${n} winners` : null;
}

/** The winners' handles in place order ("@ann"), or the one winner's; empty before the draw. */
export function winnerHandles(g: Pick<PhaseFacts, 'winners' | 'winner_details'>): string[] {
  if (g.winners && g.winners.length > 0) {
    return [...g.winners]
      .sort((a, b) => a.place - b.place)
      .map((w) =>
        w.instagram_handle ? `@${w.instagram_handle}` : 'an entry whose data was erased',
      );
  }
  return g.winner_details ? [`@${g.winner_details.instagram_handle}`] : [];
}

/** "@a", "@a and @b", "@a, @b and @c". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Whether the draw names several winners (so the words speak of them in the plural). */
const several = (g: Pick<PhaseFacts, 'winner_count' | 'winners'>) =>
  (g.winner_count ?? 1) > 1 || (g.winners?.length ?? 0) > 1;

const PHASES: readonly GiveawayPhase[] = [
  'upcoming',
  'open',
  'paused',
  'full',
  'closed',
  'drawn',
  'claimed',
  'redrawn',
];

/**
 * The server's phase; an answer without one (an older server) is read from the fields every
 * version has, the way the server derives it.
 */
export function phaseOf(
  g: Pick<PhaseFacts, 'phase' | 'draws' | 'winner_id' | 'status' | 'entries_closed_reason'>,
): GiveawayPhase {
  if (PHASES.includes(g.phase as GiveawayPhase)) return g.phase as GiveawayPhase;
  const current = g.draws[g.draws.length - 1];
  if (current || g.winner_id != null || g.status === 'winner_selected') {
    if (current?.claim_status === 'claimed') return 'claimed';
    return current && current.round > 1 ? 'redrawn' : 'drawn';
  }
  const waiting = waitingPhase(g.entries_closed_reason);
  if (waiting) return waiting;
  if (g.entries_closed_reason === 'ended' || g.entries_closed_reason === 'closed') return 'closed';
  return g.status === 'paused' ? 'paused' : g.status === 'ended' ? 'closed' : 'open';
}

export const isDrawnPhase = (phase: GiveawayPhase) =>
  phase === 'drawn' || phase === 'claimed' || phase === 'redrawn';

/** Where a phase stands in the public list: what can be entered now first, what is over last. */
const LIST_RANK: Record<GiveawayPhase, number> = {
  open: 0,
  upcoming: 1,
  paused: 2,
  full: 2,
  closed: 3,
  drawn: 4,
  claimed: 4,
  redrawn: 4,
};

type ListFacts = Parameters<typeof phaseOf>[0] &
  Pick<PhaseFacts, 'start_date' | 'end_date'> & { entries_close_at?: string | null };

/**
 * The public list's order: open giveaways first, closing soonest first; then those that open
 * later, opening soonest first; then paused and full ones, closed ones, and drawn ones last. Within
 * a group the given order stays (the server's: newest first).
 */
export function listOrder<T extends ListFacts>(giveaways: readonly T[]): T[] {
  const time = (value: string | null | undefined) => {
    const at = value ? Date.parse(value) : Number.NaN;
    return Number.isNaN(at) ? Number.POSITIVE_INFINITY : at;
  };
  const key = (g: T): [number, number] => {
    const phase = phaseOf(g);
    if (phase === 'open') return [LIST_RANK.open, time(g.entries_close_at ?? g.end_date)];
    if (phase === 'upcoming') return [LIST_RANK.upcoming, time(g.start_date)];
    return [LIST_RANK[phase], 0];
  };
  return giveaways
    .map((g, index) => ({ g, index, key: key(g) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.index - b.index)
    .map(({ g }) => g);
}

/** "1 participant", "2 participants". */
export function participantsLabel(count: number): string {
  return `${count} ${count === 1 ? 'participant' : 'participants'}`;
}

/** "1 entry", "3 entries". */
export function entriesLabel(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'}`;
}

/** The specification's status words, from the server's status (an unknown one reads as active). */
const SPEC_STATUS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
  winner_selected: 'Winner Selected',
};

const knownStatus = (g: Pick<PhaseFacts, 'status'>): string =>
  g.status && Object.hasOwn(SPEC_STATUS, g.status) ? g.status : 'active';

/** The status as the specification names it: "Active", "Paused", "Ended", "Winner Selected". */
export function statusLabel(g: Pick<PhaseFacts, 'status'>): string {
  return SPEC_STATUS[knownStatus(g)] as string;
}

/** The status in upper case, underscores as spaces: "ACTIVE", "WINNER SELECTED". */
export function statusUpper(g: Pick<PhaseFacts, 'status'>): string {
  return knownStatus(g).replace(/_/g, ' ').toUpperCase();
}

/** "Winner: @ann" (several: "Winner: @ann and @bob"), or "Not selected yet" before the draw. */
export function winnerFact(g: Pick<PhaseFacts, 'winners' | 'winner_details'>): string {
  const names = winnerHandles(g);
  return names.length > 0 ? `Winner: ${joinNames(names)}` : 'Not selected yet';
}

/** "Accepting entries" while an entry would be taken now, else "Closed for entries". */
export function acceptingFact(g: PhaseFacts & { entries_open?: boolean | null }): string {
  return phaseOf(g) === 'open' && g.entries_open !== false
    ? 'Accepting entries'
    : 'Closed for entries';
}

/** The dates as the specification writes them: "Started {date}" and, with an end, "Ends {date}". */
export function specDates(g: Pick<PhaseFacts, 'start_date' | 'end_date'>): string[] {
  const dates = [`Started ${formatCalendarDate(g.start_date)}`];
  if (g.end_date) dates.push(`Ends ${formatCalendarDate(g.end_date)}`);
  return dates;
}

/** The phase's own word where the status alone does not say it (full, claimed, drawn again…). */
function phaseWord(g: PhaseFacts): string | null {
  switch (phaseOf(g)) {
    case 'upcoming':
      return `Opens ${formatCalendarDate(g.start_date, 'short')}`;
    case 'full':
      return 'Full';
    case 'closed':
      return g.status === 'ended' ? null : 'Closed';
    case 'paused':
      return g.status === 'paused' ? null : 'Paused';
    case 'claimed':
      return 'Prize Claimed';
    case 'redrawn':
      return 'Drawn Again';
    default:
      return null;
  }
}

/**
 * The badge: the specification's status word ("Active", "Paused", "Ended", "Winner Selected"),
 * followed by the phase where the status alone would hide it ("Active · Full", "Winner Selected ·
 * Prize Claimed"), and its colour.
 */
export function phaseBadge(g: PhaseFacts): { label: string; variant: BadgeVariant } {
  const word = phaseWord(g);
  const label = word ? `${statusLabel(g)} · ${word}` : statusLabel(g);
  switch (phaseOf(g)) {
    case 'upcoming':
      return { label, variant: 'info' };
    case 'open':
      return { label, variant: 'success' };
    case 'paused':
      return { label, variant: 'warning' };
    case 'full':
    case 'closed':
      return { label, variant: 'neutral' };
    default:
      return { label, variant: 'info' };
  }
}

/** When entries closed for good, as a calendar day. */
function closedOn(g: PhaseFacts): string | null {
  if (g.entries_closed_reason === 'ended' && g.end_date) return formatCalendarDate(g.end_date);
  if (g.frozen) return formatCalendarDate(g.frozen.frozen_at);
  return g.end_date ? formatCalendarDate(g.end_date) : null;
}

/** One sentence saying where the giveaway stands, for the page and the card. */
export function phaseSentence(g: PhaseFacts): string {
  const current = g.draws[g.draws.length - 1];
  switch (phaseOf(g)) {
    case 'upcoming':
      return `Opens ${formatCalendarDate(g.start_date)}.`;
    case 'open':
      return g.end_date
        ? `Open for entries until the end of ${formatCalendarDate(g.end_date)}.`
        : 'Open for entries.';
    case 'paused':
      return 'Entries are paused by the organiser for now. Check back soon.';
    case 'full':
      return g.max_participants
        ? `Full: the maximum of ${participantsLabel(g.max_participants)} is reached, so entries are closed.`
        : 'Full: entries are closed.';
    case 'closed': {
      const on = closedOn(g);
      const why =
        g.entries_closed_reason === 'ended' ? 'the end date passed' : 'the organiser closed them';
      const who = several(g) ? `The ${winnersLabel(g) ?? 'winners'}` : 'The winner';
      return on
        ? `Entries closed on ${on} (${why}). ${who} will be drawn from the frozen list.`
        : `Entries closed (${why}). ${who} will be drawn from the frozen list.`;
    }
    case 'drawn':
      if (several(g)) {
        const first = g.draws[0];
        return first
          ? `The ${g.draws.length} winners were drawn on ${formatCalendarDate(first.drawn_at)}.`
          : 'The winners have been drawn.';
      }
      return g.winner_selected_at
        ? `The winner was drawn on ${formatCalendarDate(g.winner_selected_at)}.`
        : 'The winner has been drawn.';
    case 'claimed':
      return several(g)
        ? 'The winners were drawn and have all claimed the prize.'
        : 'The winner was drawn and has claimed the prize.';
    case 'redrawn':
      if (current && several(g))
        return `Place ${current.place ?? 1} was drawn again on ${formatCalendarDate(current.drawn_at)} (draw ${current.round}).`;
      return current
        ? `Drawn again on ${formatCalendarDate(current.drawn_at)} (round ${current.round}).`
        : 'The prize was drawn again.';
  }
}

/** The list card's button; the page shows the form itself when entries are open. */
export function phaseAction(g: PhaseFacts): { label: string; primary: boolean } {
  return phaseOf(g) === 'open'
    ? { label: 'Enter Now', primary: true }
    : { label: 'View Details', primary: false };
}

/**
 * The status card's words in one line: "ACTIVE · Not selected yet · Accepting entries" (paused:
 * "PAUSED · Not selected yet · Closed for entries").
 */
export function statusFacts(g: PhaseFacts & { entries_open?: boolean | null }): string {
  return [statusUpper(g), winnerFact(g), acceptingFact(g)].join(' · ');
}

/** The share sheet's words for the state the giveaway is in. */
export function shareText(g: PhaseFacts): { note: string; text: string } {
  const phase = phaseOf(g);
  const handle = g.winner_details?.instagram_handle;
  if (isDrawnPhase(phase)) {
    const named = winnerHandles(g).filter((n) => n.startsWith('@'));
    if (several(g)) {
      return {
        note: 'Share the result: anyone can check the draw.',
        text: named.length
          ? `Congratulations to ${joinNames(named)} for winning our ${g.title} giveaway!`
          : `The winners of our ${g.title} giveaway have been drawn.`,
      };
    }
    return {
      note: 'Share the result: anyone can check the draw.',
      text: handle
        ? `Congratulations to @${handle} for winning our ${g.title} giveaway!`
        : `The winner of our ${g.title} giveaway has been drawn.`,
    };
  }
  if (phase === 'open')
    return { note: 'Tell your friends so they can enter too.', text: `Enter ${g.title}!` };
  if (phase === 'upcoming')
    return {
      note: 'Tell your friends when it opens.',
      text: `${g.title} opens ${formatCalendarDate(g.start_date)}.`,
    };
  if (phase === 'paused')
    return {
      note: 'Entries are paused; share it so friends can enter when they reopen.',
      text: `${g.title}`,
    };
  return {
    note: 'Entries are closed; share it so friends can follow the draw.',
    text: `${g.title}: entries are closed and the winner is drawn from the published list.`,
  };
}
