import crypto from 'node:crypto';
import type { CounterStore } from './counter-store';

export interface LoginThrottleOptions {
  /** Failures of one account from one address before each further failure adds a delay. */
  perAccountAddress: number;
  /** Failures from one address, whatever the account, before that address is locked. */
  perAddress: number;
  /**
   * Failures of one account from all addresses together before the account is held for the rest
   * of the window: only addresses it has logged in from before may try it meanwhile (the caller
   * decides which those are). Unset: no ceiling.
   */
  perAccount?: number;
  /** How long failures are remembered, and the longest delay or lock. */
  windowMs: number;
  /** Per-address counting follows RATE_LIMITS; per account-and-address counting is always on. */
  perAddressEnabled: boolean;
  /**
   * Turns the parts of a key into what is stored. On the server a keyed digest (client-key.ts),
   * so a stored key cannot be traced back to an address by hashing every IPv4 address; by
   * default a plain SHA-256.
   */
  digest?: (...parts: string[]) => string;
}

/** The first delay once an account and address pair has used up its free failures; each further failure doubles it. */
export const FIRST_DELAY_MS = 30_000;

/** Keys hold no account name or address in the clear (Redis may be shared or dumped). */
function sha256(...parts: string[]): string {
  return crypto.createHash('sha256').update(parts.join('\0'), 'utf8').digest('hex').slice(0, 32);
}

/**
 * Counts failed logins per account *and* address, so a stranger guessing the owner's password
 * from one address slows only that address's attempts at that account: the owner logging in from
 * anywhere else is never held back. After `perAccountAddress` failures each further one holds the
 * pair for a delay that doubles (30 s, 1 min, 2 min, …) up to the window. An address that fails
 * `perAddress` times across any accounts is locked for the window. Unknown usernames count like
 * real ones, so a delay reveals nothing about which accounts exist.
 *
 * Across addresses, `perAccount` failures of one account in the window hold the account itself
 * until the window lapses (each further failure starts it again): the caller then lets only
 * addresses the account has logged in from before try it, so guessing from many addresses slows
 * to `perAccount` guesses per window while the owner still gets in. The failure that reaches the
 * ceiling first in a window says so once (`alert`), so the owner can be told.
 */
export class LoginThrottle {
  private readonly digest: (...parts: string[]) => string;

  constructor(
    private readonly store: CounterStore,
    private readonly options: LoginThrottleOptions,
  ) {
    this.digest = options.digest ?? sha256;
  }

  private keys(username: string, address: string) {
    const pair = this.digest(username.toLowerCase(), address);
    const addr = this.digest(address);
    const account = this.digest('account', username.toLowerCase());
    return {
      pairFailures: `login:fail:pair:${pair}`,
      pairHold: `login:hold:pair:${pair}`,
      addressFailures: `login:fail:addr:${addr}`,
      addressHold: `login:hold:addr:${addr}`,
      accountFailures: `login:fail:acct:${account}`,
      accountHold: `login:hold:acct:${account}`,
      accountAlert: `login:alert:acct:${account}`,
    };
  }

  /** Seconds until the account may be tried again from an address it has not logged in from. */
  async accountRetryAfter(username: string): Promise<number> {
    if (this.options.perAccount === undefined) return 0;
    return Math.ceil((await this.store.remaining(this.keys(username, '').accountHold)) / 1000);
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

  /** Counts a failure; `alert` is true once per window, when the account reaches its ceiling. */
  async recordFailure(username: string, address: string): Promise<{ alert: boolean }> {
    const { windowMs, perAccountAddress, perAddress, perAccount, perAddressEnabled } = this.options;
    const keys = this.keys(username, address);
    const failures = await this.store.increment(keys.pairFailures, windowMs);
    if (failures >= perAccountAddress) {
      const doublings = Math.min(failures - perAccountAddress, 30);
      await this.store.hold(keys.pairHold, Math.min(windowMs, FIRST_DELAY_MS * 2 ** doublings));
    }
    let alert = false;
    if (perAccount !== undefined) {
      if ((await this.store.increment(keys.accountFailures, windowMs)) >= perAccount) {
        await this.store.hold(keys.accountHold, windowMs);
        alert = await this.store.claim(keys.accountAlert, windowMs);
      }
    }
    if (
      perAddressEnabled &&
      (await this.store.increment(keys.addressFailures, windowMs)) >= perAddress
    )
      await this.store.hold(keys.addressHold, windowMs);
    return { alert };
  }

  /** A successful login forgets this pair's failures (not the address's count over all accounts). */
  async recordSuccess(username: string, address: string): Promise<void> {
    const keys = this.keys(username, address);
    await this.store.forget(keys.pairFailures, keys.pairHold);
  }
}
