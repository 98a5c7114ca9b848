import type { HandleReport } from '@site/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { signInAs } from '@/testing/session';
import { EntryForm } from '../components/entry-form';
import { HandleReportsCard, TAKEN_HANDLE_REASON } from '../components/handle-reports-card';
import { asServedEntryState } from '../served-entry';
import { buildGiveaway, getGiveawayHandler, giveawayApiDefaults } from './fixtures';

const server = setupApiServer(...giveawayApiDefaults);

afterEach(() => window.localStorage.clear());

describe('the report form under the entry form', () => {
  function renderForm() {
    renderWithProviders(
      <EntryForm
        giveawayId="7"
        rulesVersion={1}
        minAge={18}
        onEntered={jest.fn()}
        onRefused={jest.fn()}
      />,
      { apollo: true },
    );
  }

  async function enterWith(user: ReturnType<typeof userEvent.setup>, handle: string) {
    await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/Instagram Handle/), handle);
    await user.click(screen.getByRole('checkbox', { name: /I have read the rules/ }));
    await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
  }

  it('appears when the handle is refused as taken, prefilled, and sends the report', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sent = jest.fn();
    server.use(
      http.post(`${API}/giveaway/7/participate`, () =>
        HttpResponse.json(
          {
            detail:
              'The Instagram handle @ann_real has already entered this giveaway; each handle can enter once.',
            code: 'handle_taken',
          },
          { status: 409 },
        ),
      ),
      http.post(`${API}/giveaway/7/handle-reports`, async ({ request }) => {
        sent(await request.json());
        return HttpResponse.json({
          success: true,
          message: 'Thank you: the organiser will see it.',
        });
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await enterWith(user, '@ann_real');

    const report = await screen.findByRole('form', { name: 'Report a taken handle' });
    expect(screen.getByRole('heading', { name: 'Is @ann_real your handle?' })).toBeInTheDocument();
    expect(within(report).getByLabelText(/Your Instagram handle/)).toHaveValue('ann_real');
    expect(within(report).getByLabelText(/Your e-mail/)).toHaveValue('ann@example.com');

    // The form's own checks come first, under their fields.
    await user.clear(within(report).getByLabelText(/Your e-mail/));
    await user.click(within(report).getByRole('button', { name: 'Report this handle' }));
    expect(
      await within(report).findByText(
        'Please enter a valid e-mail address, like name@example.com.',
      ),
    ).toBeInTheDocument();
    expect(within(report).getByLabelText(/Your e-mail/)).toHaveFocus();
    expect(sent).not.toHaveBeenCalled();

    await user.type(within(report).getByLabelText(/Your e-mail/), 'ann@example.com');
    await user.type(within(report).getByLabelText(/Note/), 'That is my account.');
    await user.click(within(report).getByRole('button', { name: 'Report this handle' }));
    expect(await screen.findByText('Thank you: the organiser will see it.')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith({
      instagram_handle: 'ann_real',
      email: 'ann@example.com',
      note: 'That is my account.',
      website: '',
    });
    expect(screen.queryByRole('form', { name: 'Report a taken handle' })).toBeNull();
  });

  it('does not appear for other refusals, and shows the server’s sentence when the report is refused', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.post(`${API}/giveaway/7/participate`, () =>
        HttpResponse.json({ detail: 'Entries to this giveaway are paused.' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await enterWith(user, 'ann');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Entries to this giveaway are paused.',
    );
    expect(screen.queryByRole('form', { name: 'Report a taken handle' })).toBeNull();

    server.use(
      http.post(`${API}/giveaway/7/participate`, () =>
        HttpResponse.json({ detail: 'Taken.', code: 'handle_taken' }, { status: 409 }),
      ),
      http.post(`${API}/giveaway/7/handle-reports`, () =>
        HttpResponse.json(
          { detail: 'No entry of this giveaway holds the Instagram handle @ann now.' },
          { status: 409 },
        ),
      ),
    );
    // The refused form keeps what was typed (the box stays ticked): sent again as it is.
    expect(screen.getByRole('checkbox', { name: /I have read the rules/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
    const report = await screen.findByRole('form', { name: 'Report a taken handle' });
    await user.click(within(report).getByRole('button', { name: 'Report this handle' }));
    expect(
      await screen.findByText('No entry of this giveaway holds the Instagram handle @ann now.'),
    ).toBeInTheDocument();
  });
});

describe('the report form sent as a page (no script)', () => {
  const values = { email: 'pat@example.org', instagram_handle: '@pat', accept_rules: false };
  const renderServed = (extra: object) =>
    renderWithProviders(
      <EntryForm
        giveawayId="7"
        rulesVersion={1}
        minAge={18}
        initial={asServedEntryState({ kind: 'refused', values, errors: {}, ...extra }) as never}
        onEntered={jest.fn()}
        onRefused={jest.fn()}
      />,
      { apollo: true },
    );

  it('is drawn under a refused entry whose handle is taken, posting to the site', () => {
    renderServed({ message: 'The handle is taken.', handle_taken: true });
    const report = screen.getByRole('form', { name: 'Report a taken handle' });
    expect(report).toHaveAttribute('method', 'post');
    expect(report).toHaveAttribute('action', '/giveaway/7/report-handle');
    expect(within(report).getByLabelText(/Your Instagram handle/)).toHaveValue('pat');
    expect(within(report).getByLabelText(/Your e-mail/)).toHaveValue('pat@example.org');
  });

  it('shows the answer to the report: sent, or why not', () => {
    const { unmount } = renderServed({ handle_taken: true, reported: 'Thank you: sent.' });
    expect(screen.getByText('Thank you: sent.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Report a taken handle' })).toBeNull();
    unmount();
    renderServed({ handle_taken: true, report_error: 'Nothing to report.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing to report.');
    expect(screen.getByRole('form', { name: 'Report a taken handle' })).toBeInTheDocument();
  });

  it('is not drawn for other refusals', () => {
    renderServed({ message: 'Entries are paused.', handle_taken: 'yes' });
    expect(screen.queryByRole('form', { name: 'Report a taken handle' })).toBeNull();
  });
});

describe('the desk’s reported handles', () => {
  const reports: HandleReport[] = [
    {
      id: 5,
      giveaway_id: 7,
      instagram_handle: 'ann_real',
      email: 'ann@example.com',
      note: 'Not me <b>at all</b>',
      created_at: '2026-03-12T12:00:00.000Z',
      handled_at: null,
      handled_by: null,
      entries: [
        {
          id: 41,
          instagram_handle: 'Ann_Real',
          email: 'squatter@example.com',
          created_at: '2026-03-11T12:00:00.000Z',
          confirmed_at: null,
          disqualified_at: null,
        },
      ],
    },
    {
      id: 4,
      giveaway_id: 7,
      instagram_handle: 'bo',
      email: 'bo@example.com',
      note: null,
      created_at: '2026-03-10T12:00:00.000Z',
      handled_at: '2026-03-10T13:00:00.000Z',
      handled_by: 'owner',
      entries: [],
    },
  ];

  it('lists each report with its entry, disqualifies the entry and marks the report handled', async () => {
    signInAs('admin');
    const disqualified = jest.fn();
    const handled = jest.fn();
    server.use(
      getGiveawayHandler(buildGiveaway({ id: 7 })),
      http.get(`${API}/giveaway/7/handle-reports`, () => HttpResponse.json(reports)),
      http.post(`${API}/giveaway/7/disqualify`, async ({ request }) => {
        disqualified(await request.json());
        return HttpResponse.json({ success: true, message: '1 entry was disqualified.' });
      }),
      http.post(`${API}/handle-report/5/handled`, async ({ request }) => {
        handled(await request.json());
        return HttpResponse.json({ success: true, message: 'Marked handled.' });
      }),
    );
    renderWithProviders(<HandleReportsCard id="7" />, { apollo: true });
    const card = await screen.findByRole('region', { name: 'Reported handles (1 open)' });
    const first = await within(card).findByRole('heading', { name: '@ann_real' });
    const item = first.closest('li') as HTMLElement;
    expect(item).toHaveTextContent('Reported by ann@example.com');
    // The note is text, never markup.
    expect(within(item).getByText('Not me <b>at all</b>')).toBeInTheDocument();
    const entries = within(item).getByRole('list', { name: 'Entries with @ann_real' });
    expect(entries).toHaveTextContent(
      /@Ann_Real · squatter@example.com · unconfirmed · entered Mar 11, 2026/,
    );
    const second = within(card).getByRole('heading', { name: '@bo' }).closest('li') as HTMLElement;
    expect(second).toHaveTextContent('No entry holds this handle now.');
    expect(second).toHaveTextContent(/Handled by owner on Mar 10, 2026/);

    const user = userEvent.setup();
    await user.click(
      within(entries).getByRole('button', { name: 'Disqualify the entry of squatter@example.com' }),
    );
    expect(await screen.findByText('1 entry was disqualified.')).toBeInTheDocument();
    expect(disqualified).toHaveBeenCalledWith({
      participant_ids: [41],
      reason: TAKEN_HANDLE_REASON,
    });

    await user.click(
      within(item).getByRole('button', { name: 'Mark handled: the report about @ann_real' }),
    );
    expect(await screen.findByText('Marked handled.')).toBeInTheDocument();
    expect(handled).toHaveBeenCalledWith({ handled: true });
  });

  it('says so when nobody reported a handle', async () => {
    signInAs('admin');
    server.use(getGiveawayHandler(buildGiveaway({ id: 7 })));
    renderWithProviders(<HandleReportsCard id="7" />, { apollo: true });
    expect(
      await screen.findByText(/Nobody has reported that an entry holds their Instagram handle/),
    ).toBeInTheDocument();
  });
});
