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

const server = setupApiServer(
  ...giveawayApiDefaults,
  // The results mail card asks once; before the draw it shows nothing.
  http.get(`${API}/giveaway/7/results-mail`, () =>
    HttpResponse.json({ drawn: false, recipients: 0, preview: null, sent: null }),
  ),
);

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
    referred_by: null,
    flags: [],
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
  const ann = entrant({
    instagram_handle: 'ann',
    weight: 3,
    bonus_entries: 2,
    referrals: 2,
    created_at: on(10),
    confirmed_at: on(10),
    flags: ['referral_chain'],
  });
  const list = [
    ann,
    entrant({
      instagram_handle: 'ben',
      source: 'referral',
      referred_by: ann.id,
      flags: ['same_network', 'referral_chain'],
      created_at: on(11),
      confirmed_at: on(11),
    }),
    entrant({
      instagram_handle: 'cid',
      source: 'referral',
      referred_by: ann.id,
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
    await screen.findByRole('checkbox', { name: 'Select @ann' });
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter((h) =>
        ['Weight', 'Referrals', 'Referred by', 'Confirmed', 'Flags'].includes(h ?? ''),
      );
    expect(headers).toEqual(['Weight', 'Referrals', 'Referred by', 'Confirmed', 'Flags']);

    const row = (handle: string) =>
      within(
        screen.getByRole('checkbox', { name: `Select @${handle}` }).closest('tr') as HTMLElement,
      );
    expect(row('ann').getByText('3 (2 bonus)')).toBeInTheDocument();
    // The cells: select, entered, handle, e-mail, weight, referrals, referred by, confirmed,
    // flags, status.
    expect(row('ann').getAllByRole('cell')[5]).toHaveTextContent(/^2$/);
    expect(row('ann').getAllByRole('cell')[6]).toHaveTextContent(/^Direct$/);
    expect(row('ben').getAllByRole('cell')[6]).toHaveTextContent(/^@ann$/);
    expect(row('ben').getAllByRole('cell')[8]).toHaveTextContent('Same network');
    expect(row('ben').getAllByRole('cell')[8]).toHaveTextContent('Referral chain');
    expect(row('eve').getAllByRole('cell')[8]).toHaveTextContent(/^None$/);
    expect(row('ben').getAllByRole('cell')[4]).toHaveTextContent(/^1$/);
    expect(row('cid').getByText('Unconfirmed')).toBeInTheDocument();
    expect(row('ann').getAllByRole('cell')[7]).toHaveTextContent(/^On entry$/);
    expect(row('eve').getAllByRole('cell')[7]).toHaveTextContent(
      /^Mar 12, 2026, \d{1,2}:\d{2} [AP]M$/,
    );
    expect(row('dot').getByText('Disqualified: Bot')).toBeInTheDocument();
  });

  it('counts in its header only the entries in the draw: confirmed and not disqualified', async () => {
    show();
    // Ann, Ben and Eve; Cid is unconfirmed and Dot disqualified.
    expect(
      await screen.findByRole('heading', { name: 'Entrants (3 entries in the draw)' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/5 entries in all/)).toBeInTheDocument();
  });

  it('undoes a disqualification with Reinstate and reads the entrants again', async () => {
    let sent: unknown = null;
    let reads = 0;
    signInAs('admin');
    server.use(
      getGiveawayHandler(giveaway),
      http.get(`${API}/giveaway/7/participants`, () => {
        reads += 1;
        return HttpResponse.json(list);
      }),
      http.post(`${API}/giveaway/7/reinstate`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: '1 entry is back in the draw.' });
      }),
    );
    renderWithProviders(<DeskPage id="7" />, { apollo: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reinstate @dot' }));
    const dot = list.find((p) => p.instagram_handle === 'dot') as Participant;
    expect(sent).toEqual({ participant_ids: [dot.id] });
    expect(await screen.findByText('1 entry is back in the draw.')).toBeInTheDocument();
    expect(reads).toBeGreaterThanOrEqual(2);
    // Only disqualified entries have the button.
    expect(screen.queryByRole('button', { name: 'Reinstate @ann' })).toBeNull();
  });

  it('has no Reinstate once the list is frozen', async () => {
    signInAs('admin');
    server.use(
      getGiveawayHandler({
        ...giveaway,
        frozen: {
          frozen_at: on(13),
          reason: 'stopped',
          entrant_count: 3,
          fingerprint: 'a'.repeat(64),
        },
      }),
      http.get(`${API}/giveaway/7/participants`, () => HttpResponse.json(list)),
    );
    renderWithProviders(<DeskPage id="7" />, { apollo: true });
    expect(await screen.findByText(/can no longer be removed or reinstated/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reinstate/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Disqualify flagged/ })).toBeNull();
  });

  it('disqualifies every flagged entry only with a reason and after a confirmation', async () => {
    let sent: unknown = null;
    signInAs('admin');
    server.use(
      getGiveawayHandler(giveaway),
      http.get(`${API}/giveaway/7/participants`, () => HttpResponse.json(list)),
      http.post(`${API}/giveaway/7/disqualify`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: '2 entries were disqualified.' });
      }),
    );
    renderWithProviders(<DeskPage id="7" />, { apollo: true });
    const user = userEvent.setup();
    // Ann and Ben are flagged (Dot, disqualified already, is not counted again).
    await user.click(await screen.findByRole('button', { name: 'Disqualify flagged (2)' }));
    expect(
      screen.getByText('Please give the reason; it is published with the number removed.'),
    ).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(
      screen.getByLabelText(/Reason for disqualifying all 2 entries flagged/),
      'One household',
    );
    await user.click(screen.getByRole('button', { name: 'Disqualify flagged (2)' }));
    const confirm = screen.getByRole('group', {
      name: 'Confirm disqualifying the flagged entries',
    });
    expect(confirm).toHaveTextContent('Disqualify 2 entries (@ann, @ben)?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Disqualify flagged (2)' }));
    await user.click(screen.getByRole('button', { name: 'Yes, disqualify 2 entries' }));
    expect(sent).toEqual({ participant_ids: [ann.id, list[1]!.id], reason: 'One household' });
    expect(await screen.findByText('2 entries were disqualified.')).toBeInTheDocument();
  });

  it('shows who brought whom as a tree', async () => {
    show();
    const tree = await screen.findByRole('list', { name: 'Referral tree' });
    const top = within(tree).getAllByRole('listitem')[0] as HTMLElement;
    expect(top).toHaveTextContent(/^@ann brought 2 \(referral chain\)/);
    const branch = within(top).getByRole('list');
    expect(
      within(branch)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['@ben (referral chain)', '@cid (unconfirmed)']);
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
