import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FooterSignup } from '../components/footer-signup';
import { CONFIRMATION_ON_ITS_WAY } from '../components/use-newsletter-signup';

const server = setupApiServer();

describe('FooterSignup', () => {
  it('subscribes through the double opt-in and shows Welcome aboard! with the confirmation line', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/newsletter/subscribe`, async ({ request }) => {
        body = await request.json();
        await delay(30);
        return HttpResponse.json({ message: 'Check your inbox to confirm your subscription.' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<FooterSignup />);
    expect(screen.getByRole('link', { name: 'How we handle your data' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await user.type(screen.getByLabelText('Your e-mail address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Welcome aboard!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're now subscribed to our newsletter.",
    );
    expect(screen.getByRole('status')).toHaveTextContent(CONFIRMATION_ON_ITS_WAY);
    expect(body).toEqual({ email: 'ada@example.com' });
  });

  it('tells a wrong address under the field and sends nothing', async () => {
    const requested = jest.fn();
    server.use(
      http.post(`${API}/newsletter/subscribe`, () => {
        requested();
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<FooterSignup />);
    await user.type(screen.getByLabelText('Your e-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/^Invalid email/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your e-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(requested).not.toHaveBeenCalled();
  });

  it('keeps the form and says so when the server fails', async () => {
    server.use(
      http.post(`${API}/newsletter/subscribe`, () => new HttpResponse(null, { status: 500 })),
    );
    const user = userEvent.setup();
    renderWithProviders(<FooterSignup />);
    await user.type(screen.getByLabelText('Your e-mail address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/^Subscription failed/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your e-mail address')).toHaveValue('ada@example.com');
  });
});
