import crypto from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The Redis the shared-limit tests use: TEST_REDIS_URL, or the one on this machine. These tests
 * need it running (CI starts it); without it they fail and say so rather than pass unseen.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
