import { act, fireEvent, render, screen, within } from '@testing-library/react';
import confetti from 'canvas-confetti';
import React from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/styles/theme';
import { AUDIO_WAIT_MS, SpinOverlay } from '../components/spin-overlay';

jest.mock('canvas-confetti', () => jest.fn());

const NAMES = ['@ann', '@bob', '@cy'];

function stubAudio({ duration, play }: { duration: number; play: 'resolve' | 'reject' }) {
  const playSpy = jest
    .spyOn(HTMLMediaElement.prototype, 'play')
    .mockImplementation(() =>
      play === 'resolve'
        ? Promise.resolve()
        : Promise.reject(new DOMException('Autoplay blocked', 'NotAllowedError')),
    );
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(duration);
  return playSpy;
}

function renderOverlay(props: Partial<React.ComponentProps<typeof SpinOverlay>> = {}) {
  const onComplete = jest.fn();
  const utils = render(
    <ThemeProvider theme={theme}>
      <SpinOverlay names={NAMES} winner="@bob" onComplete={onComplete} {...props} />
    </ThemeProvider>,
  );
  return { onComplete, ...utils };
}

/** The sound element is not something a user interacts with; tests drive its loading directly. */
function audioElement(): HTMLAudioElement {
  const audio = document.querySelector('audio');
  if (!audio) throw new Error('no audio element');
  return audio;
}

async function loadSound() {
  await act(async () => {
    fireEvent(audioElement(), new Event('loadedmetadata'));
    await Promise.resolve();
  });
}

function shownName(): string | undefined {
  const dialog = screen.getByRole('dialog', { name: 'Drawing the Winner...' });
  return NAMES.find((name) => within(dialog).queryByText(name));
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.mocked(confetti).mockClear();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  // @ts-expect-error -- jsdom has no matchMedia; some tests add one.
  delete window.matchMedia;
});

describe('SpinOverlay', () => {
  it('is a modal dialog with the draw texts', () => {
    stubAudio({ duration: 9, play: 'resolve' });
    renderOverlay();
    const dialog = screen.getByRole('dialog', { name: 'Drawing the Winner...' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Hold tight... the draw is happening!');
    expect(screen.getByText('Spinning... Good luck!')).toBeInTheDocument();
    expect(dialog).toHaveFocus();
  });

  it('names which winner it draws when several are revealed in turn', () => {
    stubAudio({ duration: 9, play: 'resolve' });
    renderOverlay({ title: 'Drawing winner 2 of 3...' });
    expect(screen.getByRole('dialog', { name: 'Drawing winner 2 of 3...' })).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Drawing the Winner...' })).not.toBeInTheDocument();
  });

  it('plays the sound from 1 s at volume 0.7, once, and spins for its length minus 4 s in three phases', async () => {
    const play = stubAudio({ duration: 9, play: 'resolve' });
    const { onComplete } = renderOverlay();
    await loadSound();

    const audio = audioElement();
    expect(play).toHaveBeenCalledTimes(1);
    expect(audio.volume).toBe(0.7);
    expect(audio.loop).toBe(false);
    expect(audio.currentTime).toBe(1);

    // 5000 ms spin. Fast phase (0–3000 ms): a new name every 40 ms.
    advance(1000);
    let before = shownName();
    advance(40);
    expect(shownName()).not.toBe(before);

    // Slow phase (3000–4500 ms): every 120 ms.
    advance(3000 - 1040);
    before = shownName();
    advance(119);
    expect(shownName()).toBe(before);
    advance(1);
    expect(shownName()).not.toBe(before);

    // Final phase (from 4500 ms): 350 ms steps, the last one on the winner.
    advance(4500 - 3120);
    expect(shownName()).not.toBe('@bob');
    expect(screen.getByText('Spinning... Good luck!')).toBeInTheDocument();
    advance(349);
    expect(shownName()).not.toBe('@bob');
    expect(confetti).not.toHaveBeenCalled();

    advance(1);
    expect(shownName()).toBe('@bob');
    expect(screen.queryByText('Spinning... Good luck!')).not.toBeInTheDocument();
    expect(screen.getByText('The winner is @bob')).toBeInTheDocument();

    // Confetti: 100 at once, then 50 at 500 ms and 50 at 1000 ms.
    expect(confetti).toHaveBeenCalledTimes(1);
    expect(confetti).toHaveBeenLastCalledWith(expect.objectContaining({ particleCount: 100 }));
    advance(499);
    expect(confetti).toHaveBeenCalledTimes(1);
    advance(1);
    expect(confetti).toHaveBeenCalledTimes(2);
    expect(confetti).toHaveBeenLastCalledWith(expect.objectContaining({ particleCount: 50 }));

    // The winner screen follows 1000 ms after the spin stops.
    advance(499);
    expect(onComplete).not.toHaveBeenCalled();
    advance(1);
    expect(confetti).toHaveBeenCalledTimes(3);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('spins for the 4 s default when the browser refuses to play the sound', async () => {
    stubAudio({ duration: 9, play: 'reject' });
    const { onComplete } = renderOverlay();
    await loadSound();
    advance(3949);
    expect(screen.getByText('Spinning... Good luck!')).toBeInTheDocument();
    advance(1);
    expect(shownName()).toBe('@bob');
    expect(screen.queryByText('Spinning... Good luck!')).not.toBeInTheDocument();
    advance(1000);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('spins silently on the default when the sound never loads', () => {
    const play = stubAudio({ duration: Number.NaN, play: 'resolve' });
    const { onComplete } = renderOverlay();
    advance(AUDIO_WAIT_MS + 3950 - 1);
    expect(screen.getByText('Spinning... Good luck!')).toBeInTheDocument();
    advance(1);
    expect(shownName()).toBe('@bob');
    advance(1000);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(play).not.toHaveBeenCalled();
  });

  it('never goes below 1 s for a very short sound', async () => {
    stubAudio({ duration: 4.5, play: 'resolve' });
    const { onComplete } = renderOverlay();
    await loadSound();
    // 1000 ms: fast to 600, slow to 900, then one final step at 900 on the winner.
    advance(899);
    expect(screen.getByText('Spinning... Good luck!')).toBeInTheDocument();
    advance(1);
    expect(shownName()).toBe('@bob');
    advance(1000);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('ignores the duration it is given (the detail view passes 20000 ms)', async () => {
    stubAudio({ duration: 9, play: 'resolve' });
    const { onComplete } = renderOverlay({ duration: 20000 });
    await loadSound();
    advance(4850 + 1000);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('shows no confetti to people who prefer reduced motion', async () => {
    window.matchMedia = jest
      .fn()
      .mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    stubAudio({ duration: 9, play: 'resolve' });
    const { onComplete } = renderOverlay();
    await loadSound();
    advance(4850 + 1000);
    expect(onComplete).toHaveBeenCalled();
    expect(confetti).not.toHaveBeenCalled();
  });

  it('stops the sound and every timer when it is taken down early', async () => {
    stubAudio({ duration: 9, play: 'resolve' });
    const { onComplete, unmount } = renderOverlay();
    await loadSound();
    advance(1000);
    unmount();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    advance(10000);
    expect(onComplete).not.toHaveBeenCalled();
  });
});
