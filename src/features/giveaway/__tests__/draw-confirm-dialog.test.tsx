import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { AdminControls, type AdminControlsProps } from '../components/admin-controls';
import { drawClosesEntries } from '../components/draw-confirm-dialog';
import { setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { giveawayApiDefaults } from './fixtures';

setupApiServer(...giveawayApiDefaults);

const FROZEN = {
  frozen_at: '2026-12-10T00:00:00.000Z',
  reason: 'ended' as const,
  entrant_count: 7,
  fingerprint: 'a'.repeat(64),
};

function renderControls(overrides: Partial<AdminControlsProps> = {}) {
  const onSelectWinner = jest.fn();
  renderWithProviders(
    <AdminControls
      giveawayId="7"
      participantCount={7}
      isAccepting
      frozen={null}
      entriesClosedReason={null}
      endDate="2026-12-09"
      externalRandomness={null}
      selecting={false}
      onSelectWinner={onSelectWinner}
      onToggled={() => undefined}
      {...overrides}
    />,
    { apollo: true },
  );
  return onSelectWinner;
}

describe('Select Winner on a giveaway whose entries are open', () => {
  it('asks first: what the draw does, the end date, and waiting is the default', async () => {
    const user = userEvent.setup();
    const onSelectWinner = renderControls();
    await user.click(screen.getByRole('button', { name: 'Select Winner' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Close entries and draw now?' }),
    );
    expect(dialog.getByText('closes entries now, for good: nobody else can enter;')).toBeVisible();
    expect(dialog.getByText('draws from the 7 entrants in the list now;')).toBeVisible();
    expect(dialog.getByText('freezes that list and publishes it;')).toBeVisible();
    expect(dialog.getByText('cannot be undone.')).toBeVisible();
    expect(dialog.getByText('December 9, 2026')).toBeVisible();
    const wait = dialog.getByRole('button', { name: 'Wait for the end date' });
    expect(wait).toHaveFocus();

    // Enter on the focused default keeps entries open and draws nothing.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSelectWinner).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Select Winner' }));
    await user.click(await screen.findByRole('button', { name: 'Close entries and draw now' }));
    expect(onSelectWinner).toHaveBeenCalledWith(undefined, true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape keeps waiting too', async () => {
    const user = userEvent.setup();
    const onSelectWinner = renderControls();
    await user.click(screen.getByRole('button', { name: 'Select Winner' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSelectWinner).not.toHaveBeenCalled();
  });

  it('without an end date the default keeps entries open', async () => {
    const user = userEvent.setup();
    renderControls({ endDate: null, entriesClosedReason: 'paused', isAccepting: false });
    await user.click(screen.getByRole('button', { name: 'Select Winner' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(
        'This giveaway has no end date: entries stay open until you close them or draw.',
      ),
    ).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Keep entries open' })).toHaveFocus();
  });

  it('draws without asking once entries closed (end date passed, full, or closed for good)', async () => {
    const user = userEvent.setup();
    const onSelectWinner = renderControls({ frozen: FROZEN, entriesClosedReason: 'closed' });
    expect(screen.getByRole('button', { name: 'Select Winner' })).toHaveAccessibleDescription(
      'Ready to select winner from 7 participants.',
    );
    await user.click(screen.getByRole('button', { name: 'Select Winner' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSelectWinner).toHaveBeenCalledWith();
  });
});

describe('drawClosesEntries', () => {
  it.each([
    [null, null, true],
    ['paused', null, true],
    ['not_started', null, true],
    ['ended', null, false],
    ['full', null, false],
    ['closed', FROZEN, false],
  ] as const)('entries closed reason %s, frozen %p: %s', (reason, frozen, expected) => {
    expect(drawClosesEntries({ entries_closed_reason: reason, frozen })).toBe(expected);
  });
});
