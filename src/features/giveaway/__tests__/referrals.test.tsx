import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { CheckPage } from '../components/check-page';
import { ConfirmPage } from '../components/confirm-page';
import { GiveawayDetailPage } from '../components/giveaway-detail-page';
import { ReceiptPanel } from '../components/receipt-panel';
import { arrivedByReferral } from '../kept-entry';
import { API, detail, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { buildGiveaway, getGiveawayHandler, giveawayApiDefaults, receiptCheck } from './fixtures';

const server = setupApiServer(...giveawayApiDefaults);

const entry = {
  receipt: 'K7M2-9QXD-4HVA-PN3T',
  rules_version: 1,
  instagram_handle: 'ann',
  entered_at: '2026-03-06T10:00:00.000Z',
  referral_code: 'AB12CD34EF56',
};

/** A confirmation deadline still to come. */
const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();

afterEach(() => {
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
  localStorage.clear();
});

describe('the "You\'re in" panel', () => {
  it('says "You won", not "Bring friends", to an entry that holds a place (drawn again included)', async () => {
    server.use(
      http.post(`${API}/giveaway/7/receipt`, () =>
        HttpResponse.json(receiptCheck(entry.receipt, 0, { frozen: true, position: 3, won: true })),
      ),
    );
    renderWithProviders(
      <ReceiptPanel giveawayId="7" title="Seven" entry={entry} fresh={false} referralCap={5} />,
      { apollo: true },
    );
    const panel = within(screen.getByRole('region', { name: "You're in!" }));
    expect(await panel.findByRole('heading', { name: 'You won' })).toBeInTheDocument();
    expect(
      panel.getByText(/We sent the claim link to the address you entered with/),
    ).toBeInTheDocument();
    expect(panel.queryByRole('heading', { name: /Bring friends/ })).not.toBeInTheDocument();
  });

  it('offers the personal link to share and shows the entries held, bonus ones included', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/giveaway/7/receipt`, () =>
        HttpResponse.json(receiptCheck(entry.receipt, 2)),
      ),
    );
    renderWithProviders(
      <ReceiptPanel giveawayId="7" title="Seven" entry={entry} fresh={false} referralCap={5} />,
      { apollo: true },
    );
    const panel = within(screen.getByRole('region', { name: "You're in!" }));
    const link = panel.getByLabelText('Your personal link');
    expect(link).toHaveValue(`${window.location.origin}/giveaway/7?ref=AB12CD34EF56`);
    expect(link).toHaveAttribute('readonly');
    expect(
      panel.getByRole('heading', { name: 'Bring friends, earn bonus entries' }),
    ).toBeInTheDocument();
    expect(panel.getByText(/up to 5 bonus entries/)).toBeInTheDocument();
    expect(await panel.findByTestId('entries-held')).toHaveTextContent(
      'You hold 3 entries in the draw: your own and 2 bonus entries for referrals.',
    );

    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(panel.getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenLastCalledWith(
      `${window.location.origin}/giveaway/7?ref=AB12CD34EF56`,
    );
    // Share passes on the personal link too (copied where the device has no share sheet).
    await user.click(panel.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenLastCalledWith(
      `${window.location.origin}/giveaway/7?ref=AB12CD34EF56`,
    );
    expect(
      (await screen.findAllByText('Your personal link copied to clipboard')).length,
    ).toBeGreaterThan(0);
  });

  it('says one entry without bonus, and offers no link when referrals are off', async () => {
    renderWithProviders(
      <ReceiptPanel giveawayId="8" title="Eight" entry={entry} fresh={false} referralCap={0} />,
      { apollo: true },
    );
    const panel = within(screen.getByRole('region', { name: "You're in!" }));
    expect(await panel.findByTestId('entries-held')).toHaveTextContent(
      'You hold 1 entry in the draw.',
    );
    expect(panel.queryByLabelText('Your personal link')).not.toBeInTheDocument();
  });

  it('asks to confirm while the entry waits for confirmation, and counts nothing yet', async () => {
    server.use(
      http.post(`${API}/giveaway/9/receipt`, () =>
        HttpResponse.json(
          receiptCheck(entry.receipt, 0, { confirmed: false, entries: 0, bonus_entries: 0 }),
        ),
      ),
    );
    renderWithProviders(
      <ReceiptPanel
        giveawayId="9"
        title="Nine"
        entry={{ ...entry, confirm_by: tomorrow() }}
        fresh={false}
        referralCap={5}
      />,
      { apollo: true },
    );
    const panel = within(screen.getByRole('region', { name: "You're in!" }));
    expect(panel.getByTestId('confirm-pending')).toHaveTextContent(
      /^Confirm your entry: we sent a link to your e-mail address\. Your entry counts only once you open it, by /,
    );
    expect(panel.getByText(/They count once your own entry is confirmed\./)).toBeInTheDocument();
    // The server's answer keeps it pending: no count of entries held is shown.
    await waitFor(() => expect(panel.queryByTestId('entries-held')).not.toBeInTheDocument());
  });

  it("sends the confirmation link again on request, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    let answer = () =>
      HttpResponse.json({
        success: true,
        message:
          'We sent a new confirmation link to the address you entered with; the earlier link no longer works. Open it by Saturday, November 28, 2026 at 18:00 (UTC).',
      });
    server.use(
      http.post(`${API}/giveaway/12/receipt`, () =>
        HttpResponse.json(
          receiptCheck(entry.receipt, 0, { confirmed: false, entries: 0, bonus_entries: 0 }),
        ),
      ),
      http.post(`${API}/giveaway/12/receipt/confirmation`, async ({ request }) => {
        asked.push(await request.json());
        return answer();
      }),
    );
    renderWithProviders(
      <ReceiptPanel
        giveawayId="12"
        title="Twelve"
        entry={{ ...entry, confirm_by: tomorrow() }}
        fresh={false}
      />,
      { apollo: true },
    );
    const pending = within(screen.getByTestId('confirm-pending'));
    await user.click(pending.getByRole('button', { name: 'No e-mail? Send the link again' }));
    expect(
      await screen.findByText(/^We sent a new confirmation link to the address you entered with/),
    ).toBeInTheDocument();
    expect(asked).toEqual([{ receipt: entry.receipt }]);

    answer = () => detail(410, 'Your entry was not confirmed in time: it does not count.');
    await user.click(pending.getByRole('button', { name: 'No e-mail? Send the link again' }));
    expect(
      await screen.findByText('Your entry was not confirmed in time: it does not count.'),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(2);

    // Held back by the mail limits: the sentence says when to ask again.
    const wait =
      'This mail was sent moments ago; please look for it in the inbox and the spam folder. Please ask again in 2 minutes.';
    answer = () => detail(429, wait);
    await user.click(pending.getByRole('button', { name: 'No e-mail? Send the link again' }));
    expect(await screen.findByText(wait)).toBeInTheDocument();
    expect(asked).toHaveLength(3);
  });

  it('says so when the entry was not confirmed in time', async () => {
    server.use(
      http.post(`${API}/giveaway/11/receipt`, () =>
        HttpResponse.json(
          receiptCheck(entry.receipt, 0, { confirmed: false, entries: 0, bonus_entries: 0 }),
        ),
      ),
    );
    renderWithProviders(
      <ReceiptPanel
        giveawayId="11"
        title="Eleven"
        entry={{ ...entry, confirm_by: '2020-01-01T00:00:00.000Z' }}
        fresh={false}
        referralCap={5}
        onForget={() => undefined}
      />,
      { apollo: true },
    );
    const panel = within(screen.getByRole('region', { name: "You're in!" }));
    expect(panel.getByTestId('confirm-pending')).toHaveTextContent(
      'Your entry has expired: it was not confirmed in time, so it does not count. To enter again, forget it on this device below.',
    );
    expect(panel.getByRole('button', { name: /Forget it on this device/ })).toBeInTheDocument();
  });

  it('drops the request to confirm once the server says the entry is confirmed', async () => {
    renderWithProviders(
      <ReceiptPanel
        giveawayId="10"
        title="Ten"
        entry={{ ...entry, confirm_by: tomorrow() }}
        fresh={false}
        referralCap={5}
      />,
      { apollo: true },
    );
    const panel = within(screen.getByRole('region', { name: "You're in!" }));
    expect(await panel.findByTestId('entries-held')).toHaveTextContent('You hold 1 entry');
    expect(panel.queryByTestId('confirm-pending')).not.toBeInTheDocument();
  });
});

describe('a return visit', () => {
  it('turns "Enter now" into "See your entry", which leads to the panel', async () => {
    const user = userEvent.setup();
    localStorage.setItem('giveaway-entry:50', JSON.stringify(entry));
    server.use(getGiveawayHandler(buildGiveaway({ id: 50, referral_cap: 5 })));
    renderWithProviders(<GiveawayDetailPage id="50" />, { apollo: true });
    const panel = await screen.findByRole('region', { name: "You're in!" });
    expect(screen.queryByRole('button', { name: 'Enter now' })).not.toBeInTheDocument();
    // jsdom does not scroll.
    Element.prototype.scrollIntoView = jest.fn();
    await user.click(screen.getByRole('button', { name: 'See your entry' }));
    expect(panel).toHaveFocus();
  });

  it('forgets the request to confirm once the server says the entry is confirmed', async () => {
    localStorage.setItem('giveaway-entry:51', JSON.stringify({ ...entry, confirm_by: tomorrow() }));
    server.use(getGiveawayHandler(buildGiveaway({ id: 51, referral_cap: 5 })));
    renderWithProviders(<GiveawayDetailPage id="51" />, { apollo: true });
    expect(await screen.findByTestId('entries-held')).toHaveTextContent('You hold 1 entry');
    await waitFor(() =>
      expect(
        (JSON.parse(localStorage.getItem('giveaway-entry:51') ?? '{}') as { confirm_by?: string })
          .confirm_by ?? null,
      ).toBeNull(),
    );
  });
});

describe('arriving by a referral link', () => {
  it('sends the code with the entry and keeps it for the session', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> = {};
    window.history.replaceState(null, '', '/giveaway/41?ref=ab12cd34ef56');
    server.use(
      getGiveawayHandler(buildGiveaway({ id: 41, referral_cap: 5 })),
      http.post(`${API}/giveaway/41/participate`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({
          success: true,
          message: 'Entered.',
          receipt: 'K7M2-9QXD-4HVA-PN3T',
          rules_version: 1,
          referral_code: 'ZZ12CD34EF56',
          confirmation_pending: false,
          confirm_by: null,
        });
      }),
    );
    renderWithProviders(<GiveawayDetailPage id="41" />, { apollo: true });
    expect(await screen.findByText(/You came through a friend's link/)).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/Email/), 'bo@example.com');
    await user.type(screen.getByLabelText(/Instagram Handle/), 'bo');
    await user.click(screen.getByRole('checkbox', { name: /I have read the rules/ }));
    await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
    const panel = within(await screen.findByRole('region', { name: "You're in!" }));
    expect(sent.ref).toBe('AB12CD34EF56');
    // The new entrant gets a link of their own.
    expect(panel.getByLabelText('Your personal link')).toHaveValue(
      `${window.location.origin}/giveaway/41?ref=ZZ12CD34EF56`,
    );
    expect(JSON.parse(localStorage.getItem('giveaway-entry:41') ?? '{}')).toMatchObject({
      referral_code: 'ZZ12CD34EF56',
    });
    // Still known after leaving the address (e.g. to read the rules) in this tab.
    expect(arrivedByReferral('41', '')).toBe('AB12CD34EF56');
  });

  it('ignores a ref that cannot be a code: nothing extra is sent', async () => {
    expect(arrivedByReferral('42', '?ref=%3Cscript%3E')).toBeNull();
    expect(arrivedByReferral('42', '?ref=AB12CD34EF5I')).toBeNull();
    expect(arrivedByReferral('42', '')).toBeNull();
  });
});

describe('the public total of bonus entries', () => {
  it('is on the giveaway page where referrals are on, without naming anyone', async () => {
    server.use(
      getGiveawayHandler(
        buildGiveaway({ id: 48, referral_cap: 5, bonus_entry_count: 2, confirm_entries: true }),
      ),
    );
    renderWithProviders(<GiveawayDetailPage id="48" />, { apollo: true });
    expect(await screen.findByTestId('bonus-total')).toHaveTextContent(
      'Referrals: each entrant can earn up to 5 bonus entries by bringing friends; 2 bonus entries earned so far.',
    );
    expect(
      screen.getByText('An entry counts once its e-mail address is confirmed.'),
    ).toBeInTheDocument();
  });

  it('is left out where referrals are off and none were earned', async () => {
    server.use(getGiveawayHandler(buildGiveaway({ id: 49, referral_cap: 0 })));
    renderWithProviders(<GiveawayDetailPage id="49" />, { apollo: true });
    expect(await screen.findByRole('heading', { name: 'Rules & Fair Draw' })).toBeInTheDocument();
    expect(screen.queryByTestId('bonus-total')).not.toBeInTheDocument();
  });
});

describe('"Was I in the draw?"', () => {
  it('shows how many entries the receipt holds', async () => {
    const user = userEvent.setup();
    server.use(
      getGiveawayHandler(buildGiveaway({ id: 43 })),
      http.post(`${API}/giveaway/43/receipt`, () =>
        HttpResponse.json(receiptCheck('K7M2-9QXD-4HVA-PN3T', 1)),
      ),
    );
    renderWithProviders(<CheckPage id="43" />, { apollo: true });
    await user.type(await screen.findByLabelText(/Receipt code/), 'K7M2-9QXD-4HVA-PN3T');
    await user.click(screen.getByRole('button', { name: 'Check Receipt' }));
    expect(await screen.findByTestId('entries-held')).toHaveTextContent(
      '2 (your own, plus 1 bonus entry for referrals)',
    );
  });

  it('says when the entry is not confirmed', async () => {
    const user = userEvent.setup();
    server.use(
      getGiveawayHandler(buildGiveaway({ id: 44 })),
      http.post(`${API}/giveaway/44/receipt`, () =>
        HttpResponse.json(
          receiptCheck('K7M2-9QXD-4HVA-PN3T', 0, {
            confirmed: false,
            entries: 0,
            message: 'Your entry is recorded but not confirmed yet.',
          }),
        ),
      ),
    );
    renderWithProviders(<CheckPage id="44" />, { apollo: true });
    await user.type(await screen.findByLabelText(/Receipt code/), 'K7M2-9QXD-4HVA-PN3T');
    await user.click(screen.getByRole('button', { name: 'Check Receipt' }));
    expect(await screen.findByText('Your entry is not confirmed')).toBeInTheDocument();
    expect(screen.getByText('Your entry is recorded but not confirmed yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('entries-held')).not.toBeInTheDocument();
  });
});

describe('the confirmation page', () => {
  const outcomes = [
    [
      'confirmed',
      () =>
        HttpResponse.json({
          status: 'confirmed',
          message: 'Your entry is confirmed. It counts now. Good luck!',
        }),
      'Entry confirmed',
      'Your entry is confirmed. It counts now. Good luck!',
    ],
    [
      'already confirmed',
      () =>
        HttpResponse.json({
          status: 'already_confirmed',
          message: 'Your entry was already confirmed.',
        }),
      'Already confirmed',
      'Your entry was already confirmed.',
    ],
    [
      'expired',
      () => detail(410, 'This confirmation link expired.'),
      'This link has expired',
      'This confirmation link expired.',
    ],
    [
      'unknown',
      () => detail(404, 'This confirmation link is not known.'),
      'This link is not known',
      'This confirmation link is not known.',
    ],
    [
      'too late',
      () => detail(409, 'Entries to this giveaway closed before your entry was confirmed.'),
      'Your entry could not be confirmed',
      'Entries to this giveaway closed before your entry was confirmed.',
    ],
  ] as const;

  it.each(outcomes)('says what happened: %s', async (_name, answer, title, text) => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let token = '';
    server.use(
      getGiveawayHandler(buildGiveaway({ id: 45, title: 'Confirm Me' })),
      http.post(`${API}/giveaway/45/confirm`, async ({ request }) => {
        token = ((await request.json()) as { token: string }).token;
        return answer();
      }),
    );
    renderWithProviders(<ConfirmPage id="45" search="?token=abc_DEF-123" />, { apollo: true });
    const outcome = within(await screen.findByTestId('confirm-outcome'));
    expect(outcome.getByText(title)).toBeInTheDocument();
    expect(outcome.getByText(text)).toBeInTheDocument();
    expect(token).toBe('abc_DEF-123');
    expect(screen.getByTestId('confirm-outcome')).toHaveFocus();
  });

  it('offers to try again when no answer came', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      getGiveawayHandler(buildGiveaway({ id: 46 })),
      http.post(`${API}/giveaway/46/confirm`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({ status: 'confirmed', message: 'Confirmed now.' });
      }),
    );
    renderWithProviders(<ConfirmPage id="46" search="?token=t0k3n" />, { apollo: true });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Confirmed now.')).toBeInTheDocument();
  });

  it('explains what is needed when the link has no token', async () => {
    server.use(getGiveawayHandler(buildGiveaway({ id: 47 })));
    renderWithProviders(<ConfirmPage id="47" search="" />, { apollo: true });
    expect(
      await screen.findByText('This page needs the link from your e-mail'),
    ).toBeInTheDocument();
  });
});
