import crypto from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The Redis the shared-limit tests use: TEST_REDIS_URL, or the one on this machine. With
 * TEST_REDIS_URL set (CI sets it) these tests run and fail, saying so, if it does not answer.
 * Without it they run when the machine's Redis answers and are skipped otherwise
 * (global-setup.ts asks it once per run; global-teardown.ts says why they were skipped).
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why this run skips the tests that need Redis, or null when they run. */
export const redisSkipped: string | null = process.env.AGENTWORKS_TEST_REDIS_SKIPPED || null;

/** `test`, or `test.skip` when this run has no Redis. */
export const testWithRedis = redisSkipped ? test.skip : test;

/** `describe`, or `describe.skip` when this run has no Redis. */
export const describeWithRedis = redisSkipped ? describe.skip : describe;

/** A key prefix no other run shares, so parallel runs and other users of the Redis never collide. */
export function uniquePrefix(label: string): string {
  return `agentworks-test:${label}:${crypto.randomBytes(5).toString('hex')}:`;
}

export async function connectTestRedis(): Promise<Redis> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `These tests need Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL, or start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no): ${(error as Error).message}`,
    );
  }
  return redis;
}

/** Deletes every key under `prefix`. */
export async function dropKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
