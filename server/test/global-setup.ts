import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Redis } from 'ioredis';

const LOCAL_REDIS = 'redis://127.0.0.1:6379';

/**
 * Whether the tests that need Redis run. With TEST_REDIS_URL set they always do (and fail if it
 * does not answer). Without it they run when a Redis on this machine answers a PING within a
 * second, and are otherwise skipped, with the reason left in AGENTWORKS_TEST_REDIS_SKIPPED for the
 * test files (which Jest starts after this) and for global-teardown.ts to print.
 */
async function decideRedis(): Promise<void> {
  delete process.env.AGENTWORKS_TEST_REDIS_SKIPPED;
  if (process.env.TEST_REDIS_URL) return;
  const redis = new Redis(LOCAL_REDIS, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The connection's own error (ECONNREFUSED …) says more than the rejected connect().
  let cause: string | null = null;
  redis.on('error', (error: Error) => {
    cause ??= error.message;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    process.env.AGENTWORKS_TEST_REDIS_SKIPPED = `TEST_REDIS_URL is not set and no Redis answered at ${LOCAL_REDIS} (${cause ?? (error as Error).message})`;
  } finally {
    redis.disconnect();
  }
}

/**
 * Decides whether the Redis tests run, then builds the pipeline's worker: the API compiles
 * markdown on worker threads, which run JavaScript only (pipeline/dist). It is built from the
 * source under test once per run (tsc -b does nothing when it is current).
 */
export default async function globalSetup(): Promise<void> {
  await decideRedis();
  execFileSync(process.execPath, [
    require.resolve('typescript/bin/tsc'),
    '-b',
    path.join(__dirname, '../../pipeline'),
  ]);
}
