import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ClaimLinkState } from '@site/contracts';
import React from 'react';
import { render as drawClaim } from '@/request-render/giveaway-claim-document';
import { render as drawConfirm } from '@/request-render/giveaway-confirm-document';
import { API, detail, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { MailedLinkIsland } from '../components/mailed-link-island';
import { buildGiveaway, giveawayApiDefaults } from './fixtures';

const server = setupApiServer(...giveawayApiDefaults);

afterEach(() => window.history.replaceState(null, '', '/'));

/** A drawn slot's HTML, in a document's body, as a browser reads it. */
function drawn(html: string) {
  document.body.innerHTML = html;
  return within(document.body);
}

const link = (state: Partial<ClaimLinkState> = {}): ClaimLinkState => ({
  state: 'open',
  title: 'Won Giveaway',
  prize: 'A voice agent',
  place: 1,
  round: 1,
  claim_deadline: '2026-03-08T10:00:00.000Z',
  claim_deadline_text: 'March 8, 2026 at 10:00 AM (UTC)',
  claimed_at: null,
  reason: null,
  ...state,
});

const giveaway = buildGiveaway({
  id: 21,
  title: 'Mailed <Link>',
  prize: 'A voice agent',
  end_date: '2026-12-09',
  referral_cap: 3,
});

describe('the confirmation page as a document (its slot)', () => {
  test('as built: the loading frame; drawn without a token: it asks for the link', () => {
    expect(drawConfirm(null).html).toContain('Loading...');
    const page = drawn(drawConfirm(giveaway).html);
    expect(page.getByRole('heading', { level: 1, name: 'Confirm your entry' })).toBeVisible();
    expect(page.getByText('Mailed <Link>')).toBeInTheDocument();
    expect(page.getByText('This page needs the link from your e-mail')).toBeInTheDocument();
    expect(page.queryByRole('button', { name: 'Confirm my entry' })).toBeNull();
    // The drawn page brings its icons' drawings (the built page's sprite has only its own).
    expect(document.getElementById('i-arrow-left')).not.toBeNull();
  });

  test('drawn for a link: the confirm button as an island, what happens next, and share', () => {
    const { html, head } = drawConfirm(giveaway, { kind: 'confirm-link' });
    const page = drawn(html);
    const button = page.getByRole('button', { name: 'Confirm my entry' });
    expect(button.closest('[data-island]')).toHaveAttribute('data-island', 'giveaway-link');
    expect(html).not.toContain('token');
    const next = within(page.getByRole('region', { name: 'What happens next' }));
    expect(next.getByText(/Once confirmed, your entry counts/)).toBeInTheDocument();
    expect(
      next.getByText(/Entries close on December 9, 2026; the draw follows/),
    ).toBeInTheDocument();
    expect(next.getByText(/The winner is told by e-mail/)).toBeInTheDocument();
    expect(next.getByRole('link', { name: 'Was I in the draw?' })).toHaveAttribute(
      'href',
      '/giveaway/21/check',
    );
    expect(page.getByRole('button', { name: 'Share Giveaway' })).toBeInTheDocument();
    expect(head).toContain('<style');
  });
});

describe('the claim page as a document (its slot)', () => {
  test('an open link: the deadline stated and the claim form as an island', () => {
    const page = drawn(drawClaim(giveaway, { kind: 'claim-link', link: link() }).html);
    expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeInTheDocument();
    expect(page.getByText(/Claim it by March 8, 2026 at 10:00 AM \(UTC\)\./)).toBeInTheDocument();
    const form = page.getByRole('form', { name: 'Claim Prize' });
    expect(form.closest('[data-island]')).toHaveAttribute('data-island', 'giveaway-link');
  });

  test.each([
    [{ state: 'claimed', claimed_at: '2026-03-03T10:00:00.000Z' }, 'Prize claimed'],
    [{ state: 'expired' }, 'The claim period has ended'],
    [{ state: 'redrawn' }, 'This prize was drawn again'],
    [{ state: 'disqualified', reason: 'Two accounts.' }, 'Your win was withdrawn'],
  ] as const)('a link whose state is %o says so, with no form', (state, title) => {
    const page = drawn(drawClaim(giveaway, { kind: 'claim-link', link: link(state) }).html);
    expect(page.getByText(title, { exact: true })).toBeInTheDocument();
    expect(page.queryByRole('heading', { name: 'Congratulations!' })).toBeNull();
    expect(page.queryByRole('form')).toBeNull();
  });

  test("a link of no draw, and no link: the server's sentence, or a request for the link", () => {
    const bad = drawn(
      drawClaim(giveaway, { kind: 'claim-link', link: null, problem: 'Not valid here.' }).html,
    );
    expect(bad.getByText('This link does not work')).toBeInTheDocument();
    expect(bad.getByText('Not valid here.')).toBeInTheDocument();
    const none = drawn(drawClaim(giveaway).html);
    expect(none.getByText('This page needs the link from your e-mail')).toBeInTheDocument();
  });
});

describe('the mailed link island', () => {
  test('confirms with the token from the address when pressed, and says so', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/giveaway/21/confirm`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          status: 'confirmed',
          message: 'Your entry is confirmed. It counts now. Good luck!',
        });
      }),
    );
    window.history.replaceState(null, '', '/giveaway/21/confirm?token=tok_123');
    const user = userEvent.setup();
    renderWithProviders(<MailedLinkIsland kind="confirm" id="21" />);
    expect(sent).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Confirm my entry' }));
    const outcome = await screen.findByTestId('confirm-outcome');
    expect(outcome).toHaveTextContent('Entry confirmed');
    expect(outcome).toHaveTextContent('Your entry is confirmed. It counts now. Good luck!');
    expect(sent).toEqual({ token: 'tok_123' });
  });

  test("an expired link reads as the server's sentence", async () => {
    server.use(
      http.post(`${API}/giveaway/21/confirm`, () =>
        detail(410, 'This confirmation link has expired.'),
      ),
    );
    window.history.replaceState(null, '', '/giveaway/21/confirm?token=old');
    const user = userEvent.setup();
    renderWithProviders(<MailedLinkIsland kind="confirm" id="21" />);
    await user.click(screen.getByRole('button', { name: 'Confirm my entry' }));
    const outcome = await screen.findByTestId('confirm-outcome');
    expect(outcome).toHaveTextContent('This link has expired');
    expect(outcome).toHaveTextContent('This confirmation link has expired.');
  });

  test('claims with the token from the address', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/giveaway/21/claim`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          success: true,
          message: 'Your claim is recorded.',
          title: 'Won Giveaway',
          prize: 'A voice agent',
          claimed_at: '2026-03-03T10:00:00.000Z',
        });
      }),
    );
    window.history.replaceState(null, '', '/giveaway/21/claim?token=win_1');
    const user = userEvent.setup();
    renderWithProviders(
      <MailedLinkIsland
        kind="claim"
        id="21"
        title="Won Giveaway"
        prize="A voice agent"
        deadlineText="March 8, 2026 at 10:00 AM (UTC)"
      />,
    );
    await user.type(screen.getByLabelText(/Your name/), 'Ann');
    await user.type(screen.getByLabelText(/Postal or delivery details/), '1 Road');
    await user.click(screen.getByLabelText(/I agree that my name/));
    await user.click(screen.getByRole('button', { name: 'Claim Prize' }));
    expect(await screen.findByText('Prize claimed!')).toBeInTheDocument();
    expect(sent).toEqual({
      token: 'win_1',
      full_name: 'Ann',
      delivery_address: '1 Road',
      consent: true,
    });
  });
});
