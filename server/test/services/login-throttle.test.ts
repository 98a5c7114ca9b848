import { MemoryCounterStore } from '../../src/services/counter-store';
import { FIRST_DELAY_MS, LoginThrottle } from '../../src/services/login-throttle';

const WINDOW = 15 * 60_000;

function throttle(clock: { t: number }, perAddressEnabled = true) {
  return new LoginThrottle(new MemoryCounterStore(() => clock.t), {
    perAccountAddress: 3,
    perAddress: 5,
    windowMs: WINDOW,
    perAddressEnabled,
  });
}

async function fail(th: LoginThrottle, username: string, address: string, times = 1) {
  for (let i = 0; i < times; i++) await th.recordFailure(username, address);
}

test('free failures, then a delay that doubles with each further failure, up to the window', async () => {
  const clock = { t: 0 };
  const th = throttle(clock, false);
  await fail(th, 'alice', '1.1.1.1', 2);
  expect(await th.retryAfter('alice', '1.1.1.1')).toBe(0);
  const delays: number[] = [];
  for (let i = 0; i < 7; i++) {
    await fail(th, 'alice', '1.1.1.1');
    delays.push(await th.retryAfter('alice', '1.1.1.1'));
  }
  const first = FIRST_DELAY_MS / 1000;
  expect(delays).toEqual([first, first * 2, first * 4, first * 8, first * 16, 900, 900]);
});

test('a delay lifts by itself', async () => {
  const clock = { t: 0 };
  const th = throttle(clock);
  await fail(th, 'alice', '1.1.1.1', 3);
  expect(await th.retryAfter('alice', '1.1.1.1')).toBe(30);
  clock.t = 10_000;
  expect(await th.retryAfter('alice', '1.1.1.1')).toBe(20);
  clock.t = 30_001;
  expect(await th.retryAfter('alice', '1.1.1.1')).toBe(0);
});

test('guessing from one address never holds back the same account from another address', async () => {
  const clock = { t: 0 };
  const th = throttle(clock, false);
  await fail(th, 'Owner', '6.6.6.6', 50);
  expect(await th.retryAfter('owner', '6.6.6.6')).toBe(900);
  expect(await th.retryAfter('owner', '7.7.7.7')).toBe(0);
  expect(await th.retryAfter('OWNER', '2001:db8::1')).toBe(0);
});

test('the account name counts without regard to case', async () => {
  const th = throttle({ t: 0 });
  await fail(th, 'Alice', '1.1.1.1', 2);
  await fail(th, 'ALICE', '1.1.1.1');
  expect(await th.retryAfter('alice', '1.1.1.1')).toBe(30);
});

test('failures fade after the window', async () => {
  const clock = { t: 0 };
  const th = throttle(clock);
  await fail(th, 'bob', '1.1.1.1', 2);
  clock.t = WINDOW + 1;
  await fail(th, 'bob', '1.1.1.1');
  expect(await th.retryAfter('bob', '1.1.1.1')).toBe(0);
});

test('a success clears the pair but not the address count', async () => {
  const th = throttle({ t: 0 });
  await fail(th, 'carol', '5.5.5.5', 2);
  await th.recordSuccess('carol', '5.5.5.5');
  await fail(th, 'carol', '5.5.5.5', 2);
  expect(await th.retryAfter('carol', '5.5.5.5')).toBe(0);
  // 4 failures from the address so far; the fifth (any account) locks the address for the window.
  await fail(th, 'someone-else', '5.5.5.5');
  expect(await th.retryAfter('anyone', '5.5.5.5')).toBe(900);
  expect(await th.retryAfter('anyone', '5.5.5.6')).toBe(0);
});

test('per-address counting can be switched off', async () => {
  const th = throttle({ t: 0 }, false);
  for (let i = 0; i < 10; i++) await fail(th, `user${i}`, '7.7.7.7');
  expect(await th.retryAfter('fresh', '7.7.7.7')).toBe(0);
});

test('failures of one account from many addresses hold the account; the first to reach the ceiling alerts, once per window', async () => {
  const clock = { t: 0 };
  const th = new LoginThrottle(new MemoryCounterStore(() => clock.t), {
    perAccountAddress: 100,
    perAddress: 100,
    perAccount: 4,
    windowMs: WINDOW,
    perAddressEnabled: true,
  });
  const alerts: boolean[] = [];
  for (let i = 1; i <= 6; i++) alerts.push((await th.recordFailure('Owner', `10.0.0.${i}`)).alert);
  expect(alerts).toEqual([false, false, false, true, false, false]);
  expect(await th.accountRetryAfter('owner')).toBe(900);
  expect(await th.accountRetryAfter('someone-else')).toBe(0);
  // No address pair is held: the ceiling is the caller's to apply, to addresses it does not know.
  expect(await th.retryAfter('owner', '10.0.0.1')).toBe(0);
  clock.t = WINDOW + 1;
  expect(await th.accountRetryAfter('owner')).toBe(0);
  for (let i = 1; i <= 4; i++) alerts.push((await th.recordFailure('owner', `10.1.0.${i}`)).alert);
  expect(alerts.slice(6)).toEqual([false, false, false, true]);
});
