import { act, render, screen } from '@testing-library/react';
import React, { useRef } from 'react';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';

function Harness({ busy }: { busy: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  useRefocusAfterBusy(ref, busy);
  return (
    <>
      <button ref={ref} type="button" disabled={busy}>
        Save
      </button>
      <input aria-label="Other" />
    </>
  );
}

/**
 * Browsers drop focus to <body> when the focused button becomes disabled; jsdom keeps it there
 * (and will not blur a disabled element), so the test blurs it just before disabling it.
 */
function dropFocus() {
  act(() => (document.activeElement as HTMLElement).blur());
}

describe('useRefocusAfterBusy', () => {
  it('gives focus back to the button when the work ends and focus was lost', () => {
    const { rerender } = render(<Harness busy={false} />);
    const button = screen.getByRole('button', { name: 'Save' });
    act(() => button.focus());
    dropFocus();
    rerender(<Harness busy />);
    expect(document.body).toHaveFocus();
    rerender(<Harness busy={false} />);
    expect(button).toHaveFocus();
  });

  it('leaves focus alone when the person moved elsewhere meanwhile', () => {
    const { rerender } = render(<Harness busy={false} />);
    rerender(<Harness busy />);
    const other = screen.getByRole('textbox', { name: 'Other' });
    act(() => other.focus());
    rerender(<Harness busy={false} />);
    expect(other).toHaveFocus();
  });

  it('does nothing on the first render or while nothing was busy', () => {
    const { rerender } = render(<Harness busy={false} />);
    rerender(<Harness busy={false} />);
    expect(document.body).toHaveFocus();
  });
});
