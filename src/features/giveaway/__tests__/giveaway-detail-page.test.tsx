import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { GiveawayDetailPage } from '../components/giveaway-detail-page';
import type { GiveawayItem } from '../api/giveaway-fields';
import { API, detail, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { signInAs } from '@/testing/session';
import { giveawayApiDefaults, buildGiveaway, getGiveawayHandler } from './fixtures';

jest.mock('canvas-confetti', () => jest.fn());

const server = setupApiServer(...giveawayApiDefaults);

function renderDetail(giveaway: GiveawayItem) {
  server.use(getGiveawayHandler(giveaway));
  return renderWithProviders(<GiveawayDetailPage id={String(giveaway.id)} />, { apollo: true });
}

function card(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('GiveawayDetailPage', () => {
  it('shows the loading text, then the giveaway: prize first, the facts in one line', async () => {
    renderDetail(
      buildGiveaway({
        id: 21,
        title: 'Spring Agent Giveaway',
        description: 'A free support agent.',
        prize: 'Support agent build',
        prize_image: 'https://example.com/prize.jpg',
        participant_count: 4,
        max_participants: 50,
        start_date: '2026-03-05',
        end_date: '2026-04-30',
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading giveaway...');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring Agent Giveaway' }),
    ).toBeInTheDocument();
    expect(screen.getByText('A free support agent.')).toBeInTheDocument();

    expect(card('Prize').getByText('Support agent build')).toBeInTheDocument();
    expect(
      card('Prize').getByRole('img', { name: 'Prize: Support agent build' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('giveaway-facts')).toHaveTextContent(
      /^4 participants · Max: 50 participants · Started March 5, 2026 · Ends April 30, 2026$/,
    );
    expect(screen.getByText('Active')).toBeInTheDocument();
    // The specification's status card, in one line.
    expect(screen.getByTestId('giveaway-status')).toHaveTextContent(
      /^ACTIVE · Not selected yet · Accepting entries$/,
    );
    expect(
      screen.getByText('Open for entries until the end of April 30, 2026.'),
    ).toBeInTheDocument();
    expect(card('Prize').getByRole('button', { name: 'Enter now' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Enter the Giveaway' })).toBeInTheDocument();
    expect(
      card('Share Giveaway').getByRole('button', { name: 'Share Giveaway' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to All Giveaways' })).toHaveAttribute(
      'href',
      '/giveaway',
    );
    expect(screen.queryByRole('region', { name: 'Admin Controls' })).not.toBeInTheDocument();
    expect(screen.queryByText('Congratulations to:')).not.toBeInTheDocument();
    expect(document.title).toBe('Spring Agent Giveaway - Giveaway');
  });

  it('shows not found and an error toast when the giveaway cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(`${API}/giveaway/404`, () => detail(404, 'Giveaway not found.')));
    renderWithProviders(<GiveawayDetailPage id="404" />, { apollo: true });
    expect(await screen.findByRole('heading', { name: 'Giveaway Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The giveaway you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Giveaways' })).toHaveAttribute(
      'href',
      '/giveaway',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load giveaway');
  });

  it('shows the winner, the draw record and no form once a winner is drawn', async () => {
    signInAs('admin');
    renderDetail(
      buildGiveaway({
        id: 22,
        status: 'winner_selected',
        participant_count: 3,
        is_accepting_participants: false,
        entries_open: false,
        entries_closed_reason: 'winner_selected',
        winner_id: 9,
        winner_details: { instagram_handle: 'lucky.one', email: 'lucky@example.com' },
        winner_selected_at: '2026-03-10T15:30:00.000Z',
        draw: {
          entrant_count: 3,
          fingerprint: 'a'.repeat(64),
          drawn_index: 1,
          drawn_at: '2026-03-10T15:30:00.000Z',
        },
        frozen: {
          frozen_at: '2026-03-10T15:30:00.000Z',
          reason: 'drawn',
          entrant_count: 3,
          fingerprint: 'a'.repeat(64),
        },
        draws: [
          {
            round: 1,
            place: 1,
            algorithm: 'aw-draw-v1',
            drawn_at: '2026-03-01T15:30:00.000Z',
            reason: null,
            eligible_count: 3,
            position: 1,
            counter: 0,
            receipt_hash: 'b'.repeat(64),
            winner_handle: 'first.one',
            claim_deadline: '2026-03-08T15:30:00.000Z',
            claimed_at: null,
            claim_status: 'redrawn',
          },
          {
            round: 2,
            place: 1,
            algorithm: 'aw-draw-v1',
            drawn_at: '2026-03-10T15:30:00.000Z',
            reason: 'The first winner did not claim in time.',
            eligible_count: 2,
            position: 2,
            counter: 0,
            receipt_hash: 'c'.repeat(64),
            winner_handle: 'lucky.one',
            claim_deadline: '2026-03-17T15:30:00.000Z',
            claimed_at: '2026-03-11T09:00:00.000Z',
            claim_status: 'claimed',
          },
        ],
      }),
    );
    server.use(
      http.get(`${API}/giveaway/22/changes`, () =>
        HttpResponse.json([
          {
            id: 1,
            at: '2026-03-01T10:00:00.000Z',
            actor: 'owner',
            action: 'updated',
            summary: 'Changed the prize.',
            fields: [{ field: 'prize', before: 'A mug', after: 'A custom AI agent' }],
          },
        ]),
      ),
    );
    // The current round was claimed: one badge and one sentence say so.
    expect(await screen.findByText('Winner Selected · Prize Claimed')).toBeInTheDocument();
    expect(screen.getByTestId('giveaway-status')).toHaveTextContent(
      /^WINNER SELECTED · Winner: @lucky\.one · Closed for entries$/,
    );
    expect(screen.getByText('The winner was drawn and has claimed the prize.')).toBeInTheDocument();
    const congrats = card('Congratulations to:');
    expect(congrats.getByText('@lucky.one')).toBeInTheDocument();
    expect(congrats.getByText('Selected on March 10, 2026')).toBeInTheDocument();

    const history = card('Draw History');
    expect(history.getByText('@first.one')).toBeInTheDocument();
    expect(
      history.getByText(
        /^Drawn again: see the reason given with the later draw\. The deadline was$/,
      ),
    ).toBeInTheDocument();
    // Each moment names its zone and carries the exact moment in `datetime`.
    const deadline = history.getByText(/^Mar 8, 2026, \d{1,2}:30 [AP]M \S+$/);
    expect(deadline.tagName).toBe('TIME');
    expect(deadline).toHaveAttribute('datetime', '2026-03-08T15:30:00.000Z');
    expect(
      history.getByText('Reason: The first winner did not claim in time.'),
    ).toBeInTheDocument();
    expect(history.getByText(/^Prize claimed on$/)).toBeInTheDocument();
    expect(history.queryByText(/@example\.com/)).not.toBeInTheDocument();

    const fair = card('Rules & Fair Draw');
    expect(fair.getByRole('link', { name: 'Verify the draw yourself' })).toHaveAttribute(
      'href',
      '/giveaway/22/verify',
    );
    expect(fair.getByRole('link', { name: 'Was I in the draw?' })).toHaveAttribute(
      'href',
      '/giveaway/22/check',
    );
    expect(
      card("Winner's Claim").getByText(
        /^The winner claimed the prize and gave the delivery details/,
      ),
    ).toBeInTheDocument();
    const log = card('Change Log');
    await userEvent.setup().click(await log.findByText('1 change, newest first'));
    expect(log.getByText('Changed the prize.')).toBeInTheDocument();
    expect(log.getByText('prize: "A mug" → "A custom AI agent"')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enter the Giveaway' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Admin Controls' })).not.toBeInTheDocument();
  });

  it('sends a re-draw to the presenter view, never runs it on this page', async () => {
    signInAs('admin');
    renderDetail(
      buildGiveaway({
        id: 25,
        status: 'winner_selected',
        winner_id: 4,
        winner_details: { instagram_handle: 'gone.quiet' },
        entries_open: false,
        draws: [
          {
            round: 1,
            place: 1,
            algorithm: 'aw-draw-v1',
            drawn_at: '2026-03-01T15:30:00.000Z',
            reason: null,
            eligible_count: 3,
            position: 0,
            counter: 0,
            receipt_hash: 'b'.repeat(64),
            winner_handle: 'gone.quiet',
            claim_deadline: '2026-03-08T15:30:00.000Z',
            claimed_at: null,
            claim_status: 'unclaimed',
          },
        ],
      }),
    );
    const claim = within(await screen.findByRole('region', { name: "Winner's Claim" }));
    expect(claim.getByText(/^The claim period ended without a claim\./)).toBeInTheDocument();
    expect(claim.getByRole('link', { name: 'Draw again in the presenter view' })).toHaveAttribute(
      'href',
      '/giveaway/25/present',
    );
    expect(claim.queryByRole('button')).not.toBeInTheDocument();
    expect(claim.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('looks up the winner for an admin when the answer has a winner id but no details', async () => {
    signInAs('admin');
    server.use(
      http.get(`${API}/participant/9`, () =>
        HttpResponse.json({
          id: 9,
          giveaway_id: 23,
          email: 'x@example.com',
          instagram_handle: 'found.it',
          created_at: '',
        }),
      ),
    );
    renderDetail(
      buildGiveaway({ id: 23, status: 'winner_selected', winner_id: 9, entries_open: false }),
    );
    const congrats = within(await screen.findByRole('region', { name: 'Congratulations to:' }));
    expect(await congrats.findByText('@found.it')).toBeInTheDocument();
  });

  it('hides the entry form while entries are closed', async () => {
    renderDetail(
      buildGiveaway({
        id: 24,
        status: 'paused',
        is_accepting_participants: false,
        entries_open: false,
      }),
    );
    expect(
      await screen.findByText('Entries are paused by the organiser for now. Check back soon.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enter the Giveaway' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enter now' })).not.toBeInTheDocument();
  });

  describe('entry form', () => {
    it('requires an e-mail address, a handle and the unticked rules box', async () => {
      const user = userEvent.setup();
      renderDetail(buildGiveaway({ id: 30, min_age: 21, rules_version: 2 }));
      const box = await screen.findByRole('checkbox', {
        name: 'I have read the rules and I am at least 21',
      });
      expect(box).not.toBeChecked();
      expect(box).toBeRequired();
      expect(
        screen.getByRole('link', { name: 'Read the official rules (version 2)' }),
      ).toHaveAttribute('href', '/giveaway/30/rules');
      await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
      expect(await screen.findByText('Email is required')).toBeInTheDocument();
      expect(screen.getByText('Instagram handle is required')).toBeInTheDocument();
      expect(box).toHaveAccessibleDescription(
        'Please confirm that you have read the rules and are at least 21.',
      );
      expect(box).toBeInvalid();
      expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
      expect(screen.getByLabelText(/Email/)).toBeInvalid();

      await user.type(screen.getByLabelText(/Email/), 'not-an-address');
      await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
      expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    });

    it('enters, says so, clears the form and reloads the giveaway', async () => {
      const user = userEvent.setup();
      let count = 0;
      let sent: unknown;
      server.use(
        http.get(`${API}/giveaway/31`, () =>
          HttpResponse.json(buildGiveaway({ id: 31, participant_count: count }) as never),
        ),
        http.post(`${API}/giveaway/31/participate`, async ({ request }) => {
          sent = await request.json();
          count += 1;
          return HttpResponse.json({
            success: true,
            message: "You're in! Good luck.",
            receipt: 'K7M2-9QXD-4HVA-PN3T',
            rules_version: 1,
          });
        }),
      );
      renderWithProviders(<GiveawayDetailPage id="31" />, { apollo: true });
      await user.type(await screen.findByLabelText(/Email/), 'ann@example.com');
      await user.type(screen.getByLabelText(/Instagram Handle/), '@ann');
      await user.click(screen.getByRole('checkbox', { name: /I have read the rules/ }));
      await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));

      expect(await screen.findByText("You're in! Good luck.")).toBeInTheDocument();
      expect(screen.getByText('Success!')).toBeInTheDocument();
      expect(sent).toEqual({
        email: 'ann@example.com',
        instagram_handle: '@ann',
        website: '',
        accept_rules: true,
        notify_results: false,
        rules_version: 1,
      });
      await waitFor(() =>
        expect(screen.getByTestId('giveaway-facts')).toHaveTextContent(/^1 participant ·/),
      );
      // The form gives way to "You're in", which the browser keeps for a return visit.
      expect(screen.queryByLabelText(/Email/)).not.toBeInTheDocument();
      const receipt = card("You're in!");
      expect(receipt.getByText('K7M2-9QXD-4HVA-PN3T')).toBeInTheDocument();
      expect(receipt.getByText('@ann')).toBeInTheDocument();
      expect(
        receipt.getByRole('link', { name: 'Check later: was I in the draw?' }),
      ).toHaveAttribute('href', '/giveaway/31/check');
      expect(screen.getByRole('region', { name: "You're in!" })).toHaveFocus();
      expect(JSON.parse(localStorage.getItem('giveaway-entry:31') ?? '{}')).toMatchObject({
        receipt: 'K7M2-9QXD-4HVA-PN3T',
        rules_version: 1,
        instagram_handle: 'ann',
      });
      const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      await user.click(receipt.getByRole('button', { name: 'Copy Code' }));
      expect(writeText).toHaveBeenCalledWith('K7M2-9QXD-4HVA-PN3T');
    });

    it('a return visit shows "You\'re in" with the kept receipt instead of the form', async () => {
      const user = userEvent.setup();
      localStorage.setItem(
        'giveaway-entry:35',
        JSON.stringify({
          receipt: 'AB12-CD34-EF56-GH78',
          rules_version: 2,
          instagram_handle: 'kept.one',
          entered_at: '2026-03-06T10:00:00.000Z',
        }),
      );
      try {
        renderDetail(buildGiveaway({ id: 35 }));
        const panel = within(await screen.findByRole('region', { name: "You're in!" }));
        expect(panel.getByText('AB12-CD34-EF56-GH78')).toBeInTheDocument();
        expect(panel.getByText('@kept.one')).toBeInTheDocument();
        expect(
          screen.queryByRole('heading', { name: 'Enter the Giveaway' }),
        ).not.toBeInTheDocument();
        // Not focused on a return visit: focus stays where the visitor is.
        expect(screen.getByRole('region', { name: "You're in!" })).not.toHaveFocus();
        await user.click(panel.getByRole('button', { name: /Forget it on this device/ }));
        expect(
          await screen.findByRole('heading', { name: 'Enter the Giveaway' }),
        ).toBeInTheDocument();
        expect(localStorage.getItem('giveaway-entry:35')).toBeNull();
      } finally {
        localStorage.removeItem('giveaway-entry:35');
      }
    });

    it('ignores a kept value that is not an entry', async () => {
      localStorage.setItem('giveaway-entry:36', '{"receipt":"<script>"}');
      try {
        renderDetail(buildGiveaway({ id: 36 }));
        expect(
          await screen.findByRole('heading', { name: 'Enter the Giveaway' }),
        ).toBeInTheDocument();
      } finally {
        localStorage.removeItem('giveaway-entry:36');
      }
    });

    it("shows the server's sentence when it refuses the entry", async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const user = userEvent.setup();
      server.use(
        http.post(`${API}/giveaway/32/participate`, () =>
          detail(409, 'This e-mail address has already entered this giveaway.'),
        ),
      );
      renderDetail(buildGiveaway({ id: 32 }));
      await user.type(await screen.findByLabelText(/Email/), 'ann@example.com');
      await user.type(screen.getByLabelText(/Instagram Handle/), 'ann');
      await user.click(screen.getByRole('checkbox', { name: /I have read the rules/ }));
      await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This e-mail address has already entered this giveaway.',
      );
      expect(screen.getByLabelText(/Email/)).toHaveValue('ann@example.com');
    });

    it('shows the message of an answer with success false', async () => {
      const user = userEvent.setup();
      server.use(
        http.post(`${API}/giveaway/33/participate`, () =>
          HttpResponse.json({ success: false, message: 'Entries are closed.' }),
        ),
      );
      renderDetail(buildGiveaway({ id: 33 }));
      await user.type(await screen.findByLabelText(/Email/), 'ann@example.com');
      await user.type(screen.getByLabelText(/Instagram Handle/), 'ann');
      await user.click(screen.getByRole('checkbox', { name: /I have read the rules/ }));
      await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Entries are closed.');
    });

    it('falls back to "Failed to join giveaway" when the server gives no reason', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const user = userEvent.setup();
      server.use(
        http.post(`${API}/giveaway/34/participate`, () => new HttpResponse(null, { status: 502 })),
      );
      renderDetail(buildGiveaway({ id: 34 }));
      await user.type(await screen.findByLabelText(/Email/), 'ann@example.com');
      await user.type(screen.getByLabelText(/Instagram Handle/), 'ann');
      await user.click(screen.getByRole('checkbox', { name: /I have read the rules/ }));
      await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to join giveaway');
    });
  });

  describe('admin controls', () => {
    it('disables Select Winner until someone has entered', async () => {
      signInAs('admin');
      renderDetail(buildGiveaway({ id: 40, participant_count: 0 }));
      const controls = within(await screen.findByRole('region', { name: 'Admin Controls' }));
      expect(controls.getByRole('button', { name: 'Select Winner' })).toBeDisabled();
      expect(
        controls.getByText(
          'No participants yet. Wait for people to join before selecting a winner.',
        ),
      ).toBeInTheDocument();
    });

    it('enables Select Winner with the entrant count', async () => {
      signInAs('admin');
      renderDetail(buildGiveaway({ id: 41, participant_count: 5 }));
      const controls = within(await screen.findByRole('region', { name: 'Admin Controls' }));
      expect(controls.getByRole('button', { name: 'Select Winner' })).toBeEnabled();
      expect(controls.getByRole('button', { name: 'Select Winner' })).toHaveAccessibleDescription(
        'Ready to select winner from 5 participants. Entries are still open: drawing now closes them for good, and asks first.',
      );
    });

    it('Stop Accepting pauses without a question; Close entries for good asks, then freezes', async () => {
      signInAs('admin');
      const user = userEvent.setup();
      const confirm = jest
        .spyOn(window, 'confirm')
        .mockReturnValueOnce(false)
        .mockReturnValue(true);
      let accepting = true;
      let closed = false;
      const sent: unknown[] = [];
      server.use(
        http.get(`${API}/giveaway/42`, () =>
          HttpResponse.json(
            buildGiveaway({
              id: 42,
              participant_count: 2,
              is_accepting_participants: accepting && !closed,
              entries_open: accepting && !closed,
              entries_closed_reason: closed ? 'closed' : accepting ? null : 'paused',
              status: closed ? 'ended' : accepting ? 'active' : 'paused',
              phase: closed ? 'closed' : accepting ? 'open' : 'paused',
              frozen: closed
                ? {
                    frozen_at: '2026-03-10T15:30:00.000Z',
                    reason: 'stopped',
                    entrant_count: 2,
                    fingerprint: 'a'.repeat(64),
                  }
                : null,
            }) as never,
          ),
        ),
        http.post(`${API}/giveaway/42/toggle-participants`, async ({ request }) => {
          const body = (await request.json()) as { accept: boolean };
          sent.push(body);
          accepting = body.accept;
          return HttpResponse.json({
            success: true,
            message: accepting ? 'Entries are open.' : 'Entries are paused.',
          });
        }),
        http.post(`${API}/giveaway/42/close`, () => {
          sent.push('close');
          closed = true;
          return HttpResponse.json({ success: true, message: 'Entries are closed for good.' });
        }),
      );
      renderWithProviders(<GiveawayDetailPage id="42" />, { apollo: true });
      await user.click(await screen.findByRole('button', { name: 'Stop Accepting' }));
      expect(await screen.findByText('Entries are paused.')).toBeInTheDocument();
      expect(confirm).not.toHaveBeenCalled();
      await user.click(await screen.findByRole('button', { name: 'Start Accepting' }));
      expect(await screen.findByText('Entries are open.')).toBeInTheDocument();
      expect(sent).toEqual([{ accept: false }, { accept: true }]);

      // Cancelling the confirmation changes nothing.
      await user.click(await screen.findByRole('button', { name: 'Close entries for good' }));
      expect(confirm).toHaveBeenCalledWith(
        'Close entries for good? The entry list is then frozen and published, and entries can never reopen. (To stop entries for a while, use Stop Accepting instead.)',
      );
      expect(sent).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: 'Close entries for good' }));
      expect(await screen.findByText('Entries are closed for good.')).toBeInTheDocument();
      const controls = within(screen.getByRole('region', { name: 'Admin Controls' }));
      const frozenNote = await controls.findByText(
        'Entries are closed: the list of 2 entries is frozen and published.',
      );
      // The buttons are gone for good; focus moves to the sentence saying why.
      await waitFor(() => expect(frozenNote).toHaveFocus());
      expect(controls.queryByRole('button', { name: 'Start Accepting' })).not.toBeInTheDocument();
      expect(screen.getByText('Ended')).toBeInTheDocument();
      expect(screen.getByTestId('giveaway-status')).toHaveTextContent(
        /^ENDED · Not selected yet · Closed for entries$/,
      );
      expect(screen.queryByRole('heading', { name: 'Enter the Giveaway' })).not.toBeInTheDocument();
      expect(sent).toEqual([{ accept: false }, { accept: true }, 'close']);
    });

    it('reopens a giveaway paused before lists were frozen', async () => {
      signInAs('admin');
      const user = userEvent.setup();
      let sent: unknown;
      server.use(
        http.post(`${API}/giveaway/45/toggle-participants`, async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json({ success: true, message: 'Open again.' });
        }),
      );
      renderDetail(
        buildGiveaway({
          id: 45,
          status: 'paused',
          is_accepting_participants: false,
          entries_open: false,
        }),
      );
      await user.click(await screen.findByRole('button', { name: 'Start Accepting' }));
      expect(await screen.findByText('Open again.')).toBeInTheDocument();
      expect(sent).toEqual({ accept: true });
    });

    it('asks for the external random value the rules name, once entries are closed', async () => {
      signInAs('admin');
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const user = userEvent.setup();
      let sent: unknown;
      server.use(
        http.post(`${API}/giveaway/46/select-winner`, async ({ request }) => {
          sent = await request.json();
          return detail(409, 'Refused for the test.');
        }),
      );
      const named = { id: 46, participant_count: 4, external_randomness: 'drand round 123' };
      const open = renderDetail(buildGiveaway(named));
      const controls = within(await screen.findByRole('region', { name: 'Admin Controls' }));
      expect(controls.getByRole('button', { name: 'Select Winner' })).toBeDisabled();
      expect(controls.getByRole('button', { name: 'Select Winner' })).toHaveAccessibleDescription(
        'The rules mix in an external random value announced after entries close: close entries for good first.',
      );
      open.unmount();

      renderDetail(
        buildGiveaway({
          ...named,
          is_accepting_participants: false,
          entries_open: false,
          frozen: {
            frozen_at: '2026-03-10T15:30:00.000Z',
            reason: 'stopped',
            entrant_count: 4,
            fingerprint: 'a'.repeat(64),
          },
        }),
      );
      const closed = within(await screen.findByRole('region', { name: 'Admin Controls' }));
      const field = closed.getByLabelText(/External random value/);
      expect(field).toHaveAccessibleDescription('As the rules name it: drand round 123.');
      await user.click(closed.getByRole('button', { name: 'Select Winner' }));
      expect(
        closed.getByText(
          'Enter the value exactly as its source published it (letters, digits and . _ , + / = - only).',
        ),
      ).toBeInTheDocument();
      await user.type(field, 'f00d');
      await user.click(closed.getByRole('button', { name: 'Select Winner' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Refused for the test.');
      expect(sent).toEqual({ external_value: 'f00d' });
    });

    it('says so when the status cannot be changed', async () => {
      signInAs('admin');
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const user = userEvent.setup();
      server.use(
        http.post(
          `${API}/giveaway/43/toggle-participants`,
          () => new HttpResponse(null, { status: 500 }),
        ),
      );
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      renderDetail(buildGiveaway({ id: 43 }));
      await user.click(await screen.findByRole('button', { name: 'Stop Accepting' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to update giveaway status',
      );
    });

    it("shows the server's reason when the draw is refused", async () => {
      signInAs('admin');
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const user = userEvent.setup();
      server.use(
        http.post(`${API}/giveaway/44/select-winner`, () =>
          detail(409, 'A winner has already been drawn for this giveaway.'),
        ),
      );
      renderDetail(buildGiveaway({ id: 44, participant_count: 2 }));
      await user.click(await screen.findByRole('button', { name: 'Select Winner' }));
      await user.click(await screen.findByRole('button', { name: 'Close entries and draw now' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'A winner has already been drawn for this giveaway.',
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it("copies the giveaway's own address when the device cannot share, never a friend's referral link", async () => {
    const user = userEvent.setup();
    // Arrived through a friend's personal link: the address bar carries the friend's code.
    window.history.replaceState(null, '', '/giveaway/50?ref=7K3M9Q2W8X4Z');
    try {
      renderDetail(buildGiveaway({ id: 50 }));
      const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      await user.click(await screen.findByRole('button', { name: 'Share Giveaway' }));
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/giveaway/50`);
      expect(await screen.findByText('Link copied!')).toBeInTheDocument();
      expect(screen.getByText('Giveaway link copied to clipboard')).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it("shares the entrant's own personal link once this browser has entered", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(
      'giveaway-entry:52',
      JSON.stringify({
        receipt: 'AB12-CD34-EF56-GH78',
        rules_version: 1,
        instagram_handle: 'me',
        entered_at: '2026-11-29T09:00:00.000Z',
        referral_code: 'ABCDEFGHJKMN',
      }),
    );
    window.history.replaceState(null, '', '/giveaway/52?ref=7K3M9Q2W8X4Z');
    try {
      renderDetail(buildGiveaway({ id: 52, referral_cap: 5 }));
      const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      await user.click(await screen.findByRole('button', { name: 'Share Giveaway' }));
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/giveaway/52?ref=ABCDEFGHJKMN`,
      );
    } finally {
      window.localStorage.removeItem('giveaway-entry:52');
      window.history.replaceState(null, '', '/');
    }
  });

  it('uses the native share sheet when there is one', async () => {
    const user = userEvent.setup();
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    try {
      renderDetail(buildGiveaway({ id: 51, title: 'Shared One', description: 'Tell a friend.' }));
      await user.click(await screen.findByRole('button', { name: 'Share Giveaway' }));
      // The words fit the state: an open giveaway invites friends to enter.
      expect(share).toHaveBeenCalledWith({
        title: 'Shared One',
        text: 'Enter Shared One!',
        url: `${window.location.origin}/giveaway/51`,
      });
      expect(screen.queryByText('Link copied!')).not.toBeInTheDocument();
    } finally {
      // @ts-expect-error -- removing the stub restores jsdom's navigator without share().
      delete navigator.share;
    }
  });

  it('draws: the spin overlay, then the winner screen and back to the giveaway', async () => {
    signInAs('admin');
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    // A 5 s sound gives the shortest spin (1 s), so the test runs on real timers.
    jest.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(5);
    const user = userEvent.setup();
    let drawn = false;
    const drawBodies: unknown[] = [];
    const winnerEntry = { id: 3, email: 'bob@example.com', instagram_handle: 'bob' };
    server.use(
      http.get(`${API}/giveaway/60`, () =>
        HttpResponse.json(
          buildGiveaway({
            id: 60,
            title: 'Launch Giveaway',
            prize: 'A voice agent',
            participant_count: 3,
            ...(drawn
              ? {
                  status: 'winner_selected',
                  winner_id: 3,
                  winner_details: { instagram_handle: 'bob', email: 'bob@example.com' },
                  winner_selected_at: new Date().toISOString(),
                  entries_open: false,
                }
              : {}),
          }) as never,
        ),
      ),
      http.post(`${API}/giveaway/60/select-winner`, async ({ request }) => {
        drawBodies.push(await request.json());
        drawn = true;
        return HttpResponse.json({
          success: true,
          winner: winnerEntry,
          message: 'Winner selected.',
          round: 1,
          claim_deadline: '2026-03-17T15:30:00.000Z',
        });
      }),
      http.get(`${API}/giveaway/60/participants`, () =>
        HttpResponse.json([
          {
            id: 1,
            giveaway_id: 60,
            email: 'ann@example.com',
            instagram_handle: ' ann ',
            created_at: '',
          },
          { id: 2, giveaway_id: 60, email: 'cy@example.com', instagram_handle: '', created_at: '' },
          { ...winnerEntry, giveaway_id: 60, created_at: '' },
        ]),
      ),
    );
    renderWithProviders(<GiveawayDetailPage id="60" />, { apollo: true });
    await user.click(await screen.findByRole('button', { name: 'Select Winner' }));
    // Entries are still open: the owner confirms that the draw closes them now.
    await user.click(await screen.findByRole('button', { name: 'Close entries and draw now' }));
    expect(drawBodies).toEqual([{ close_now: true }]);

    const overlay = await screen.findByRole(
      'dialog',
      { name: 'Drawing the Winner...' },
      { timeout: 5000 },
    );
    expect(within(overlay).getByText('Hold tight... the draw is happening!')).toBeInTheDocument();
    expect(within(overlay).getByText('Spinning... Good luck!')).toBeInTheDocument();
    await act(async () => {
      fireEvent(document.querySelector('audio') as HTMLAudioElement, new Event('loadedmetadata'));
      await Promise.resolve();
    });
    expect(
      await within(overlay).findByText('The winner is @bob', {}, { timeout: 3000 }),
    ).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { name: 'WINNER!' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Congratulations to our lucky winner!')).toBeInTheDocument();
    expect(screen.getByText('@bob')).toBeInTheDocument();
    expect(screen.getByText('bob@example.com')).toBeInTheDocument();
    expect(screen.getByText('A voice agent')).toBeInTheDocument();
    expect(screen.getByText('Launch Giveaway')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(
      screen.getByText(
        new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
      ),
    ).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Verify the Draw' })).toHaveAttribute(
      'href',
      '/giveaway/60/verify',
    );
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Share Winner Announcement' }));
    expect(writeText).toHaveBeenCalledWith(
      'Congratulations to @bob for winning our Launch Giveaway giveaway!',
    );

    await user.click(screen.getByRole('button', { name: 'Back to Giveaway' }));
    expect(await screen.findByRole('region', { name: 'Congratulations to:' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Admin Controls' })).not.toBeInTheDocument();
    // The button that had focus is gone: focus goes to the page title, not <body>.
    expect(screen.getByRole('heading', { level: 1, name: 'Launch Giveaway' })).toHaveFocus();
  }, 15000);
});
