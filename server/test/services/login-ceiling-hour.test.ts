import { loadConfig } from '../../src/config';
import { MemoryCounterStore } from '../../src/services/counter-store';
import { LoginThrottle } from '../../src/services/login-throttle';

const HOUR = 60 * 60_000;

/**
 * An attacker with an endless supply of new networks guesses one account as fast as the
 * per-account ceiling lets them: while the account is not held, guesses all in the same
 * instant; while it is, waits until the moment the hold lifts. Returns when each guess got
 * through.
 */
async function guessFromNewNetworks(env: Record<string, string>, durationMs: number) {
  const { loginLockout } = loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env });
  const clock = { t: 0 };
  const throttle = new LoginThrottle(new MemoryCounterStore(() => clock.t), {
    ...loginLockout,
    perAddressEnabled: true,
  });
  const guesses: number[] = [];
  let network = 0;
  while (clock.t <= durationMs) {
    const wait = await throttle.accountRetryAfter('owner');
    if (wait > 0) {
      // The wait is rounded up to whole seconds; the last second is walked a millisecond at a time.
      clock.t += wait > 1 ? (wait - 1) * 1000 : 1;
      continue;
    }
    network += 1;
    await throttle.recordFailure('owner', `203.0.${network >> 8}.${network & 255}`);
    guesses.push(clock.t);
  }
  return guesses;
}

/** The most guesses in any hour, both ends included. */
function busiestHour(guesses: number[]): number {
  let most = 0;
  let start = 0;
  for (const [end, at] of guesses.entries()) {
    while (at - (guesses[start] ?? at) > HOUR) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

test('by default no more than 100 guesses at one account get through in any hour from new networks', async () => {
  const guesses = await guessFromNewNetworks({}, 3 * HOUR);
  expect(busiestHour(guesses)).toBeLessThanOrEqual(100);
  // The ceiling slows guessing; it does not stop it.
  expect(busiestHour(guesses)).toBeGreaterThanOrEqual(80);
});

test.each(['1', '7', '20', '30', '60', '90'])(
  'the default follows LOGIN_LOCKOUT_MINUTES=%s and still lets no more than 100 through in an hour',
  async (minutes) => {
    const guesses = await guessFromNewNetworks({ LOGIN_LOCKOUT_MINUTES: minutes }, 3 * HOUR);
    expect(busiestHour(guesses)).toBeLessThanOrEqual(100);
  },
);

test('a ceiling set by hand is kept as set', async () => {
  const { loginLockout } = loadConfig({
    JWT_SECRET: 'x'.repeat(40),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '30',
  });
  expect(loginLockout.perAccount).toBe(30);
  const guesses = await guessFromNewNetworks({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '30' }, 3 * HOUR);
  expect(busiestHour(guesses)).toBe(150);
});
