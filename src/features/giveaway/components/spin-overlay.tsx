import React, { useEffect, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { celebrate } from '../spin/confetti';
import { DEFAULT_SPIN_MS, WINNER_SCREEN_DELAY_MS, planSpin, spinDuration } from '../spin/timing';

export const SPIN_SOUND_SRC = '/sounds/spin.wav';
/** The spinning sound starts 1 s in, at 70 % volume, and plays once (no loop). */
export const SOUND_START_SECONDS = 1;
export const SOUND_VOLUME = 0.7;
/**
 * How long to wait for the sound's length before spinning silently with the default duration
 * (a missing file, or a browser that never loads media without a gesture).
 */
export const AUDIO_WAIT_MS = 1500;

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.75; }
`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.gradients.hero};
  background-color: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.darkText};
  text-align: center;

  &:focus {
    outline: none;
  }
`;

const Content = styled.div`
  width: 100%;
  max-width: 720px;
`;

const Title = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[3]};
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['5xl']};
  }
`;

const Subtitle = styled.p`
  margin-bottom: ${({ theme }) => theme.space[10]};
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const NameBox = styled.p<{ $final: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 7rem;
  margin: 0 auto ${({ theme }) => theme.space[8]};
  padding: ${({ theme }) => theme.space[6]};
  border: 2px solid ${({ $final }) => ($final ? '#facc15' : 'rgba(165, 180, 252, 0.5)')};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(255, 255, 255, 0.08);
  box-shadow: ${({ $final }) => ($final ? '0 0 48px rgba(250, 204, 21, 0.45)' : 'none')};
  color: ${({ $final }) => ($final ? '#fde047' : '#ffffff')};
  font-size: clamp(1.5rem, 6vw, 3rem);
  font-weight: 800;
  overflow-wrap: anywhere;
  transition:
    border-color 0.3s ease,
    box-shadow 0.3s ease;
`;

const Status = styled.p`
  margin: 0;
  color: #c7d2fe;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 600;
  animation: ${pulse} 1.2s ease-in-out infinite;

  ${({ theme }) => theme.media.reducedMotion} {
    animation: none;
  }
`;

export interface SpinOverlayProps {
  /** Display names of the entrants ("@handle", or the e-mail when there is no handle). */
  names: readonly string[];
  /** The winner's display name: the name the spin lands on. */
  winner: string;
  /**
   * The detail view passes 20000 ms here and the spin ignores it: the spin's length
   * comes from the sound (its length − 4 s), or the 4 s default when the sound cannot play.
   */
  duration?: number;
  /** Called 1 s after the spin lands on the winner. */
  onComplete: () => void;
  soundSrc?: string;
  /** The heading, e.g. "Drawing winner 2 of 3..." when several winners are revealed in turn. */
  title?: string;
  /** The line under the heading (a re-draw shows its reason here). */
  subtitle?: string;
  /** Spins without sound (the presenter's sound switch); the timing stays the same. */
  muted?: boolean;
}

/**
 * The full-screen draw animation: a dark overlay cycling through the entrants' handles in three
 * phases (fast, slow, winner) and landing on the winner, with the spinning sound and confetti.
 */
export function SpinOverlay({
  names,
  winner,
  onComplete,
  soundSrc = SPIN_SOUND_SRC,
  title = 'Drawing the Winner...',
  subtitle = 'Hold tight... the draw is happening!',
  muted = false,
}: SpinOverlayProps) {
  const overlayRef = useRef<HTMLDivElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [current, setCurrent] = useState(() => names[0]?.trim() || winner);
  const [spinning, setSpinning] = useState(true);

  // The spin is planned once, from the props it mounted with; later renders must not restart it.
  const initial = useRef({ names, winner, onComplete });
  initial.current.onComplete = onComplete;
  // The sound switch may change while the spin runs: it mutes or unmutes the sound at once.
  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  useEffect(() => {
    if (audioRef.current) audioRef.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const { names: entrants, winner: winnerName } = initial.current;
    const audio = audioRef.current;
    const timers: number[] = [];
    let started = false;
    let cancelConfetti = () => undefined as void;

    const start = (duration: number) => {
      if (started) return;
      started = true;
      const plan = planSpin({ duration, names: entrants, winner: winnerName });
      for (const frame of plan.frames) {
        timers.push(window.setTimeout(() => setCurrent(frame.name), frame.at));
      }
      timers.push(
        window.setTimeout(() => {
          setSpinning(false);
          cancelConfetti = celebrate();
        }, plan.endsAt),
      );
      timers.push(
        window.setTimeout(() => initial.current.onComplete(), plan.endsAt + WINNER_SCREEN_DELAY_MS),
      );
    };

    const spinSilently = () => start(DEFAULT_SPIN_MS);

    const play = () => {
      if (!audio || started) return;
      audio.volume = SOUND_VOLUME;
      audio.muted = mutedRef.current;
      audio.loop = false;
      audio.currentTime = SOUND_START_SECONDS;
      let playing: Promise<void> | undefined;
      try {
        playing = audio.play();
      } catch {
        spinSilently();
        return;
      }
      // Autoplay policies reject play(); the spin then runs on the default duration.
      Promise.resolve(playing).then(() => start(spinDuration(audio.duration)), spinSilently);
    };

    timers.push(window.setTimeout(spinSilently, AUDIO_WAIT_MS));
    if (!audio) {
      spinSilently();
    } else if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
      play();
    } else {
      audio.addEventListener('loadedmetadata', play, { once: true });
      audio.addEventListener('error', spinSilently, { once: true });
    }

    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      audio?.removeEventListener('loadedmetadata', play);
      audio?.removeEventListener('error', spinSilently);
      audio?.pause();
      cancelConfetti();
    };
  }, []);

  // A modal for as long as it is up: focus moves in, and the page behind neither scrolls nor tabs.
  useEffect(() => {
    overlayRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return (
    <Overlay
      ref={overlayRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby="draw-title"
      aria-describedby="draw-subtitle"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Tab') event.preventDefault();
      }}
    >
      <Content>
        <Title id="draw-title">{title}</Title>
        <Subtitle id="draw-subtitle">{subtitle}</Subtitle>
        {/* Hidden from assistive technology while it flickers; the live region below announces the result. */}
        <NameBox $final={!spinning} aria-hidden={spinning}>
          {current}
        </NameBox>
        <p className="sr-only" aria-live="assertive" aria-atomic="true">
          {spinning ? '' : `The winner is ${winner}`}
        </p>
        {spinning ? <Status>Spinning... Good luck!</Status> : null}
        {/* A wordless sound effect: there is nothing to caption, and the result is announced above. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <audio ref={audioRef} src={soundSrc} preload="auto" />
      </Content>
    </Overlay>
  );
}
