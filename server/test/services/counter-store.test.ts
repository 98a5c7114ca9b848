import type { Redis } from 'ioredis';
import {
  type CounterStore,
  MemoryCounterStore,
  RedisCounterStore,
} from '../../src/services/counter-store';
import {
  connectTestRedis,
  describeWithRedis,
  dropKeys,
  redisSkipped,
  testWithRedis,
  uniquePrefix,
} from '../helpers/redis';

let redis: Redis;
const prefix = uniquePrefix('counter-store');
beforeAll(async () => {
  if (!redisSkipped) redis = await connectTestRedis();
});
afterAll(async () => {
  if (redisSkipped) return;
  await dropKeys(redis, prefix);
  await redis.quit();
});

const stores: Array<[string, () => CounterStore, typeof describe]> = [
  ['memory', () => new MemoryCounterStore(), describe],
  ['Redis', () => new RedisCounterStore(redis, prefix), describeWithRedis],
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const [name, make, describeStore] of stores)
  describeStore(`${name} store`, () => {
    test('counts up and forgets after the time given', async () => {
      const store = make();
      expect(await store.increment('n', 300)).toBe(1);
      expect(await store.increment('n', 300)).toBe(2);
      await sleep(400);
      expect(await store.increment('n', 300)).toBe(1);
    });

    test('a claim is won by one caller only, until it lapses', async () => {
      const store = make();
      const first = await Promise.all([store.claim('c', 300), store.claim('c', 300)]);
      expect(first.sort()).toEqual([false, true]);
      expect(await store.claim('c', 300)).toBe(false);
      await sleep(400);
      expect(await store.claim('c', 300)).toBe(true);
    });

    test('a hold lasts its time and then lifts', async () => {
      const store = make();
      expect(await store.remaining('h')).toBe(0);
      await store.hold('h', 400);
      const left = await store.remaining('h');
      expect(left).toBeGreaterThan(200);
      expect(left).toBeLessThanOrEqual(400);
      await sleep(500);
      expect(await store.remaining('h')).toBe(0);
    });

    test('forget drops keys at once', async () => {
      const store = make();
      await store.increment('a', 10_000);
      await store.hold('b', 10_000);
      await store.forget('a', 'b');
      expect(await store.remaining('b')).toBe(0);
      expect(await store.increment('a', 10_000)).toBe(1);
    });
  });

testWithRedis(
  'two Redis stores on one Redis see the same counts (as two processes would)',
  async () => {
    const one = new RedisCounterStore(redis, `${prefix}shared:`);
    const two = new RedisCounterStore(redis, `${prefix}shared:`);
    await one.increment('k', 10_000);
    expect(await two.increment('k', 10_000)).toBe(2);
    await two.hold('lock', 10_000);
    expect(await one.remaining('lock')).toBeGreaterThan(9_000);
    expect(one.shared && two.shared).toBe(true);
  },
);
