import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { GiveawayManagementPage } from '../components/giveaway-management-page';
import { ReceiptPanel } from '../components/receipt-panel';
import { forgetMailStatus } from '../use-mail-status';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { signInAs } from '@/testing/session';
import { buildGiveaway, getGiveawaysHandler, giveawayApiDefaults, receiptCheck } from './fixtures';

const server = setupApiServer(...giveawayApiDefaults);

/** This site has no mail server (GET /mail/status says so). */
function withoutMail() {
  server.use(http.get(`${API}/mail/status`, () => HttpResponse.json({ mail_available: false })));
}

beforeEach(() => forgetMailStatus());

const ENTRY = {
  receipt: 'AAAA-BBBB-CCCC',
  rules_version: 1,
  instagram_handle: 'ann',
  entered_at: '2026-03-06T10:00:00.000Z',
  confirm_by: '2099-03-08T10:00:00.000Z',
};

describe('without a mail server', () => {
  it('the management page says so, and warns on a giveaway that asks for confirmation', async () => {
    signInAs('admin');
    withoutMail();
    server.use(
      getGiveawaysHandler([
        buildGiveaway({ id: 80, title: 'Confirming', confirm_entries: true }),
        buildGiveaway({ id: 81, title: 'Plain' }),
      ]),
    );
    renderWithProviders(<GiveawayManagementPage />, { apollo: true });
    expect(await screen.findByTestId('no-mail-note')).toHaveTextContent(
      'No mail server is configured: receipts are not mailed, and confirmation by e-mail cannot be switched on.',
    );
    const confirming = within(screen.getByRole('article', { name: 'Confirming' }));
    expect(confirming.getByText('Entries are refused: no mail server')).toBeVisible();
    const plain = within(screen.getByRole('article', { name: 'Plain' }));
    expect(plain.queryByText('Entries are refused: no mail server')).not.toBeInTheDocument();
  });

  it('the giveaway form keeps confirmation off and says why', async () => {
    signInAs('admin');
    withoutMail();
    server.use(getGiveawaysHandler([]));
    const user = userEvent.setup();
    renderWithProviders(<GiveawayManagementPage />, { apollo: true });
    await screen.findByTestId('no-mail-note');
    await user.click(screen.getByRole('button', { name: 'Create Giveaway' }));
    const box = within(screen.getByRole('dialog')).getByRole('checkbox', {
      name: 'Confirm entries by e-mail',
    });
    expect(box).toHaveAttribute('aria-readonly', 'true');
    expect(box).toHaveAccessibleDescription(
      /It cannot be switched on now: this site has no mail server configured \(SMTP_URL\)/,
    );
    await user.click(box);
    expect(box).not.toBeChecked();
  });

  it('"You\'re in" offers no mail: no receipt by e-mail, no new link', async () => {
    withoutMail();
    server.use(
      http.post(`${API}/giveaway/:id/receipt`, () =>
        HttpResponse.json(receiptCheck(ENTRY.receipt, 0, { confirmed: false, entries: 0 })),
      ),
    );
    renderWithProviders(<ReceiptPanel giveawayId="82" title="T" entry={ENTRY} fresh={false} />, {
      apollo: true,
    });
    expect(
      await screen.findByText(
        /This site cannot send e-mail at the moment, so a new link cannot be sent just now\./,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'E-mail me my receipt' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'No e-mail? Send the link again' }),
    ).not.toBeInTheDocument();
  });
});

describe('with a mail server', () => {
  it('"You\'re in" offers the receipt by e-mail and a new link', async () => {
    server.use(
      http.post(`${API}/giveaway/:id/receipt`, () =>
        HttpResponse.json(receiptCheck(ENTRY.receipt, 0, { confirmed: false, entries: 0 })),
      ),
    );
    renderWithProviders(<ReceiptPanel giveawayId="83" title="T" entry={ENTRY} fresh={false} />, {
      apollo: true,
    });
    expect(
      await screen.findByRole('button', { name: 'No e-mail? Send the link again' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'E-mail me my receipt' })).toBeVisible();
  });

  it('the giveaway form lets confirmation be switched on', async () => {
    signInAs('admin');
    server.use(getGiveawaysHandler([]));
    const user = userEvent.setup();
    renderWithProviders(<GiveawayManagementPage />, { apollo: true });
    await user.click(await screen.findByRole('button', { name: 'Create Giveaway' }));
    const box = within(screen.getByRole('dialog')).getByRole('checkbox', {
      name: 'Confirm entries by e-mail',
    });
    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.queryByTestId('no-mail-note')).not.toBeInTheDocument();
  });
});
