import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/styles/theme';
import {
  MAX_TOASTS,
  toastPlacement,
  TOAST_DURATION_MS,
  ToastProvider,
  useToast,
  type ToastOptions,
} from '../toast';

function Trigger({ options, label = 'Notify' }: { options: ToastOptions; label?: string }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(options)}>
      {label}
    </button>
  );
}

function renderToasts(ui: React.ReactNode) {
  return render(
    <ThemeProvider theme={theme}>
      <ToastProvider>{ui}</ToastProvider>
    </ThemeProvider>,
  );
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

afterEach(() => jest.useRealTimers());

describe('toasts', () => {
  it('renders a toast in a polite live region that exists before any toast', async () => {
    const user = userEvent.setup();
    renderToasts(<Trigger options={{ title: 'Saved', description: 'Your changes are live.' }} />);
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Notify' }));

    expect(within(region()).getByText('Saved')).toBeInTheDocument();
    expect(within(region()).getByText('Your changes are live.')).toBeInTheDocument();
    expect(within(region()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces destructive toasts assertively with role="alert"', async () => {
    const user = userEvent.setup();
    renderToasts(
      <Trigger
        options={{ title: 'Error', description: 'Failed to load giveaway', variant: 'destructive' }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    const alert = within(region()).getByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Failed to load giveaway');
  });

  it('dismisses itself after the duration', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderToasts(<Trigger options={{ title: 'Link copied!' }} />);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    // Move the pointer away so the hover pause does not hold the toast open.
    await user.unhover(screen.getByText('Link copied!'));

    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText('Link copied!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Link copied!')).not.toBeInTheDocument();
  });

  it('stays while hovered and restarts the timer afterwards', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderToasts(<Trigger options={{ title: 'Read me' }} />);
    await user.click(screen.getByRole('button', { name: 'Notify' }));

    await user.hover(screen.getByText('Read me'));
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(screen.getByText('Read me')).toBeInTheDocument();

    await user.unhover(screen.getByText('Read me'));
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS + 10));
    expect(screen.queryByText('Read me')).not.toBeInTheDocument();
  });

  it('has a dismiss button', async () => {
    const user = userEvent.setup();
    renderToasts(<Trigger options={{ title: 'Subscribed' }} />);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification: Subscribed' }));
    expect(screen.queryByText('Subscribed')).not.toBeInTheDocument();
  });

  it(`shows at most ${MAX_TOASTS}: a new toast takes the place of the one showing`, async () => {
    const user = userEvent.setup();
    function Many() {
      const { toast } = useToast();
      const count = React.useRef(0);
      return (
        <button type="button" onClick={() => toast({ title: `Toast ${++count.current}` })}>
          Notify
        </button>
      );
    }
    renderToasts(<Many />);
    for (let i = 0; i < 4; i += 1) await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(MAX_TOASTS).toBe(1);
    for (const gone of ['Toast 1', 'Toast 2', 'Toast 3'])
      expect(within(region()).queryByText(gone)).not.toBeInTheDocument();
    expect(within(region()).getByText('Toast 4')).toBeInTheDocument();
  });

  describe('toastPlacement', () => {
    // A 375 x 700 window; the toast 80 px tall with 16 px margins, across the width.
    const bottom = { top: 604, bottom: 684, left: 16, right: 359 };
    const top = { top: 16, bottom: 96, left: 16, right: 359 };
    const narrow = { top: 604, bottom: 684, left: 884, right: 1264 };
    const part = (from: number, to: number, left = 16, right = 359) => ({
      top: from,
      bottom: to,
      left,
      right,
    });
    it.each([
      [
        'keeps the bottom edge when the part is above it',
        part(100, 500),
        bottom,
        'bottom',
        'bottom',
        0,
      ],
      [
        'moves to the top when the part reaches the bottom toast',
        part(300, 650),
        bottom,
        'bottom',
        'top',
        0,
      ],
      [
        'measures from the top edge when the toast stands there',
        part(100, 500),
        top,
        'top',
        'bottom',
        0,
      ],
      // Room above the bottom toast ends at 604 - 16 = 588.
      [
        'scrolls the part clear when both edges would cover it',
        part(60, 640),
        bottom,
        'bottom',
        'bottom',
        52,
      ],
      [
        'leaves a part taller than the room where it is',
        part(0, 690),
        bottom,
        'bottom',
        'bottom',
        0,
      ],
      [
        'leaves a part beside a narrow toast alone',
        part(300, 690, 100, 800),
        narrow,
        'bottom',
        'bottom',
        0,
      ],
    ] as const)('%s', (_name, where, toast, current, edge, scroll) => {
      expect(toastPlacement(where, toast, current, 700)).toEqual({ edge, scroll });
    });
  });

  it('fails loudly outside the provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger options={{ title: 'x' }} />)).toThrow(
      'useToast must be used inside <ToastProvider>.',
    );
    spy.mockRestore();
  });
});
