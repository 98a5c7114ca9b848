import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { createApolloClient } from '@/lib/apollo';
import { GIVEAWAYS_QUERY, giveawayListCacheOf } from '../api/get-giveaways';
import { GiveawayListPage } from '../components/giveaway-list-page';
import { provideGiveawayListCache } from '../list-cache';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { signInAs } from '@/testing/session';
import { giveawayApiDefaults, buildGiveaway, getGiveawaysHandler } from './fixtures';

const server = setupApiServer(...giveawayApiDefaults);

describe('GiveawayListPage', () => {
  it('shows the loading text, then the empty state', async () => {
    server.use(getGiveawaysHandler([]));
    renderWithProviders(<GiveawayListPage />, { apollo: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading giveaways...');
    expect(await screen.findByRole('heading', { name: 'No giveaways yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Check back soon for exciting giveaways and prizes!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Giveaways' })).toBeInTheDocument();
    expect(screen.getByText(/follow us on social media/)).toBeInTheDocument();
  });

  it('leaves archived giveaways out, even from an admin (whose answer includes them)', async () => {
    signInAs('admin');
    server.use(
      getGiveawaysHandler([
        buildGiveaway({ id: 70, title: 'Shown' }),
        buildGiveaway({ id: 71, title: 'Put Away', archived: true }),
      ]),
    );
    renderWithProviders(<GiveawayListPage />, { apollo: true });
    expect(await screen.findByRole('article', { name: 'Shown' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Put Away' })).not.toBeInTheDocument();
  });

  it('renders a card per giveaway with every field, and the right button', async () => {
    server.use(
      getGiveawaysHandler([
        buildGiveaway({
          id: 7,
          title: 'Spring Agent Giveaway',
          description: 'A free support agent.',
          prize: 'Support agent build',
          prize_image: 'https://example.com/prize.jpg',
          start_date: '2026-03-05',
          end_date: '2026-04-30',
          max_participants: 100,
          participant_count: 12,
        }),
        buildGiveaway({
          id: 8,
          title: 'Winter Draw',
          status: 'winner_selected',
          participant_count: 1,
          winner_id: 3,
          winner_details: { instagram_handle: 'lucky.one', email: null },
        }),
        buildGiveaway({ id: 9, title: 'Paused One', status: 'paused' }),
        buildGiveaway({ id: 10, title: 'Old One', status: 'ended' }),
        buildGiveaway({ id: 11, title: 'Odd One', status: 'something_new' }),
        buildGiveaway({
          id: 12,
          title: 'Later One',
          phase: 'upcoming',
          start_date: '2026-11-29',
          entries_open: false,
          entries_closed_reason: 'not_started',
        }),
        buildGiveaway({
          id: 13,
          title: 'Full One',
          phase: 'full',
          max_participants: 1,
          participant_count: 1,
          entries_open: false,
          entries_closed_reason: 'full',
        }),
      ]),
    );
    renderWithProviders(<GiveawayListPage />, { apollo: true });

    const spring = await screen.findByRole('article', { name: 'Spring Agent Giveaway' });
    const card = within(spring);
    expect(card.getByText('12 participants')).toBeInTheDocument();
    expect(card.getByText('Active')).toBeInTheDocument();
    expect(card.getByText('A free support agent.')).toBeInTheDocument();
    expect(card.getByText('Prize: Support agent build')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Prize: Support agent build' })).toHaveAttribute(
      'src',
      'https://example.com/prize.jpg',
    );
    expect(
      card.getByText('Started March 5, 2026 · Ends April 30, 2026 · Max: 100 participants'),
    ).toBeInTheDocument();
    // The specification's status card, in one line.
    expect(card.getByText('ACTIVE · Not selected yet · Accepting entries')).toBeInTheDocument();
    expect(card.getByText('Open for entries until the end of April 30, 2026.')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Enter Now' })).toHaveAttribute('href', '/giveaway/7');
    expect(card.queryByText('Winner Selected!')).not.toBeInTheDocument();

    const winter = within(screen.getByRole('article', { name: 'Winter Draw' }));
    expect(winter.getByText('1 participant')).toBeInTheDocument();
    expect(winter.getByText('Winner Selected')).toBeInTheDocument();
    expect(winter.getByText('Winner Selected!')).toBeInTheDocument();
    expect(winter.getByText('@lucky.one')).toBeInTheDocument();
    expect(
      winter.getByText('WINNER SELECTED · Winner: @lucky.one · Closed for entries'),
    ).toBeInTheDocument();
    expect(winter.getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/giveaway/8',
    );
    expect(winter.queryByText(/^Max:/)).not.toBeInTheDocument();
    expect(winter.queryByRole('img')).not.toBeInTheDocument();

    const paused = within(screen.getByRole('article', { name: 'Paused One' }));
    expect(paused.getByText('Paused')).toBeInTheDocument();
    expect(paused.getByText('PAUSED · Not selected yet · Closed for entries')).toBeInTheDocument();
    const old = within(screen.getByRole('article', { name: 'Old One' }));
    expect(old.getByText('Ended')).toBeInTheDocument();
    expect(old.getByText('ENDED · Not selected yet · Closed for entries')).toBeInTheDocument();
    // Not started: "Opens {date}", and no Enter button.
    const later = within(screen.getByRole('article', { name: 'Later One' }));
    expect(later.getByText('Active · Opens Nov 29, 2026')).toBeInTheDocument();
    expect(later.getByText('ACTIVE · Not selected yet · Closed for entries')).toBeInTheDocument();
    expect(later.getByText('Opens November 29, 2026.')).toBeInTheDocument();
    expect(later.queryByRole('link', { name: 'Enter Now' })).not.toBeInTheDocument();
    expect(later.getByRole('link', { name: 'View Details' })).toBeInTheDocument();
    expect(later.queryByText(/Opened/)).not.toBeInTheDocument();
    // Full: its own badge and reason, and no Enter button.
    const full = within(screen.getByRole('article', { name: 'Full One' }));
    expect(full.getByText('Active · Full')).toBeInTheDocument();
    expect(
      full.getByText('Full: the maximum of 1 participant is reached, so entries are closed.'),
    ).toBeInTheDocument();
    expect(full.queryByRole('link', { name: 'Enter Now' })).not.toBeInTheDocument();
    const odd = within(screen.getByRole('article', { name: 'Odd One' }));
    expect(odd.getByText('Active')).toBeInTheDocument();
    expect(odd.getByText(/^ACTIVE · /)).toBeInTheDocument();
  });

  it('says how many winners a giveaway has, and names them all after the draw', async () => {
    const round = (n: number, handle: string) => ({
      round: n,
      place: n,
      algorithm: 'aw-draw-v2' as const,
      drawn_at: '2026-04-01T10:00:00.000Z',
      reason: null,
      eligible_count: 10 - n,
      position: n,
      counter: 0,
      receipt_hash: String(n).repeat(64),
      winner_handle: handle,
      claim_deadline: '2026-04-08T10:00:00.000Z',
      claimed_at: null,
      claim_status: 'awaiting_claim' as const,
    });
    const handles = ['ann', 'bo.b', 'cy_'];
    server.use(
      getGiveawaysHandler([
        buildGiveaway({ id: 21, title: 'Three Prizes', winner_count: 3, end_date: '2026-04-30' }),
        buildGiveaway({ id: 22, title: 'One Prize', winner_count: 1, end_date: '2026-04-30' }),
        buildGiveaway({
          id: 23,
          title: 'Three Drawn',
          status: 'winner_selected',
          phase: 'drawn',
          winner_count: 3,
          winner_id: 1,
          winner_details: { instagram_handle: 'ann', email: null },
          draws: handles.map((h, i) => round(i + 1, h)),
          winners: handles.map((h, i) => ({
            place: i + 1,
            round: i + 1,
            instagram_handle: h,
            claim_status: 'awaiting_claim' as const,
            claim_deadline: '2026-04-08T10:00:00.000Z',
          })),
        }),
      ]),
    );
    renderWithProviders(<GiveawayListPage />, { apollo: true });
    const three = within(await screen.findByRole('article', { name: 'Three Prizes' }));
    expect(
      three.getByText('Started March 5, 2026 · Ends April 30, 2026 · 3 winners'),
    ).toBeInTheDocument();
    const one = within(screen.getByRole('article', { name: 'One Prize' }));
    expect(one.getByText('Started March 5, 2026 · Ends April 30, 2026')).toBeInTheDocument();
    expect(one.queryByText(/winners/)).not.toBeInTheDocument();

    const drawn = within(screen.getByRole('article', { name: 'Three Drawn' }));
    expect(drawn.getByText('Winners Selected!')).toBeInTheDocument();
    expect(drawn.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '@ann',
      '@bo.b',
      '@cy_',
    ]);
    expect(drawn.getByText('The 3 winners were drawn on April 1, 2026.')).toBeInTheDocument();
  });

  it('skips items without an id and warns about them', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      getGiveawaysHandler([
        buildGiveaway({ id: null, title: 'Ghost' }),
        buildGiveaway({ title: 'Real One' }),
      ]),
    );
    renderWithProviders(<GiveawayListPage />, { apollo: true });
    expect(await screen.findByRole('article', { name: 'Real One' })).toBeInTheDocument();
    expect(screen.queryByText('Ghost')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('without an id'), 'Ghost');
  });

  it('shows Manage Giveaways to admins only', async () => {
    server.use(getGiveawaysHandler([]));
    signInAs('admin');
    renderWithProviders(<GiveawayListPage />, { apollo: true });
    expect(await screen.findByRole('link', { name: 'Manage Giveaways' })).toHaveAttribute(
      'href',
      '/giveaway/admin',
    );
  });

  it('hides Manage Giveaways from visitors', async () => {
    server.use(getGiveawaysHandler([]));
    renderWithProviders(<GiveawayListPage />, { apollo: true });
    await screen.findByText('No giveaways yet');
    expect(screen.queryByRole('link', { name: 'Manage Giveaways' })).not.toBeInTheDocument();
  });

  it('only logs a failed load and shows the empty state', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(`${API}/giveaway`, () =>
        HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 }),
      ),
    );
    renderWithProviders(<GiveawayListPage />, { apollo: true });
    expect(await screen.findByText('No giveaways yet')).toBeInTheDocument();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to load giveaways', expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('with the cache of a giveaway page that ran before in this tab', () => {
    afterEach(() => provideGiveawayListCache(null));

    it('shows the cached list at once, then the fresh answer, and writes it back', async () => {
      const client = createApolloClient();
      const cache = giveawayListCacheOf(client);
      cache.write([buildGiveaway({ id: 80, title: 'From The Cache' })]);
      provideGiveawayListCache(cache);
      server.use(
        getGiveawaysHandler([
          buildGiveaway({
            id: 81,
            title: 'Fresh One',
            winner_details: { instagram_handle: 'lucky.one', email: null },
          }),
        ]),
      );
      renderWithProviders(<GiveawayListPage />);
      // No loading state: the cached card is there on the first render.
      expect(screen.getByRole('article', { name: 'From The Cache' })).toBeInTheDocument();
      expect(await screen.findByRole('article', { name: 'Fresh One' })).toBeInTheDocument();
      expect(screen.queryByRole('article', { name: 'From The Cache' })).not.toBeInTheDocument();
      // Stored as the list query itself would store it, so the Apollo pages read it.
      const stored = client.readQuery({ query: GIVEAWAYS_QUERY })?.giveaways ?? [];
      expect(stored.map((g) => [g.__typename, g.id, g.title])).toEqual([
        ['Giveaway', 81, 'Fresh One'],
      ]);
      expect(stored[0]?.winner_details).toEqual({
        __typename: 'WinnerDetails',
        instagram_handle: 'lucky.one',
        email: null,
      });
    });
  });
});
