import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { signInAs } from '@/testing/session';
import { ResultsMailCard } from '../components/results-mail-card';
import { giveawayApiDefaults } from './fixtures';

const server = setupApiServer(...giveawayApiDefaults);

const ready = {
  drawn: true,
  recipients: 2,
  preview: { subject: 'The results of "Desk <b>"', text: 'The winner: @ann.' },
  sent: null,
};

describe('ResultsMailCard', () => {
  it('shows nothing before the draw', async () => {
    signInAs('admin');
    let asked = false;
    server.use(
      http.get(`${API}/giveaway/7/results-mail`, () => {
        asked = true;
        return HttpResponse.json({ ...ready, drawn: false, preview: null });
      }),
    );
    renderWithProviders(<ResultsMailCard id="7" />, { apollo: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Results mail' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('previews the mail as text, asks once more, sends it and then says it went', async () => {
    signInAs('admin');
    let sent = 0;
    server.use(
      http.get(`${API}/giveaway/7/results-mail`, () =>
        HttpResponse.json(
          sent === 0
            ? ready
            : {
                ...ready,
                sent: {
                  at: '2026-03-10T12:00:00.000Z',
                  by: 'owner',
                  recipients: 2,
                  delivered: 2,
                  waiting: 0,
                  failed: 0,
                  skipped: 0,
                },
              },
        ),
      ),
      http.post(`${API}/giveaway/7/results-mail`, () => {
        sent += 1;
        return HttpResponse.json({ success: true, message: 'On its way to 2.', recipients: 2 });
      }),
    );
    renderWithProviders(<ResultsMailCard id="7" />, { apollo: true });
    const preview = await screen.findByLabelText('Preview of the results mail');
    // The title is shown as text, never as markup.
    expect(preview).toHaveTextContent('Subject: The results of "Desk <b>"');
    expect(preview.querySelector('b')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send the results mail (2 entrants)' }));
    expect(sent).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Yes, send it to 2 entrants' }));
    expect(await screen.findByText(/Sent .* by owner to 2 entrants/)).toBeInTheDocument();
    expect(sent).toBe(1);
    expect(screen.queryByRole('button', { name: /Send the results mail/ })).toBeNull();
  });
});
