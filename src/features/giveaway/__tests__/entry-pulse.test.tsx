import { act, render, screen, within } from '@testing-library/react';
import React from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/styles/theme';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EntryPulse, type EntryPulseProps } from '../components/entry-pulse';
import { GiveawayView } from '../components/giveaway-view';
import { buildGiveaway } from './fixtures';

const CLOSE = '2026-12-02T00:00:00.000Z';
const MIN = 60_000;

function Themed(props: EntryPulseProps) {
  return (
    <ThemeProvider theme={theme}>
      <EntryPulse {...props} />
    </ThemeProvider>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  // 2 days, 3 hours and 30 seconds before the close.
  jest.setSystemTime(Date.parse(CLOSE) - (2 * 24 * 60 + 3 * 60) * MIN - 30_000);
});

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('EntryPulse', () => {
  it('is drawn on the server with the count and an empty countdown box, and no clock reading', () => {
    const html = renderToString(<Themed count={128} closeAt={CLOSE} />);
    expect(html).toContain('128 entries');
    expect(html).toContain('data-testid="countdown"');
    expect(html).not.toContain('Closes in');
    expect(html).not.toContain('Entries are open until');
  });

  it('hydrates over the server HTML without a mismatch, then shows the countdown', () => {
    const html = renderToString(<Themed count={1} closeAt={CLOSE} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => {
      errors.push(args);
    });
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, <Themed count={1} closeAt={CLOSE} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('1 entry');
    expect(container.textContent).toContain('Closes in 2 days, 3 hours');
    const time = container.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(CLOSE);
    consoleError.mockRestore();
    act(() => root?.unmount());
  });

  it('updates once a minute at most, is no live region, and says when entries closed', () => {
    const onClosed = jest.fn();
    const { container } = render(<Themed count={3} closeAt={CLOSE} onClosed={onClosed} />);
    expect(screen.getByText('Closes in 2 days, 3 hours')).toBeInTheDocument();
    expect(container.querySelector('time')?.parentElement).toHaveTextContent(
      /^Entries are open until \w{3}, \w{3} \d{1,2}, 2026, \d{1,2}:\d{2} [AP]M .+, your time\.$/,
    );
    expect(container.querySelector('[aria-live], [role="status"], [role="alert"]')).toBeNull();

    // Nothing changes within the minute.
    act(() => jest.advanceTimersByTime(29_000));
    expect(screen.getByText('Closes in 2 days, 3 hours')).toBeInTheDocument();

    // To 3 minutes before the close: the words count minutes.
    act(() => {
      jest.setSystemTime(Date.parse(CLOSE) - 3 * MIN - 10);
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByText('Closes in 3 minutes')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(MIN));
    expect(screen.getByText('Closes in 2 minutes')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2 * MIN - 100));
    expect(screen.getByText('Closes in less than a minute')).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(MIN));
    expect(screen.getByText('Entries have closed.')).toBeInTheDocument();
    expect(container.querySelector('time')).toBeNull();
    expect(onClosed).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(10 * MIN));
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('shows no countdown when the giveaway has no end date', () => {
    const { container } = render(<Themed count={0} closeAt={null} />);
    expect(screen.getByText('0 entries')).toBeInTheDocument();
    expect(container.querySelector('[data-testid="countdown"]')).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stops its timer when it leaves the page', () => {
    const { unmount } = render(<Themed count={2} closeAt={CLOSE} />);
    expect(jest.getTimerCount()).toBe(1);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('on the giveaway page', () => {
  it('stands near the call to action of an open giveaway only', () => {
    const open = buildGiveaway({
      participant_count: 128,
      end_date: '2026-12-01',
      entries_close_at: CLOSE,
    });
    const { unmount } = renderWithProviders(
      <GiveawayView id="1" giveaway={open} enterLink={<button type="button">Enter now</button>} />,
    );
    const prize = screen.getByRole('region', { name: 'Prize' });
    expect(within(prize).getByTestId('entry-pulse')).toHaveTextContent(
      /^128 entriesCloses in 2 days, 3 hours/,
    );
    expect(within(prize).getByRole('button', { name: 'Enter now' })).toBeInTheDocument();
    unmount();

    for (const phase of ['upcoming', 'paused', 'full', 'closed', 'drawn'] as const) {
      const other = buildGiveaway({ phase, end_date: '2026-12-01', entries_close_at: CLOSE });
      const view = renderWithProviders(<GiveawayView id="2" giveaway={other} />);
      expect(screen.queryByTestId('entry-pulse')).toBeNull();
      view.unmount();
    }
  });
});
