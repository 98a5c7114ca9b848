import { LoginThrottle } from '../../src/services/login-throttle';

function throttle(now: { t: number }, perAddressEnabled = true) {
  return new LoginThrottle({
    perAccount: 3,
    perAddress: 5,
    windowMs: 60_000,
    perAddressEnabled,
    now: () => now.t,
  });
}

test('locks an account for one window after the limit, then lets it try again', () => {
  const clock = { t: 0 };
  const th = throttle(clock);
  th.recordFailure('Alice', '1.1.1.1');
  th.recordFailure('alice', '2.2.2.2');
  expect(th.retryAfter('alice', '3.3.3.3')).toBe(0);
  th.recordFailure('ALICE', '3.3.3.3');
  expect(th.retryAfter('alice', '4.4.4.4')).toBe(60);
  clock.t = 30_000;
  expect(th.retryAfter('alice', '4.4.4.4')).toBe(30);
  clock.t = 60_001;
  expect(th.retryAfter('alice', '4.4.4.4')).toBe(0);
});

test('failures older than the window do not add up', () => {
  const clock = { t: 0 };
  const th = throttle(clock);
  th.recordFailure('bob', '1.1.1.1');
  th.recordFailure('bob', '1.1.1.1');
  clock.t = 61_000;
  th.recordFailure('bob', '1.1.1.1');
  expect(th.retryAfter('bob', '9.9.9.9')).toBe(0);
});

test('a success clears the account but not the address', () => {
  const clock = { t: 0 };
  const th = throttle(clock);
  for (let i = 0; i < 2; i++) th.recordFailure('carol', '5.5.5.5');
  th.recordSuccess('carol');
  th.recordFailure('carol', '5.5.5.5');
  expect(th.retryAfter('carol', '6.6.6.6')).toBe(0);
  for (let i = 0; i < 2; i++) th.recordFailure(`x${i}`, '5.5.5.5');
  expect(th.retryAfter('someone', '5.5.5.5')).toBe(60);
});

test('per-address counting can be switched off', () => {
  const th = throttle({ t: 0 }, false);
  for (let i = 0; i < 10; i++) th.recordFailure(`user${i}`, '7.7.7.7');
  expect(th.retryAfter('fresh', '7.7.7.7')).toBe(0);
});
