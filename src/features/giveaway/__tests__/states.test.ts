import { listOrder, phaseBadge, specDates, statusFacts } from '../states';
import { buildGiveaway } from './fixtures';

const drawnRound = (claim: 'awaiting_claim' | 'claimed', round = 1) => ({
  round,
  place: 1,
  drawn_at: '2026-03-10T10:00:00.000Z',
  claim_status: claim,
});

/**
 * Every state carries the specification's words: the badge's status word, and the status card's
 * line (status in upper case, the winner or "Not selected yet", accepting or closed for entries),
 * beside the state's own word where the status alone would hide it.
 */
describe('the specification’s words in every state', () => {
  const closed = { entries_open: false } as const;
  const cases = [
    [
      'opens later',
      { phase: 'upcoming', start_date: '2026-11-29', ...closed },
      'Active · Opens Nov 29, 2026',
      'ACTIVE · Not selected yet · Closed for entries',
    ],
    ['open', { phase: 'open' }, 'Active', 'ACTIVE · Not selected yet · Accepting entries'],
    [
      'paused',
      { phase: 'paused', status: 'paused', ...closed },
      'Paused',
      'PAUSED · Not selected yet · Closed for entries',
    ],
    [
      'full',
      { phase: 'full', ...closed },
      'Active · Full',
      'ACTIVE · Not selected yet · Closed for entries',
    ],
    [
      'closed',
      { phase: 'closed', status: 'ended', ...closed },
      'Ended',
      'ENDED · Not selected yet · Closed for entries',
    ],
    [
      'drawn',
      {
        phase: 'drawn',
        status: 'winner_selected',
        winner_details: { instagram_handle: 'ann', email: null },
        ...closed,
      },
      'Winner Selected',
      'WINNER SELECTED · Winner: @ann · Closed for entries',
    ],
    [
      'claimed',
      {
        phase: 'claimed',
        status: 'winner_selected',
        winner_details: { instagram_handle: 'ann', email: null },
        ...closed,
      },
      'Winner Selected · Prize Claimed',
      'WINNER SELECTED · Winner: @ann · Closed for entries',
    ],
    [
      'unknown status',
      { status: 'something_new', phase: null },
      'Active',
      'ACTIVE · Not selected yet · Accepting entries',
    ],
  ] as const;

  it.each(cases)('%s', (_name, overrides, badge, line) => {
    const g = buildGiveaway(overrides as Parameters<typeof buildGiveaway>[0]);
    expect(phaseBadge(g).label).toBe(badge);
    expect(statusFacts(g)).toBe(line);
  });

  it('reads a drawn-again giveaway as drawn, naming its current winner', () => {
    const g = buildGiveaway({
      status: 'winner_selected',
      phase: null,
      entries_open: false,
      draws: [drawnRound('awaiting_claim'), drawnRound('awaiting_claim', 2)] as never,
      winners: [{ place: 1, instagram_handle: 'bob' }] as never,
    });
    expect(phaseBadge(g).label).toBe('Winner Selected · Drawn Again');
    expect(statusFacts(g)).toBe('WINNER SELECTED · Winner: @bob · Closed for entries');
  });

  it('writes the dates as "Started" and, with an end date, "Ends"', () => {
    expect(specDates(buildGiveaway({ start_date: '2026-03-05', end_date: null }))).toEqual([
      'Started March 5, 2026',
    ]);
    expect(specDates(buildGiveaway({ start_date: '2026-03-05', end_date: '2026-04-30' }))).toEqual([
      'Started March 5, 2026',
      'Ends April 30, 2026',
    ]);
  });
});

describe('the public list order', () => {
  it('puts open giveaways first (closing soonest first), then upcoming, paused and full, closed, drawn', () => {
    // The server's order: newest first.
    const given = [
      buildGiveaway({ id: 1, phase: 'drawn', status: 'winner_selected' }),
      buildGiveaway({ id: 2, phase: 'upcoming', start_date: '2026-12-20' }),
      buildGiveaway({ id: 3, phase: 'open', end_date: null }),
      buildGiveaway({ id: 4, phase: 'closed', status: 'ended' }),
      buildGiveaway({ id: 5, phase: 'open', entries_close_at: '2026-12-10T00:00:00.000Z' }),
      buildGiveaway({ id: 6, phase: 'paused', status: 'paused' }),
      buildGiveaway({ id: 7, phase: 'upcoming', start_date: '2026-12-05' }),
      buildGiveaway({ id: 8, phase: 'open', entries_close_at: '2026-12-02T00:00:00.000Z' }),
      buildGiveaway({ id: 9, phase: 'full' }),
      buildGiveaway({ id: 10, phase: 'claimed', status: 'winner_selected' }),
    ];
    expect(listOrder(given).map((g) => g.id)).toEqual([8, 5, 3, 7, 2, 6, 9, 4, 1, 10]);
  });

  it('keeps the given order within a group and leaves the input as it was', () => {
    const given = [
      buildGiveaway({ id: 21, phase: 'closed', status: 'ended' }),
      buildGiveaway({ id: 22, phase: 'closed', status: 'ended' }),
    ];
    expect(listOrder(given).map((g) => g.id)).toEqual([21, 22]);
    expect(given.map((g) => g.id)).toEqual([21, 22]);
  });
});
