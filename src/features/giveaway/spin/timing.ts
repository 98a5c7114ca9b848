import { cryptoShuffle } from './shuffle';

/**
 * The draw animation's timing: how long the spin lasts and which name shows when, in three phases
 * that end on the winner. Pure so it can be tested without timers: the overlay component only
 * schedules the frames this returns.
 */

/** Used when the sound's length is unknown or it cannot play. */
export const DEFAULT_SPIN_MS = 4000;
export const MIN_SPIN_MS = 1000;
/** The sound keeps going this long after the names stop (the landing and the chime). */
export const AUDIO_TAIL_MS = 4000;
export const FAST_SHARE = 0.6;
export const SLOW_SHARE = 0.3;
export const FAST_STEP_MS = 40;
export const SLOW_STEP_MS = 120;
export const FINAL_STEP_MS = 350;
/** Pause on the winner's name before the winner screen replaces the overlay. */
export const WINNER_SCREEN_DELAY_MS = 1000;

export type SpinPhase = 'fast' | 'slow' | 'final';

export interface SpinFrame {
  /** Milliseconds after the spin starts. */
  at: number;
  name: string;
  phase: SpinPhase;
}

export interface SpinPlan {
  frames: SpinFrame[];
  /** When the last frame (the winner) shows and the spin stops. */
  endsAt: number;
  /** The final phase's list: the winner first, then the others in shuffled order. */
  finalNames: string[];
}

/** Spin length from the sound's length in seconds: audio − 4 s, at least 1 s; 4 s when unknown. */
export function spinDuration(audioSeconds?: number | null): number {
  if (audioSeconds == null || !Number.isFinite(audioSeconds) || audioSeconds <= 0) {
    return DEFAULT_SPIN_MS;
  }
  return Math.max(MIN_SPIN_MS, Math.round(audioSeconds * 1000) - AUDIO_TAIL_MS);
}

export interface PlanSpinInput {
  duration: number;
  /** Display names of every entrant (may include the winner, duplicates and blanks). */
  names: readonly string[];
  winner: string;
  shuffle?: <T>(items: readonly T[]) => T[];
}

/**
 * Three phases: the first 60 % of the duration steps every 40 ms, the next 30 % every 120 ms,
 * and the rest every 350 ms through the final list. That list starts with the winner and is
 * walked backwards, so however many steps fit, the last name shown is the winner's.
 */
export function planSpin({
  duration,
  names,
  winner,
  shuffle = cryptoShuffle,
}: PlanSpinInput): SpinPlan {
  const others = Array.from(new Set(names.map((name) => name.trim()).filter(Boolean))).filter(
    (name) => name !== winner,
  );
  const pool = shuffle([winner, ...others]);
  const fastEnd = Math.round(duration * FAST_SHARE);
  const slowEnd = Math.round(duration * (FAST_SHARE + SLOW_SHARE));
  const frames: SpinFrame[] = [];

  let index = 0;
  const nextName = () => pool[index++ % pool.length] as string;
  for (let at = 0; at < fastEnd; at += FAST_STEP_MS)
    frames.push({ at, name: nextName(), phase: 'fast' });
  for (let at = fastEnd; at < slowEnd; at += SLOW_STEP_MS)
    frames.push({ at, name: nextName(), phase: 'slow' });

  const finalNames = [winner, ...shuffle(others)];
  const finalSteps = Math.max(1, Math.ceil((duration - slowEnd) / FINAL_STEP_MS));
  for (let step = 0; step < finalSteps; step += 1) {
    frames.push({
      at: slowEnd + step * FINAL_STEP_MS,
      name: finalNames[(finalSteps - 1 - step) % finalNames.length] as string,
      phase: 'final',
    });
  }

  return { frames, endsAt: slowEnd + (finalSteps - 1) * FINAL_STEP_MS, finalNames };
}
