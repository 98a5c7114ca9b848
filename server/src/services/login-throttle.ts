interface Failures {
  count: number;
  firstAt: number;
  lockedUntil: number;
}

export interface LoginThrottleOptions {
  perAccount: number;
  perAddress: number;
  windowMs: number;
  /** Per-address counting follows RATE_LIMITS; per-account counting is always on. */
  perAddressEnabled: boolean;
  now?: () => number;
}

/** Entries kept before expired ones are swept, so a flood of random usernames cannot grow memory without bound. */
const SWEEP_AT = 10_000;

/**
 * Counts failed logins per account name and per client address. Reaching the limit within the
 * window locks that key for one window, right password or not. Unknown usernames are counted
 * like real ones, so a lockout reveals nothing about which accounts exist.
 */
export class LoginThrottle {
  private readonly entries = new Map<string, Failures>();
  private readonly now: () => number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  private keys(username: string, address: string): Array<[string, number]> {
    const keys: Array<[string, number]> = [
      [`user:${username.toLowerCase()}`, this.options.perAccount],
    ];
    if (this.options.perAddressEnabled) keys.push([`addr:${address}`, this.options.perAddress]);
    return keys;
  }

  /** Seconds until a locked account or address may try again, or 0 when not locked. */
  retryAfter(username: string, address: string): number {
    const now = this.now();
    let wait = 0;
    for (const [key] of this.keys(username, address)) {
      const entry = this.entries.get(key);
      if (entry && entry.lockedUntil > now) wait = Math.max(wait, entry.lockedUntil - now);
    }
    return Math.ceil(wait / 1000);
  }

  recordFailure(username: string, address: string): void {
    const now = this.now();
    if (this.entries.size >= SWEEP_AT) this.sweep(now);
    for (const [key, limit] of this.keys(username, address)) {
      let entry = this.entries.get(key);
      if (!entry || now - entry.firstAt > this.options.windowMs) {
        entry = { count: 0, firstAt: now, lockedUntil: 0 };
        this.entries.set(key, entry);
      }
      entry.count += 1;
      if (entry.count >= limit) entry.lockedUntil = now + this.options.windowMs;
    }
  }

  /** A successful login forgets the account's failures (not the address's). */
  recordSuccess(username: string): void {
    this.entries.delete(`user:${username.toLowerCase()}`);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.entries) {
      if (entry.lockedUntil <= now && now - entry.firstAt > this.options.windowMs)
        this.entries.delete(key);
    }
  }
}
