import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ConfirmSubscription } from '../components/confirm-subscription';

const server = setupApiServer();

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('ConfirmSubscription', () => {
  it('shows a spinner, then confirms with the token from the link', async () => {
    let token: string | null = null;
    server.use(
      http.get(`${API}/newsletter/confirm`, ({ request }) => {
        token = new URL(request.url).searchParams.get('token');
        return HttpResponse.json({ message: 'Your subscription is confirmed.' });
      }),
    );
    renderWithProviders(<ConfirmSubscription search="?token=abc%2B123" />);
    expect(screen.getByText('Confirming your subscription...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Subscription confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your subscription is confirmed\./)).toBeInTheDocument();
    expect(token).toBe('abc+123');
  });

  it('explains an unknown or expired link', async () => {
    server.use(
      http.get(`${API}/newsletter/confirm`, () =>
        HttpResponse.json({ detail: 'This link is invalid or has expired.' }, { status: 400 }),
      ),
    );
    renderWithProviders(<ConfirmSubscription search="?token=used" />);
    expect(
      await screen.findByRole('heading', { name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the blog' })).toHaveAttribute('href', '/blog');
  });

  it('treats a link without a token as invalid without calling the API', async () => {
    renderWithProviders(<ConfirmSubscription search="" />);
    expect(
      await screen.findByRole('heading', { name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument();
  });
});
