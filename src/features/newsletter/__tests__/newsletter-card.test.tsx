import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { NEWSLETTER_CONSENT_TEXT } from '@site/contracts';
import {
  NEWSLETTER_PITCH,
  NEWSLETTER_PROMISE,
  NewsletterCard,
} from '../components/newsletter-card';

const server = setupApiServer();

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

function renderCard() {
  renderWithProviders(<NewsletterCard />);
  return userEvent.setup();
}

describe('NewsletterCard', () => {
  it('shows the weekly pitch and the no-spam promise', () => {
    renderCard();
    expect(
      screen.getByRole('heading', { name: 'Subscribe to our newsletter' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/weekly insights/i)).toBeInTheDocument();
    expect(screen.getByText(/^No spam, unsubscribe anytime\./)).toBeInTheDocument();
    // The consent links to what the site does with the address.
    expect(screen.getByRole('link', { name: 'How we handle your data' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
  });

  it.each([[''], ['   '], ['not-an-address'], ['ada@example'], ['ada @example.com']])(
    'rejects %p (not an address by the one e-mail rule) with a destructive toast and no request',
    async (typed) => {
      const user = renderCard();
      const requested = jest.fn();
      server.use(http.post(`${API}/newsletter/subscribe`, requested));
      if (typed) await user.type(screen.getByLabelText('Email address'), typed);
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      const toast = await screen.findByRole('alert');
      expect(toast).toHaveTextContent('Invalid email');
      expect(toast).toHaveTextContent('Please enter a valid email address.');
      expect(requested).not.toHaveBeenCalled();
    },
  );

  it('subscribes: Subscribing... while waiting, then the toast and Welcome aboard!', async () => {
    const user = renderCard();
    let body: unknown;
    server.use(
      http.post(`${API}/newsletter/subscribe`, async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ message: 'Check your inbox to confirm your subscription.' });
      }),
    );
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(screen.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Welcome aboard!' })).toBeInTheDocument();
    expect(screen.getByText("You're now subscribed to our newsletter.")).toBeInTheDocument();
    expect(screen.getByText(/confirmation email/)).toBeInTheDocument();
    expect(screen.getByText('Successfully subscribed!')).toBeInTheDocument();
    expect(
      screen.getByText("You'll receive our latest insights in your inbox."),
    ).toBeInTheDocument();
    // Only the address: the server records its own wording and the page as the consent.
    expect(body).toEqual({ email: 'ada@example.com' });
  });

  it('sends the trimmed address with Enter from the field and disables the field meanwhile', async () => {
    const user = renderCard();
    let body: unknown;
    server.use(
      http.post(`${API}/newsletter/subscribe`, async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ message: 'Check your inbox to confirm your subscription.' });
      }),
    );
    const input = screen.getByLabelText('Email address');
    await user.type(input, '  Ada@Example.com {Enter}');

    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Welcome aboard!' })).toBeInTheDocument();
    expect(body).toEqual({ email: 'Ada@Example.com' });
  });

  it('keeps focus on the button after a refused address', async () => {
    const user = renderCard();
    await user.type(screen.getByLabelText('Email address'), 'nope');
    const button = screen.getByRole('button', { name: 'Subscribe' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email');
    expect(button).toHaveFocus();
  });

  it('shows exactly the words the server records as consent', () => {
    renderCard();
    expect(`${NEWSLETTER_PITCH} ${NEWSLETTER_PROMISE}`).toBe(NEWSLETTER_CONSENT_TEXT);
    expect(screen.getByText(NEWSLETTER_PITCH)).toBeInTheDocument();
    expect(screen.getByText(NEWSLETTER_PROMISE, { exact: false })).toBeInTheDocument();
  });

  it('keeps the form and shows a destructive toast when the server fails', async () => {
    const user = renderCard();
    server.use(
      http.post(`${API}/newsletter/subscribe`, () =>
        HttpResponse.json({ detail: 'Too many requests.' }, { status: 429 }),
      ),
    );
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Subscription failed');
    expect(toast).toHaveTextContent('Please try again later.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled());
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    expect(screen.queryByRole('heading', { name: 'Welcome aboard!' })).not.toBeInTheDocument();
  });
});
