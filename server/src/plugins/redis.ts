import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import {
  type CounterStore,
  MemoryCounterStore,
  RedisCounterStore,
} from '../services/counter-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis when REDIS_URL is set (request limits use it too), else null. */
    redis: Redis | null;
    /** Where login failures are counted: Redis when set, else this process's memory. */
    counters: CounterStore;
  }
}

/** REDIS_URL without its password, for messages. */
function printable(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Connects to Redis when REDIS_URL is set, so that every server process counts request limits
 * and failed logins together; without it the counts are this process's own, and the log says so.
 * A Redis that cannot be reached at start stops the server rather than count per process unseen.
 */
export default fp(
  async function redis(app: FastifyInstance) {
    const { redisUrl, redisKeyPrefix } = app.config;
    if (!redisUrl) {
      app.log.warn(
        'REDIS_URL is not set: request limits and login failure counts are kept in this process’s memory, so each server process counts on its own. Run a single process, or set REDIS_URL to share them.',
      );
      app.decorate('redis', null);
      app.decorate('counters', new MemoryCounterStore());
      return;
    }

    const client = new Redis(redisUrl, {
      lazyConnect: true,
      connectTimeout: 5_000,
      // While Redis is away, commands fail at once instead of queueing: a login waits for nobody.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    client.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection problem'));
    try {
      await client.connect();
      await client.ping();
    } catch (error) {
      client.disconnect();
      throw new Error(
        `Could not reach Redis at ${printable(redisUrl)}: ${(error as Error).message}`,
      );
    }
    app.log.info(
      { redis: printable(redisUrl) },
      'request limits and login failure counts are shared through Redis',
    );
    app.decorate('redis', client);
    app.decorate('counters', new RedisCounterStore(client, redisKeyPrefix));
    app.addHook('onClose', async () => {
      await client.quit();
    });
  },
  { name: 'redis' },
);
