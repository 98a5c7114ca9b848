import type { Redis } from 'ioredis';
import { createUser } from '../../../../src/services/accounts';
import { buildTestApp, type TestApp } from '../../../helpers/build';
import {
  TEST_REDIS_URL,
  connectTestRedis,
  describeWithRedis,
  dropKeys,
  redisSkipped,
  uniquePrefix,
} from '../../../helpers/redis';

/*
 * Guessing one account's password from many addresses: after LOGIN_MAX_FAILURES_PER_ACCOUNT
 * failures in the window, only networks the account has logged in from may try it (everyone
 * else gets 429 with Retry-After), the owner is mailed once, and the owner still gets in. IPv6
 * clients count by their /64. Run with the in-process counters and with Redis.
 */

const PASSWORD = 'correct-horse-battery';

let redis: Redis;
const prefix = uniquePrefix('account-ceiling');
beforeAll(async () => {
  if (!redisSkipped) redis = await connectTestRedis();
});
afterAll(async () => {
  if (redisSkipped) return;
  await dropKeys(redis, prefix);
  await redis.quit();
});

function login(t: TestApp, username: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });
}

async function alerts(t: TestApp) {
  return t.app.db
    .selectFrom('outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where('subject', 'like', 'Password guessing%')
    .execute();
}

const stores: Array<[string, () => Record<string, string>, typeof describe]> = [
  ['in-process counters', () => ({}), describe],
  [
    'Redis',
    () => ({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `${prefix}${Math.random()}:` }),
    describeWithRedis,
  ],
];

for (const [name, storeEnv, describeStore] of stores)
  describeStore(`with ${name}`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await buildTestApp({
        ...storeEnv(),
        LOGIN_MAX_FAILURES: '100',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '100',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
        LOGIN_LOCKOUT_MINUTES: '15',
        RATE_LIMIT_LOGIN: '1000',
        OWNER_EMAIL: 'owner@agentworks.example',
      });
      await createUser(t.app.db, 'alice', PASSWORD, 'admin');
      await t.app.db.updateTable('users').set({ email: 'alice@agentworks.example' }).execute();
    });
    afterEach(() => t.close());

    test('guesses from many addresses hold the account for new addresses, never for the owner', async () => {
      // The owner has logged in from home before.
      expect((await login(t, 'alice', PASSWORD, '10.5.0.1')).statusCode).toBe(200);

      for (let i = 1; i <= 5; i += 1) {
        expect((await login(t, 'alice', `guess-${i}-xxxx`, `10.6.0.${i}`)).statusCode).toBe(401);
      }
      // A new address is now turned away without its password being tried, right or wrong …
      for (const password of ['guess-6-xxxx', PASSWORD]) {
        const held = await login(t, 'ALICE', password, '10.6.0.99');
        expect(held.statusCode).toBe(429);
        expect(held.json()).toEqual({
          detail: 'Too many failed login attempts. Please wait 15 minutes and try again.',
        });
        expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
      }
      // … while the owner, from a network the account has used, gets in.
      expect((await login(t, 'alice', PASSWORD, '10.5.0.1')).statusCode).toBe(200);

      // The owner (the account's own address and OWNER_EMAIL) heard of it once.
      for (let i = 0; i < 3; i += 1) await login(t, 'alice', 'guess-again-x', '10.5.0.1');
      const sent = await alerts(t);
      expect(sent.map((mail) => mail.to_address).sort()).toEqual([
        'alice@agentworks.example',
        'owner@agentworks.example',
      ]);
      expect(sent[0]?.subject).toBe('Password guessing on the account "alice"');
      expect(sent[0]?.text_body).toContain('5 failed logins within 15 minutes');
    });

    test('an unknown name is held alike, and nobody is mailed about it', async () => {
      for (let i = 1; i <= 5; i += 1) await login(t, 'mallory', 'guess-number-x', `10.7.0.${i}`);
      const held = await login(t, 'mallory', 'guess-number-x', '10.7.0.99');
      expect(held.statusCode).toBe(429);
      expect(held.json().detail).toBe(
        'Too many failed login attempts. Please wait 15 minutes and try again.',
      );
      expect(await alerts(t)).toEqual([]);
      // Another account is not affected.
      expect((await login(t, 'alice', PASSWORD, '10.7.0.99')).statusCode).toBe(200);
    });

    test('IPv6: a network the owner used is known by its /64; guesses from one /64 count as one client', async () => {
      expect((await login(t, 'alice', PASSWORD, '2001:db8:9:9::1')).statusCode).toBe(200);
      for (let i = 1; i <= 5; i += 1) {
        await login(t, 'alice', 'guess-number-x', `2001:db8:6:${i}::1`);
      }
      expect((await login(t, 'alice', PASSWORD, '2001:db8:6:99::1')).statusCode).toBe(429);
      // Another address in the owner's /64 (a phone's new privacy address) is the same network.
      expect((await login(t, 'alice', PASSWORD, '2001:db8:9:9:abcd::77')).statusCode).toBe(200);
    });
  });

describe('IPv6 clients count by /64', () => {
  test('the login request limit', async () => {
    const t = await buildTestApp({ RATE_LIMIT_LOGIN: '2' });
    try {
      await login(t, 'alice', 'wrong-password-x', '2001:db8:1:2::1');
      await login(t, 'alice', 'wrong-password-x', '2001:db8:1:2::2');
      const third = await login(t, 'alice', 'wrong-password-x', '2001:db8:1:2:ffff::3');
      expect(third.statusCode).toBe(429);
      expect(third.json().detail).toMatch(/^Too many requests from your address/);
      expect((await login(t, 'alice', 'wrong-password-x', '2001:db8:1:3::1')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  test('the failed-login delay of an account and address pair', async () => {
    const t = await buildTestApp({ LOGIN_MAX_FAILURES: '3', RATE_LIMIT_LOGIN: '1000' });
    try {
      await createUser(t.app.db, 'alice', PASSWORD, 'admin');
      for (const host of ['a', 'b', 'c']) {
        expect(
          (await login(t, 'alice', 'wrong-password-x', `2001:db8:5:6::${host}`)).statusCode,
        ).toBe(401);
      }
      expect((await login(t, 'alice', PASSWORD, '2001:db8:5:6::d')).statusCode).toBe(429);
      expect((await login(t, 'alice', PASSWORD, '2001:db8:5:7::d')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
