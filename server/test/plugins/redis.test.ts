import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { createUser } from '../../src/services/accounts';
import { buildTestApp, type TestApp } from '../helpers/build';
import {
  TEST_REDIS_URL,
  connectTestRedis,
  describeWithRedis,
  dropKeys,
  redisSkipped,
  testWithRedis,
  uniquePrefix,
} from '../helpers/redis';

const PASSWORD = 'correct-horse-battery';

let redis: Redis;
const prefix = uniquePrefix('plugin');
beforeAll(async () => {
  if (!redisSkipped) redis = await connectTestRedis();
});
afterAll(async () => {
  if (redisSkipped) return;
  await dropKeys(redis, prefix);
  await redis.quit();
});

function login(t: TestApp, password: string, ip = '10.9.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: 'alice', password },
    remoteAddress: ip,
  });
}

async function appOn(env: Record<string, string>) {
  const t = await buildTestApp(env);
  await createUser(t.app.db, 'alice', PASSWORD, 'admin');
  return t;
}

test('without REDIS_URL the server says at start that the counts are per process', async () => {
  const lines: string[] = [];
  const t = await buildTestApp(
    { LOG_LEVEL: 'warn' },
    { logStream: { write: (l) => lines.push(l) } },
  );
  try {
    expect(t.app.redis).toBeNull();
    expect(t.app.counters.shared).toBe(false);
    expect(lines.join('')).toMatch(/REDIS_URL is not set: .*each server process counts on its own/);
  } finally {
    await t.close();
  }
});

test('an unreachable REDIS_URL stops the start with a sentence naming it, password hidden', async () => {
  await expect(buildTestApp({ REDIS_URL: 'redis://:hunter2@127.0.0.1:1' })).rejects.toThrow(
    /^Could not reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/,
  );
});

describeWithRedis('two servers on one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const shared = `${prefix}two:`;
  beforeAll(async () => {
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: shared,
      RATE_LIMIT_LOGIN: '4',
      LOGIN_MAX_FAILURES: '2',
    };
    a = await appOn(env);
    b = await appOn(env);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  test('a request limit reached on one is reached on the other', async () => {
    for (let i = 0; i < 4; i++) {
      const server = i % 2 === 0 ? a : b;
      expect((await login(server, PASSWORD, '10.9.1.1')).statusCode).toBe(200);
    }
    const fifth = await login(a, PASSWORD, '10.9.1.1');
    expect(fifth.statusCode).toBe(429);
    expect((await login(b, PASSWORD, '10.9.1.1')).statusCode).toBe(429);
    expect(await redis.keys(`${shared}rate:*`)).not.toEqual([]);
  });

  test('failures counted on one hold the pair back on the other', async () => {
    expect((await login(a, 'wrong-guess-1', '10.9.2.1')).statusCode).toBe(401);
    expect((await login(b, 'wrong-guess-2', '10.9.2.1')).statusCode).toBe(401);
    expect((await login(a, PASSWORD, '10.9.2.1')).statusCode).toBe(429);
    expect((await login(b, PASSWORD, '10.9.2.1')).statusCode).toBe(429);
    // Failure keys name neither the account nor the address.
    const keys = await redis.keys(`${shared}login:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toMatch(/alice|10\.9/);
  });
});

testWithRedis(
  'no Redis key holds a client address or an account name, not even hashed without a key',
  async () => {
    const own = `${prefix}clear:`;
    const t = await appOn({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: own,
      LOGIN_MAX_FAILURES: '2',
    });
    try {
      const addresses = ['10.9.7.7', '2001:db8:77:1::5'];
      for (const ip of addresses) {
        expect((await login(t, 'wrong-guess-1', ip)).statusCode).toBe(401);
        expect((await login(t, PASSWORD, ip)).statusCode).toBe(200);
      }
      const keys = await redis.keys(`${own}*`);
      expect(keys.some((key) => key.startsWith(`${own}rate:`))).toBe(true);
      expect(keys.some((key) => key.startsWith(`${own}login:`))).toBe(true);
      const text = keys.join(' ');
      expect(text).not.toMatch(/10\.9\.7\.7|2001|db8|alice/);
      // Nor the plain SHA-256 of an address (which anyone can compute for every IPv4 address).
      const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
      for (const ip of [...addresses, '2001:db8:77:1::/64']) {
        expect(text).not.toContain(sha(ip).slice(0, 16));
      }
    } finally {
      await t.close();
    }
  },
);

testWithRedis(
  'when Redis goes away, logging in waits (503) instead of going on uncounted',
  async () => {
    const t = await appOn({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `${prefix}gone:` });
    try {
      expect((await login(t, PASSWORD)).statusCode).toBe(200);
      t.app.redis?.disconnect();
      const res = await login(t, PASSWORD);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: 'Logging in is unavailable for a moment. Please try again in a minute.',
      });
      // Other endpoints go on: request limits let requests through rather than fail them.
      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await t.close().catch(() => undefined);
    }
  },
);
