import type { Redis } from 'ioredis';

/**
 * Expiring counters and holds, the building blocks of the login throttle. In memory they count
 * for one process; in Redis every process behind one address shares them.
 */
export interface CounterStore {
  /** True when every server process sees the same counts. */
  readonly shared: boolean;
  /** Adds one to `key` and returns the new count; the count is forgotten `ttlMs` after this. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Sets `key` for `ms` milliseconds (a lock that lifts by itself). */
  hold(key: string, ms: number): Promise<void>;
  /**
   * Sets `key` for `ms` milliseconds unless it is set already; true for the one caller (of every
   * process sharing the store) that set it.
   */
  claim(key: string, ms: number): Promise<boolean>;
  /** Milliseconds until `key` lapses; 0 when it is not set. */
  remaining(key: string): Promise<number>;
  forget(...keys: string[]): Promise<void>;
}

/** Entries kept before expired ones are swept, so a flood of new keys cannot grow memory without bound. */
const SWEEP_AT = 10_000;

export class MemoryCounterStore implements CounterStore {
  readonly shared = false;
  private readonly entries = new Map<string, { value: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private set(key: string, value: number, ms: number) {
    if (this.entries.size >= SWEEP_AT) {
      const now = this.now();
      for (const [k, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(k);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ms });
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const value = (this.live(key)?.value ?? 0) + 1;
    this.set(key, value, ttlMs);
    return value;
  }

  async hold(key: string, ms: number): Promise<void> {
    this.set(key, 1, ms);
  }

  async claim(key: string, ms: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.set(key, 1, ms);
    return true;
  }

  async remaining(key: string): Promise<number> {
    const entry = this.live(key);
    return entry ? entry.expiresAt - this.now() : 0;
  }

  async forget(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }
}

export class RedisCounterStore implements CounterStore {
  readonly shared = true;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, ttlMs: number): Promise<number> {
    const results = await this.redis
      .multi()
      .incr(this.prefix + key)
      .pexpire(this.prefix + key, ttlMs)
      .exec();
    const [error, count] = results?.[0] ?? [new Error('Redis returned no result'), null];
    if (error) throw error;
    return Number(count);
  }

  async hold(key: string, ms: number): Promise<void> {
    await this.redis.set(this.prefix + key, '1', 'PX', ms);
  }

  async claim(key: string, ms: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, '1', 'PX', ms, 'NX')) === 'OK';
  }

  async remaining(key: string): Promise<number> {
    // -2: no such key; -1: no expiry (never written by this store).
    return Math.max(0, await this.redis.pttl(this.prefix + key));
  }

  async forget(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.prefix + key));
  }
}
