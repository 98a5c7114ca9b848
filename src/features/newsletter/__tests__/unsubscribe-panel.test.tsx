import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { UnsubscribePanel } from '../components/unsubscribe-panel';

const server = setupApiServer();

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const DONE = 'If that address was subscribed, it will not receive our newsletter any more.';

describe('UnsubscribePanel', () => {
  it('unsubscribes with the token from the link only after a click', async () => {
    const sent = jest.fn();
    server.use(
      http.post(`${API}/newsletter/unsubscribe`, async ({ request }) => {
        sent(await request.json());
        return HttpResponse.json({ message: DONE });
      }),
    );
    renderWithProviders(<UnsubscribePanel search="?token=t-1" />);
    expect(sent).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { name: 'You have been unsubscribed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(DONE)).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith({ token: 't-1' });
  });

  it('without a token asks for the address, checks it, and says a link is on its way', async () => {
    const user = userEvent.setup();
    const sent = jest.fn();
    const LINK_SENT =
      'If that address is subscribed, we have sent it an e-mail with a link. Open the link to unsubscribe; until then nothing changes.';
    server.use(
      http.post(`${API}/newsletter/unsubscribe`, async ({ request }) => {
        sent(await request.json());
        return HttpResponse.json({ message: LINK_SENT });
      }),
    );
    renderWithProviders(<UnsubscribePanel search="" />);
    await user.type(screen.getByLabelText(/Email address/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/Email address/));
    await user.type(screen.getByLabelText(/Email address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText(LINK_SENT)).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'You have been unsubscribed' }),
    ).not.toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith({ email: 'ada@example.com' });
  });

  it('refuses what the one e-mail rule refuses, until the next press, and sends with Enter', async () => {
    const user = userEvent.setup();
    const sent = jest.fn();
    server.use(
      http.post(`${API}/newsletter/unsubscribe`, async ({ request }) => {
        sent(await request.json());
        return HttpResponse.json({ message: 'Sent.' });
      }),
    );
    renderWithProviders(<UnsubscribePanel search="" />);
    const input = screen.getByLabelText(/Email address/);
    const button = screen.getByRole('button', { name: 'Send me the link' });

    await user.click(button);
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, 'ada@example');
    await user.click(button);
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();

    // The sentence stays while the person types; the next press decides.
    await user.type(input, '.com');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();

    await user.type(input, '{Enter}');
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith({ email: 'ada@example.com' });
  });

  it('shows the server detail when the request fails and lets the person retry', async () => {
    server.use(
      http.post(`${API}/newsletter/unsubscribe`, () =>
        HttpResponse.json({ detail: 'Too many requests. Try again in a minute.' }, { status: 429 }),
      ),
    );
    renderWithProviders(<UnsubscribePanel search="?token=t-1" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again in a minute.',
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
