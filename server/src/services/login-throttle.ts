import crypto from 'node:crypto';
import type { CounterStore } from './counter-store';

export interface LoginThrottleOptions {
  /** Failures of one account from one address before each further failure adds a delay. */
  perAccountAddress: number;
  /** Failures from one address, whatever the account, before that address is locked. */
  perAddress: number;
  /** How long failures are remembered, and the longest delay or lock. */
  windowMs: number;
  /** Per-address counting follows RATE_LIMITS; per account-and-address counting is always on. */
  perAddressEnabled: boolean;
}

/** The first delay once an account and address pair has used up its free failures; each further failure doubles it. */
export const FIRST_DELAY_MS = 30_000;

/** Keys hold no account name or address in the clear (Redis may be shared or dumped). */
function digest(...parts: string[]): string {
  return crypto.createHash('sha256').update(parts.join('\0'), 'utf8').digest('hex').slice(0, 32);
}

/**
 * Counts failed logins per account *and* address, so a stranger guessing the owner's password
 * from one address slows only that address's attempts at that account: the owner logging in from
 * anywhere else is never held back. After `perAccountAddress` failures each further one holds the
 * pair for a delay that doubles (30 s, 1 min, 2 min, …) up to the window. An address that fails
 * `perAddress` times across any accounts is locked for the window. Unknown usernames count like
 * real ones, so a delay reveals nothing about which accounts exist.
 */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly options: LoginThrottleOptions,
  ) {}

  private keys(username: string, address: string) {
    const pair = digest(username.toLowerCase(), address);
    const addr = digest(address);
    return {
      pairFailures: `login:fail:pair:${pair}`,
      pairHold: `login:hold:pair:${pair}`,
      addressFailures: `login:fail:addr:${addr}`,
      addressHold: `login:hold:addr:${addr}`,
    };
  }

  /** Seconds until this account may be tried again from this address; 0 when it may now. */
  async retryAfter(username: string, address: string): Promise<number> {
    const keys = this.keys(username, address);
    const waits = await Promise.all([
      this.store.remaining(keys.pairHold),
      this.options.perAddressEnabled ? this.store.remaining(keys.addressHold) : 0,
    ]);
    return Math.ceil(Math.max(...waits) / 1000);
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const { windowMs, perAccountAddress, perAddress, perAddressEnabled } = this.options;
    const keys = this.keys(username, address);
    const failures = await this.store.increment(keys.pairFailures, windowMs);
    if (failures >= perAccountAddress) {
      const doublings = Math.min(failures - perAccountAddress, 30);
      await this.store.hold(keys.pairHold, Math.min(windowMs, FIRST_DELAY_MS * 2 ** doublings));
    }
    if (!perAddressEnabled) return;
    if ((await this.store.increment(keys.addressFailures, windowMs)) >= perAddress)
      await this.store.hold(keys.addressHold, windowMs);
  }

  /** A successful login forgets this pair's failures (not the address's count over all accounts). */
  async recordSuccess(username: string, address: string): Promise<void> {
    const keys = this.keys(username, address);
    await this.store.forget(keys.pairFailures, keys.pairHold);
  }
}
