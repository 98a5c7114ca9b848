import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import type { Presenter } from '@site/contracts';
import { PRESENTER_SOUND_KEY, PresenterPage } from '../components/presenter-page';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { signInAs } from '@/testing/session';
import { giveawayApiDefaults } from './fixtures';

// jsdom has no canvas: the celebration stays canvas-confetti, called but not drawn.
jest.mock('canvas-confetti', () => jest.fn());

const server = setupApiServer(...giveawayApiDefaults);

jest.setTimeout(30_000);

function presenter(overrides: Partial<Presenter> = {}): Presenter {
  return {
    id: 70,
    title: 'Stream Giveaway',
    prize: 'A voice agent',
    prize_image: null,
    participant_count: 3,
    external_randomness: null,
    frozen: false,
    end_date: '2026-12-09',
    draw_closes_entries: true,
    names: ['@ann', '@bo', '@cy'],
    winner: null,
    winner_count: 2,
    winners: [],
    verify_path: '/giveaway/70/verify',
    ...overrides,
  };
}

beforeEach(() => {
  signInAs('admin');
  window.localStorage.removeItem(PRESENTER_SOUND_KEY);
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  // A 5 s sound gives the shortest spin (1 s), so the tests run on real timers.
  jest.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(5);
});

afterEach(() => jest.restoreAllMocks());

/** Starts the spin that is on screen (the sound's length is known at once). */
async function soundReady() {
  await act(async () => {
    const audio = document.querySelector('audio');
    if (audio) fireEvent(audio, new Event('loadedmetadata'));
    await Promise.resolve();
  });
}

describe('PresenterPage', () => {
  it('asks before closing open entries, then waits for "Next winner" between places', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/giveaway/70/present`, () => HttpResponse.json(presenter())),
      http.post(`${API}/giveaway/70/present/draw`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          success: true,
          message: 'drawn',
          round: 1,
          winner: { name: '@bo' },
          winners: [
            { place: 2, round: 2, name: '@cy' },
            { place: 1, round: 1, name: '@bo' },
          ],
        });
      }),
    );
    renderWithProviders(<PresenterPage id="70" />, { apollo: true });
    await user.click(await screen.findByRole('button', { name: 'Draw the 2 winners' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Close entries and draw now?' }),
    );
    expect(dialog.getByText('December 9, 2026')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Wait for the end date' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Close entries and draw now' }));
    expect(bodies).toEqual([{ close_now: true }]);

    expect(await screen.findByRole('dialog', { name: 'Drawing winner 1 of 2...' })).toBeVisible();
    await soundReady();
    const next = await screen.findByRole(
      'button',
      { name: 'Next winner (2 of 2)' },
      { timeout: 5000 },
    );
    // Between places nothing spins: the first winner stays on screen until the presenter moves on.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Winners so far' })).getByText('@bo'),
    ).toBeVisible();

    await user.click(next);
    expect(await screen.findByRole('dialog', { name: 'Drawing winner 2 of 2...' })).toBeVisible();
    await soundReady();
    const winners = await screen.findByRole('list', { name: 'Winners' }, { timeout: 5000 });
    expect(within(winners).getByText('@bo')).toBeVisible();
    expect(within(winners).getByText('@cy')).toBeVisible();
  });

  it('"Wait for the end date" draws nothing', async () => {
    const user = userEvent.setup();
    let drawn = false;
    server.use(
      http.get(`${API}/giveaway/70/present`, () => HttpResponse.json(presenter())),
      http.post(`${API}/giveaway/70/present/draw`, () => {
        drawn = true;
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(<PresenterPage id="70" />, { apollo: true });
    await user.click(await screen.findByRole('button', { name: 'Draw the 2 winners' }));
    await user.click(await screen.findByRole('button', { name: 'Wait for the end date' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(drawn).toBe(false);
  });

  it('remembers the sound switch', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/giveaway/70/present`, () =>
        HttpResponse.json(presenter({ draw_closes_entries: false, frozen: true })),
      ),
    );
    const first = renderWithProviders(<PresenterPage id="70" />, { apollo: true });
    const toggle = await screen.findByRole('button', { name: 'Sound on' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Sound off' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(window.localStorage.getItem(PRESENTER_SOUND_KEY)).toBe('off');
    first.unmount();

    renderWithProviders(<PresenterPage id="70" />, { apollo: true });
    expect(await screen.findByRole('button', { name: 'Sound off' })).toBeVisible();
  });

  it('draws a place again inside the show, with its reason on screen', async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    let redrawn = false;
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/giveaway/70/present`, () =>
        HttpResponse.json(
          presenter({
            frozen: true,
            draw_closes_entries: false,
            winner: { name: '@bo', round: 1 },
            winners: [
              {
                place: 1,
                round: redrawn ? 3 : 1,
                name: redrawn ? '@ann' : '@bo',
                claim_status: 'awaiting_claim',
              },
              { place: 2, round: 2, name: '@cy', claim_status: 'unclaimed' },
            ],
          }),
        ),
      ),
      http.post(`${API}/giveaway/70/present/disqualify-winner`, async ({ request }) => {
        bodies.push(await request.json());
        redrawn = true;
        return HttpResponse.json({
          success: true,
          message: 'again',
          round: 3,
          winner: { name: '@ann' },
          winners: [{ place: 1, round: 3, name: '@ann' }],
        });
      }),
    );
    renderWithProviders(<PresenterPage id="70" />, { apollo: true });
    await user.click(await screen.findByText('Draw a place again'));
    // Place 1 is still awaiting its claim: only disqualifying can draw it again now.
    expect(
      screen.queryByRole('button', { name: 'Draw again: the prize was not claimed' }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Disqualify and draw again now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Give the reason: it is published with the new draw.',
    );
    await user.type(screen.getByLabelText(/Reason/), 'Entered twice');
    await user.click(screen.getByRole('button', { name: 'Disqualify and draw again now' }));
    expect(bodies).toEqual([{ reason: 'Entered twice', place: 1 }]);
    const spin = await screen.findByRole('dialog', { name: 'Drawing place 1 again...' });
    expect(within(spin).getByText('Why: Entered twice')).toBeVisible();
    await soundReady();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    const winners = within(await screen.findByRole('list', { name: 'Winners' }));
    expect(await winners.findByText('@ann')).toBeVisible();

    // Place 2's claim period ended: it can be drawn again for that reason.
    await user.click(screen.getByText('Draw a place again'));
    await user.selectOptions(screen.getByLabelText('Place'), '2');
    expect(
      screen.getByRole('button', { name: 'Draw again: the prize was not claimed' }),
    ).toBeVisible();
  });
});
