import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { MailLimitSettings } from '../config';
import type { Database } from '../db/database';
import { HttpError } from '../lib/http-error';
import { mailboxOf } from '../lib/email-address';

/**
 * Fixed windows of uses, shared by every server process. A window starts at its first use and
 * lasts `windowMs`; the clock is the caller's, so a test can move it.
 */
export interface MailWindowStore {
  /** Takes one of `limit` uses of window `key` at `now`: 0 when taken, else ms until one frees. */
  take(key: string, limit: number, windowMs: number, now: number): Promise<number>;
  /** Gives back one use of window `key` (a later step refused the mail). */
  giveBack(key: string): Promise<void>;
  /** Forgets windows that ended before `now`. */
  sweep(now: number): Promise<void>;
}

/** Windows in the database, for servers without Redis: one row a window, updated in one statement. */
export class DatabaseMailWindows implements MailWindowStore {
  constructor(private readonly db: Kysely<Database>) {}

  async take(key: string, limit: number, windowMs: number, now: number): Promise<number> {
    const at = new Date(now).toISOString();
    const resets = new Date(now + windowMs).toISOString();
    await this.db
      .insertInto('mail_limits')
      .values({ key, uses: 0, resets_at: at })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    // One statement reads and writes the row, so two processes cannot both take the last use.
    const taken = await this.db
      .updateTable('mail_limits')
      .set({
        uses: sql<number>`case when resets_at <= ${at} then 1 else uses + 1 end`,
        resets_at: sql<string>`case when resets_at <= ${at} then ${resets} else resets_at end`,
      })
      .where('key', '=', key)
      .where((eb) => eb.or([eb('resets_at', '<=', at), eb('uses', '<', limit)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return 0;
    const row = await this.db
      .selectFrom('mail_limits')
      .select('resets_at')
      .where('key', '=', key)
      .executeTakeFirst();
    return Math.max(1, (row ? Date.parse(row.resets_at) : now) - now);
  }

  async giveBack(key: string): Promise<void> {
    await this.db
      .updateTable('mail_limits')
      .set({ uses: sql<number>`uses - 1` })
      .where('key', '=', key)
      .where('uses', '>', 0)
      .execute();
  }

  async sweep(now: number): Promise<void> {
    await this.db
      .deleteFrom('mail_limits')
      .where('resets_at', '<', new Date(now).toISOString())
      .execute();
  }
}

/** KEYS[1] the window; ARGV now, limit, window length. Answers 0 or the ms until a use frees. */
const TAKE_SCRIPT = `
local uses = tonumber(redis.call('HGET', KEYS[1], 'uses') or '0')
local resets = tonumber(redis.call('HGET', KEYS[1], 'resets') or '0')
local now = tonumber(ARGV[1])
if resets <= now then
  uses = 0
  resets = now + tonumber(ARGV[3])
end
if uses >= tonumber(ARGV[2]) then return resets - now end
redis.call('HSET', KEYS[1], 'uses', uses + 1, 'resets', resets)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 0
`;

const GIVE_BACK_SCRIPT = `
local uses = tonumber(redis.call('HGET', KEYS[1], 'uses') or '0')
if uses > 0 then redis.call('HSET', KEYS[1], 'uses', uses - 1) end
return 0
`;

/** Windows in Redis: one hash a window, read and written by one script. Redis expires them. */
export class RedisMailWindows implements MailWindowStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async take(key: string, limit: number, windowMs: number, now: number): Promise<number> {
    const wait = await this.redis.eval(TAKE_SCRIPT, 1, this.prefix + key, now, limit, windowMs);
    return Math.max(0, Number(wait));
  }

  async giveBack(key: string): Promise<void> {
    await this.redis.eval(GIVE_BACK_SCRIPT, 1, this.prefix + key);
  }

  async sweep(): Promise<void> {}
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** "3 minutes", "2 hours": a wait rounded up to whole minutes (hours from two hours on). */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/**
 * The one rule for mail a stranger can cause: one mail per `about` (an entry, an enquiry) per
 * cool-down, and a ceiling per recipient mailbox per hour and per day. Mailboxes are counted by
 * `mailboxOf`, so dots and +tags do not make a second inbox, and stored only as a hash.
 */
export class MailLimits {
  /** The clock the windows are read on; tests replace it. */
  now: () => number = Date.now;

  constructor(
    readonly store: MailWindowStore,
    readonly settings: MailLimitSettings,
  ) {}

  /**
   * Takes the uses one mail needs (the cool-down of `about`, the ceilings of the mailbox `to`;
   * without `to`, as for a code that matched nothing, only the cool-down), or takes none and throws 429 with the sentence saying when
   * to ask again (and Retry-After). 503 when the shared windows cannot be reached.
   */
  async allow(mail: { about?: string; to?: string }): Promise<void> {
    const now = this.now();
    const steps: { key: string; limit: number; windowMs: number; cooldown: boolean }[] = [];
    if (mail.to) {
      const mailbox = crypto.createHash('sha256').update(mailboxOf(mail.to)).digest('hex');
      const { perHour, perDay } = this.settings;
      steps.push(
        { key: `mail:hour:${mailbox}`, limit: perHour, windowMs: HOUR_MS, cooldown: false },
        { key: `mail:day:${mailbox}`, limit: perDay, windowMs: DAY_MS, cooldown: false },
      );
    }
    if (mail.about) {
      steps.unshift({
        key: `mail:about:${mail.about}`,
        limit: 1,
        windowMs: this.settings.cooldownMs,
        cooldown: true,
      });
    }
    const taken: string[] = [];
    try {
      for (const step of steps) {
        const wait = await this.store.take(step.key, step.limit, step.windowMs, now);
        if (wait > 0) {
          await Promise.all(taken.map((key) => this.store.giveBack(key)));
          throw tooSoon(wait, step.cooldown);
        }
        taken.push(step.key);
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(
        503,
        'We cannot send this mail just now. Please try again in a few minutes.',
      );
    }
  }
}

function tooSoon(wait: number, cooldown: boolean): HttpError {
  const again = `Please ask again in ${waitText(wait)}.`;
  return new HttpError(
    429,
    cooldown
      ? `This mail was sent moments ago; please look for it in the inbox and the spam folder. ${again}`
      : `That address has had as many mails from us as we send to one address in a while, so nobody can fill a stranger's inbox. ${again}`,
    { 'retry-after': String(Math.ceil(wait / 1000)) },
  );
}
