import type { Participant } from '@site/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { localDateIso } from '@/lib/dates';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { signInAs } from '@/testing/session';
import { DeskPage } from '../components/desk-page';
import { chartSummary, entriesPerDay } from '../components/entries-chart';
import { buildGiveaway, getGiveawayHandler, giveawayApiDefaults } from './fixtures';

const server = setupApiServer(...giveawayApiDefaults);

let nextId = 100;
function entrant(overrides: Partial<Participant> = {}): Participant {
  const id = nextId++;
  return {
    id,
    giveaway_id: 7,
    email: `p${id}@example.com`,
    instagram_handle: `p_${id}`,
    created_at: '2026-03-10T12:00:00.000Z',
    disqualified_at: null,
    disqualified_reason: null,
    weight: 1,
    bonus_entries: 0,
    referrals: 0,
    confirmed_at: '2026-03-10T12:00:00.000Z',
    source: 'direct',
    ...overrides,
  };
}

/** Noon UTC on 2026-03-`day`: the same calendar day in every zone the tests run in. */
const on = (day: number) => `2026-03-${String(day).padStart(2, '0')}T12:00:00.000Z`;

afterEach(() => window.localStorage.clear());

describe('entriesPerDay', () => {
  it('counts entries in the draw by day and source, with the empty days between', () => {
    const days = entriesPerDay([
      entrant({ created_at: on(10) }),
      entrant({ created_at: on(10), source: 'referral' }),
      entrant({ created_at: on(10), source: 'referral' }),
      entrant({ created_at: on(13) }),
      // Not in the draw: unconfirmed, or disqualified.
      entrant({ created_at: on(11), confirmed_at: null }),
      entrant({ created_at: on(12), disqualified_at: on(12) }),
    ]);
    expect(days).toEqual([
      { day: localDateIso(new Date(on(10))), direct: 1, referral: 2 },
      { day: localDateIso(new Date(on(11))), direct: 0, referral: 0 },
      { day: localDateIso(new Date(on(12))), direct: 0, referral: 0 },
      { day: localDateIso(new Date(on(13))), direct: 1, referral: 0 },
    ]);
    expect(chartSummary(days)).toBe(
      'From Mar 10, 2026 to Mar 13, 2026: 2 direct and 2 by referral. The busiest day was Mar 10, 2026, with 3.',
    );
    expect(entriesPerDay([])).toEqual([]);
    expect(chartSummary([])).toBe('No entries yet.');
  });

  it('keeps the latest 60 days', () => {
    const days = entriesPerDay([
      entrant({ created_at: '2026-01-01T12:00:00.000Z' }),
      entrant({ created_at: '2026-06-01T12:00:00.000Z' }),
    ]);
    expect(days).toHaveLength(60);
    expect(days[59]).toEqual({ day: '2026-06-01', direct: 1, referral: 0 });
  });
});

describe('DeskPage', () => {
  const giveaway = buildGiveaway({ id: 7, title: 'Desk Giveaway', participant_count: 4 });
  const list = [
    entrant({
      instagram_handle: 'ann',
      weight: 3,
      bonus_entries: 2,
      referrals: 2,
      created_at: on(10),
      confirmed_at: on(10),
    }),
    entrant({
      instagram_handle: 'ben',
      source: 'referral',
      created_at: on(11),
      confirmed_at: on(11),
    }),
    entrant({
      instagram_handle: 'cid',
      source: 'referral',
      created_at: on(11),
      confirmed_at: null,
    }),
    // Eve confirmed her address through the mailed link a day after entering.
    entrant({ instagram_handle: 'eve', created_at: on(11), confirmed_at: on(12) }),
    entrant({
      instagram_handle: 'dot',
      created_at: on(12),
      confirmed_at: on(12),
      disqualified_at: on(12),
      disqualified_reason: 'Bot',
    }),
  ];

  function show() {
    signInAs('admin');
    server.use(
      getGiveawayHandler(giveaway),
      http.get(`${API}/giveaway/7/participants`, () => HttpResponse.json(list)),
    );
    renderWithProviders(<DeskPage id="7" />, { apollo: true });
  }

  it("shows each entry's weight, referrals, source and confirmation", async () => {
    show();
    await screen.findByRole('cell', { name: '@ann' });
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter((h) => ['Weight', 'Referrals', 'Source', 'Confirmed'].includes(h ?? ''));
    expect(headers).toEqual(['Weight', 'Referrals', 'Source', 'Confirmed']);

    const row = (handle: string) =>
      within(screen.getByRole('cell', { name: `@${handle}` }).closest('tr') as HTMLElement);
    expect(row('ann').getByText('3 (2 bonus)')).toBeInTheDocument();
    // The cells: select, entered, handle, e-mail, weight, referrals, source, confirmed, status.
    expect(row('ann').getAllByRole('cell')[5]).toHaveTextContent(/^2$/);
    expect(row('ann').getByText('Direct')).toBeInTheDocument();
    expect(row('ben').getByText('Referral')).toBeInTheDocument();
    expect(row('ben').getAllByRole('cell')[4]).toHaveTextContent(/^1$/);
    expect(row('cid').getByText('Unconfirmed')).toBeInTheDocument();
    expect(row('ann').getAllByRole('cell')[7]).toHaveTextContent(/^On entry$/);
    expect(row('eve').getAllByRole('cell')[7]).toHaveTextContent(
      /^Mar 12, 2026, \d{1,2}:\d{2} [AP]M$/,
    );
    expect(row('dot').getByText('Disqualified: Bot')).toBeInTheDocument();
  });

  it('draws the chart with a description in words and its numbers in a table', async () => {
    show();
    const chart = await screen.findByRole('img', { name: /^Entries per day by source\./ });
    expect(chart).toHaveAccessibleName(
      'Entries per day by source. From Mar 10, 2026 to Mar 11, 2026: 2 direct and 1 by referral. The busiest day was Mar 11, 2026, with 2.',
    );
    // One bar per source that has entries on a day: Ann (direct); Eve (direct) and Ben (referral).
    expect(chart.querySelectorAll('rect')).toHaveLength(3);

    const user = userEvent.setup();
    await user.click(screen.getByText('Show the numbers'));
    const numbers = screen.getByRole('table', { name: 'Entries per day by source' });
    const cells = within(numbers)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['1', '0', '1'],
      ['1', '1', '2'],
    ]);
  });

  it('says so when nobody is in the draw yet', async () => {
    signInAs('admin');
    server.use(
      getGiveawayHandler(giveaway),
      http.get(`${API}/giveaway/7/participants`, () => HttpResponse.json([])),
    );
    renderWithProviders(<DeskPage id="7" />, { apollo: true });
    expect(await screen.findByText('No entries in the draw yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Entries per day/ })).toBeNull();
  });
});
