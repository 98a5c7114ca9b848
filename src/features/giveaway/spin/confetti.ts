import confetti from 'canvas-confetti';

/**
 * Confetti at the end of the spin and on the winner screen: 100 particles at once, then 50 more at
 * 500 ms and 50 at 1000 ms.
 */
export const CONFETTI_BURSTS = [
  { delay: 0, particleCount: 100 },
  { delay: 500, particleCount: 50 },
  { delay: 1000, particleCount: 50 },
] as const;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches)
  );
}

/**
 * Fires the celebration and returns a function that cancels the bursts still pending (for
 * unmounting). People who ask for reduced motion get no confetti at all: a screen full of
 * moving particles is exactly what that setting is meant to avoid.
 */
export function celebrate(): () => void {
  if (prefersReducedMotion()) return () => undefined;
  const burst = (particleCount: number) => {
    void confetti({
      particleCount,
      spread: 70,
      origin: { y: 0.6 },
      zIndex: 1100,
      disableForReducedMotion: true,
    });
  };
  const timers: number[] = [];
  for (const { delay, particleCount } of CONFETTI_BURSTS) {
    if (delay === 0) burst(particleCount);
    else timers.push(window.setTimeout(() => burst(particleCount), delay));
  }
  return () => timers.forEach((timer) => window.clearTimeout(timer));
}
