import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React, { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/styles/theme';
import { Dialog } from '../dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <ThemeProvider theme={theme}>
      <button type="button" onClick={() => setOpen(true)}>
        Create Giveaway
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="New giveaway"
        description="Fill in the details."
      >
        <label>
          Title
          <input />
        </label>
        <button type="button">Save</button>
      </Dialog>
    </ThemeProvider>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Create Giveaway' }));
  return user;
}

describe('Dialog', () => {
  it('is a labelled, described modal dialog that focuses its first field', async () => {
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'New giveaway' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Fill in the details.');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = await openDialog();
    const field = screen.getByRole('textbox', { name: 'Title' });
    const close = screen.getByRole('button', { name: 'Close dialog' });

    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Giveaway' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes from the close button', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Giveaway' })).toHaveFocus();
  });
});
