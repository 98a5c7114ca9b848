import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { NewsletterSendingConfig } from '../../config';
import type { Database, NewsletterIssuesTable } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import { cancelledRecipient, linksFor, renderIssueMail } from './issues';
import { type BulkMailer, createBulkMailer, keepInOutbox } from '../mail';
import { hashToken, unsubscribeExpiry } from './subscriptions';
import {
  claimResults,
  markResultFailed,
  markResultSent,
  prepareResult,
  type ResultsContent,
} from '../giveaways/results-mail';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SenderOptions {
  db: Kysely<Database>;
  smtpUrl: string | undefined;
  from: string;
  publicUrl: string;
  settings: NewsletterSendingConfig;
  /** Days each copy's unsubscribe link works after it is sent. */
  unsubscribeDays: number;
  /** The site's time zone, for the giveaway results mail. */
  timeZone?: string;
  log: Logger;
}

interface Claimed {
  id: number;
  issue_id: number;
  subscriber_id: number;
  email: string;
  attempts: number;
}

type IssueContent = Pick<NewsletterIssuesTable, 'subject' | 'html_body' | 'text_body'>;

const MAX_RETRY_MS = 6 * 3600_000;
const REASON_MAX = 300;

/** Waits so that mails start no faster than `perSecond` on average. */
class Pace {
  private next = 0;
  constructor(private readonly perSecond: number) {}
  async take(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / this.perSecond;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

/**
 * A message body the SMTP connection may read, but whose end (the final "." that makes the
 * server accept the mail) is held back until `release()`. `started` resolves when the connection
 * starts reading it, i.e. is working on this mail.
 */
class HeldMessage {
  readonly stream: Readable;
  readonly started: Promise<void>;
  private begin!: () => void;
  private pushed = false;
  private released = false;

  constructor(private readonly raw: Buffer) {
    this.started = new Promise((resolve) => {
      this.begin = resolve;
    });
    this.stream = new Readable({
      read: () => {
        if (this.pushed) return;
        this.pushed = true;
        this.stream.push(this.raw);
        this.begin();
        if (this.released) this.stream.push(null);
      },
    });
  }

  release() {
    if (this.released) return;
    this.released = true;
    if (this.pushed) this.stream.push(null);
  }

  abort() {
    this.stream.destroy(new Error('claim lost'));
  }
}

function isTemporary(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  // 5xx answers are final; 4xx answers and connection trouble (no answer) are worth a retry.
  return !(typeof code === 'number' && code >= 500 && code < 600);
}

function describe(error: unknown): string {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const text = e.response ?? e.message ?? 'unknown error';
  return `${e.responseCode ?? e.code ?? 'error'}: ${text}`.slice(0, REASON_MAX);
}

/**
 * Sends queued newsletter recipients in the background, in batches, at a set rate.
 *
 * Nothing twice: a recipient is claimed (state "sending", a claim id, a lease) before any SMTP
 * traffic, and marked "sent" — only if the claim is still this sender's — before the final "."
 * that makes the SMTP server accept the mail. A process that dies before that mark never
 * completed the mail, so taking the row back after its lease and sending it again cannot double
 * it; a mail is lost only if the process dies in the instant between the mark and writing the ".".
 * After the "." only an SMTP answer decides: a 4xx or 5xx refusal puts the row back (retry) or
 * fails it; a connection that ends without an answer leaves it sent (the server may have it).
 * Nothing lost: claimed rows whose lease ran out go back to the queue; temporary failures are
 * retried with growing delays. Claims use FOR UPDATE SKIP LOCKED on PostgreSQL, so several
 * processes share the queue without taking the same row; on SQLite the claim is one statement
 * in a write transaction, which only one process can hold at a time.
 */
export class NewsletterSender {
  private readonly bulk: BulkMailer | null;
  private readonly pace: Pace;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private readonly issues = new Map<number, IssueContent>();
  private readonly results = new Map<number, ResultsContent>();

  constructor(private readonly opts: SenderOptions) {
    this.pace = new Pace(opts.settings.ratePerSecond);
    this.bulk = opts.smtpUrl
      ? createBulkMailer(opts.smtpUrl, opts.from, opts.settings.connections)
      : null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Look for work now instead of at the next poll (after an issue is created). */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops claiming; mails already started finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.bulk?.close();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = 0;
      try {
        worked = await this.tick();
      } catch (error) {
        this.opts.log.error({ err: error }, 'newsletter sending failed; retrying shortly');
      }
      if (worked === 0 && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.opts.settings.pollMs);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = null;
      }
    }
  }

  /** One batch: take back expired claims, claim, send, finish issues. Returns rows handled. */
  async tick(): Promise<number> {
    await this.reclaimExpired();
    const claim = crypto.randomBytes(12).toString('base64url');
    const rows = await this.claim(claim);
    if (rows.length > 0) {
      const live = await this.skipUnsubscribed(claim, rows);
      if (this.bulk) await this.sendSmtp(claim, live);
      else await this.keepInOutbox(claim, live);
    }
    await this.finishIssues();
    return rows.length + (await this.sendResults());
  }

  /** How many recipients one claim takes: no more than can be sent well within the lease. */
  private batchLimit() {
    const { settings } = this.opts;
    return Math.max(
      1,
      Math.min(settings.batchSize, Math.floor((settings.ratePerSecond * settings.leaseMs) / 4000)),
    );
  }

  /**
   * The giveaway results mails (giveaways/results-mail.ts), through the same connections, at the
   * same rate and with the same rule as issues: a row is claimed before any mail traffic and
   * marked sent, only while the claim is still this sender's, before the mail goes; a claim whose
   * lease ran out goes back to the queue. Without SMTP each mail goes to the outbox in the
   * transaction that marks it sent.
   */
  private async sendResults(): Promise<number> {
    const { db, settings } = this.opts;
    const claim = crypto.randomBytes(12).toString('base64url');
    const rows = await claimResults(db, claim, this.batchLimit(), settings.leaseMs, dialectOf(db));
    for (const row of rows) {
      let mail;
      try {
        mail = await prepareResult(db, row, {
          publicUrl: this.opts.publicUrl,
          timeZone: this.opts.timeZone ?? 'UTC',
          content: this.results,
        });
      } catch (error) {
        await markResultFailed(db, row.id, describe(error));
        continue;
      }
      if (!mail) continue;
      const { token, ...message } = mail;
      if (this.bulk) {
        const raw = await this.bulk.compose(
          { ...message, to: row.email },
          `<results-${row.giveaway_id}-r${row.id}@${new URL(this.opts.publicUrl).hostname}>`,
        );
        await this.pace.take();
        if (!(await markResultSent(db, row.id, claim))) continue;
        try {
          await this.bulk.sendRaw(row.email, Readable.from([raw]));
        } catch (error) {
          await markResultFailed(db, row.id, describe(error));
        }
      } else {
        await db.transaction().execute(async (trx) => {
          if (await markResultSent(trx, row.id, claim)) {
            await keepInOutbox(
              trx,
              { ...message, to: row.email, secrets: [token] },
              'no-smtp',
              this.now(),
            );
          }
        });
      }
    }
    return rows.length;
  }

  private now() {
    return new Date().toISOString();
  }

  /**
   * Claims whose lease ran out (their sender died before marking them) go back to the queue, or,
   * when their issue was cancelled meanwhile, are cancelled with it rather than left queued.
   */
  private async reclaimExpired() {
    const { db } = this.opts;
    const now = this.now();
    await db
      .updateTable('newsletter_issue_recipients')
      .set(cancelledRecipient(now))
      .where('state', '=', 'sending')
      .where('lease_until', '<', now)
      .where('issue_id', 'in', (eb) =>
        eb.selectFrom('newsletter_issues').select('id').where('status', '=', 'cancelled'),
      )
      .execute();
    await db
      .updateTable('newsletter_issue_recipients')
      .set({ state: 'queued', claim: null, lease_until: null, updated_at: now })
      .where('state', '=', 'sending')
      .where('lease_until', '<', now)
      .execute();
  }

  private async claim(claim: string): Promise<Claimed[]> {
    const { db, settings } = this.opts;
    const now = this.now();
    const leaseUntil = new Date(Date.now() + settings.leaseMs).toISOString();
    // No more than can be sent well within the lease at the configured rate.
    const limit = Math.max(
      1,
      Math.min(settings.batchSize, Math.floor((settings.ratePerSecond * settings.leaseMs) / 4000)),
    );
    const postgres = dialectOf(db) === 'postgres';
    return db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom('newsletter_issue_recipients as r')
        .innerJoin('newsletter_issues as i', 'i.id', 'r.issue_id')
        .select('r.id')
        .where('r.state', '=', 'queued')
        .where('r.next_attempt_at', '<=', now)
        .where('i.status', '=', 'sending')
        .orderBy('r.id')
        .limit(limit);
      if (postgres) due = due.forUpdate('r').skipLocked();
      const ids = (await due.execute()).map((row) => row.id);
      if (ids.length === 0) return [];
      return trx
        .updateTable('newsletter_issue_recipients')
        .set({ state: 'sending', claim, lease_until: leaseUntil, updated_at: now })
        .where('id', 'in', ids)
        .where('state', '=', 'queued')
        .returning(['id', 'issue_id', 'subscriber_id', 'email', 'attempts'])
        .execute();
    });
  }

  /** Subscribers who left (or were erased) after the issue was made are skipped, not mailed. */
  private async skipUnsubscribed(claim: string, rows: Claimed[]): Promise<Claimed[]> {
    const confirmed = new Set(
      (
        await this.opts.db
          .selectFrom('newsletter_subscribers')
          .select('id')
          .where(
            'id',
            'in',
            rows.map((row) => row.subscriber_id),
          )
          .where('status', '=', 'confirmed')
          .execute()
      ).map((row) => row.id),
    );
    const gone = rows.filter((row) => !confirmed.has(row.subscriber_id));
    if (gone.length > 0) {
      await this.opts.db
        .updateTable('newsletter_issue_recipients')
        .set({
          state: 'skipped',
          reason: 'Unsubscribed before this issue reached them',
          claim: null,
          lease_until: null,
          updated_at: this.now(),
        })
        .where(
          'id',
          'in',
          gone.map((row) => row.id),
        )
        .where('claim', '=', claim)
        .execute();
    }
    return rows.filter((row) => confirmed.has(row.subscriber_id));
  }

  private async issue(id: number): Promise<IssueContent> {
    const cached = this.issues.get(id);
    if (cached) return cached;
    const row = await this.opts.db
      .selectFrom('newsletter_issues')
      .select(['subject', 'html_body', 'text_body'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    this.issues.set(id, row);
    return row;
  }

  /** A fresh unsubscribe token per recipient, stored hashed, all in one statement. */
  private async tokens(rows: Claimed[]): Promise<Map<number, string>> {
    const tokens = new Map<number, string>();
    if (rows.length === 0) return tokens;
    const now = this.now();
    const values = rows.map((row) => {
      const token = crypto.randomBytes(32).toString('base64url');
      tokens.set(row.id, token);
      return {
        subscriber_id: row.subscriber_id,
        purpose: 'unsubscribe' as const,
        token_hash: hashToken(token),
        expires_at: unsubscribeExpiry(this.opts.unsubscribeDays, new Date(now)),
        used_at: null,
        created_at: now,
      };
    });
    await this.opts.db.insertInto('newsletter_tokens').values(values).execute();
    return tokens;
  }

  private async mailFor(row: Claimed, token: string) {
    return renderIssueMail(await this.issue(row.issue_id), linksFor(this.opts.publicUrl, token));
  }

  /** Without SMTP: each mail goes to the outbox in the same transaction that marks it sent. */
  private async keepInOutbox(claim: string, rows: Claimed[]) {
    const tokens = await this.tokens(rows);
    const mails = await Promise.all(
      rows.map(async (row) => ({ row, mail: await this.mailFor(row, tokens.get(row.id)!) })),
    );
    await this.opts.db.transaction().execute(async (trx) => {
      const now = this.now();
      const mine = await trx
        .updateTable('newsletter_issue_recipients')
        .set({ state: 'sent', sent_at: now, claim: null, lease_until: null, updated_at: now })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('claim', '=', claim)
        .returning('id')
        .execute();
      const kept = new Set(mine.map((row) => row.id));
      // One by one: each admin-readable row gets its delivered copy (with the recipient's own
      // unsubscribe link) beside it.
      for (const { row, mail } of mails) {
        if (!kept.has(row.id)) continue;
        await keepInOutbox(
          trx,
          { ...mail, to: row.email, secrets: [tokens.get(row.id) ?? ''] },
          'no-smtp',
          now,
        );
      }
    });
  }

  private async sendSmtp(claim: string, rows: Claimed[]) {
    const bulk = this.bulk!;
    const tokens = await this.tokens(rows);
    const committer = new GroupCommit(this.opts.db, claim);
    await Promise.all(
      rows.map(async (row) => {
        const mail = await this.mailFor(row, tokens.get(row.id)!);
        const raw = await bulk.compose(
          { ...mail, to: row.email },
          `<issue-${row.issue_id}-r${row.id}@${new URL(this.opts.publicUrl).hostname}>`,
        );
        await this.pace.take();
        const held = new HeldMessage(raw);
        const sending = bulk.sendRaw(row.email, held.stream);
        let ended = false;
        sending.catch(() => {
          ended = true;
        });
        // Started (the connection reads it) or failed before that (connection, sender refused).
        const early = await Promise.race([
          held.started.then(() => null),
          sending.then(
            () => null,
            (error: unknown) => ({ error }),
          ),
        ]);
        if (early) {
          await this.failed(claim, row, early.error);
          return;
        }
        let mine: boolean;
        try {
          mine = await committer.markSent(row.id);
        } catch (error) {
          held.abort();
          await sending.catch(() => undefined);
          throw error;
        }
        if (!mine) {
          held.abort();
          await sending.catch(() => undefined);
          return;
        }
        // Failed before the "." was released: the server cannot have the mail.
        const endedBeforeRelease = ended;
        held.release();
        try {
          await sending;
        } catch (error) {
          const answered = typeof (error as { responseCode?: unknown }).responseCode === 'number';
          if (answered || endedBeforeRelease) {
            // Refused at the end (recipient or content), or never finished: the row said sent a
            // moment too early.
            await this.failed(null, row, error);
          } else {
            await this.unconfirmed(row, error);
          }
        }
      }),
    );
  }

  /** A failed attempt: retried later with a growing delay, or failed for good. */
  private async failed(claim: string | null, row: Claimed, error: unknown) {
    const { settings } = this.opts;
    const attempts = row.attempts + 1;
    const retry = isTemporary(error) && attempts < settings.maxAttempts;
    const now = this.now();
    const delay = Math.min(MAX_RETRY_MS, settings.retryBaseMs * 4 ** (attempts - 1));
    let update = this.opts.db
      .updateTable('newsletter_issue_recipients')
      .set({
        state: retry ? 'queued' : 'failed',
        attempts,
        next_attempt_at: retry ? new Date(Date.now() + delay).toISOString() : now,
        reason: describe(error),
        claim: null,
        lease_until: null,
        sent_at: null,
        updated_at: now,
      })
      .where('id', '=', row.id);
    update = claim ? update.where('claim', '=', claim) : update.where('state', '=', 'sent');
    await update.execute();
    this.opts.log.warn(
      {
        issue: row.issue_id,
        recipient: row.id,
        attempts,
        retry,
        // Codes only: an SMTP answer's text can echo the address.
        code: (error as { code?: string }).code,
        responseCode: (error as { responseCode?: number }).responseCode,
        command: (error as { command?: string }).command,
      },
      'newsletter delivery attempt failed',
    );
  }

  /**
   * The final "." was released but no answer came back (the connection broke or timed out): the
   * SMTP server may well have accepted the mail, so sending it again could deliver it twice. The
   * row stays sent, with the reason noted, and is not retried.
   */
  private async unconfirmed(row: Claimed, error: unknown) {
    await this.opts.db
      .updateTable('newsletter_issue_recipients')
      .set({
        reason: `Not confirmed: ${describe(error)}`.slice(0, REASON_MAX),
        updated_at: this.now(),
      })
      .where('id', '=', row.id)
      .where('state', '=', 'sent')
      .execute();
    this.opts.log.warn(
      {
        issue: row.issue_id,
        recipient: row.id,
        code: (error as { code?: string }).code,
      },
      'newsletter delivery not confirmed by the SMTP server; counted as sent, not retried',
    );
  }

  /** Issues with nothing left to send are finished. */
  private async finishIssues() {
    const now = this.now();
    await this.opts.db
      .updateTable('newsletter_issues')
      .set({ status: 'sent', finished_at: now })
      .where('status', '=', 'sending')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('newsletter_issue_recipients as r')
              .select('r.id')
              .whereRef('r.issue_id', '=', 'newsletter_issues.id')
              .where('r.state', 'in', ['queued', 'sending']),
          ),
        ),
      )
      .execute();
  }
}

/**
 * Marks rows sent in shared transactions: whatever is waiting when one commit ends goes in the
 * next, so a synchronous-commit database pays one flush per group rather than per mail.
 */
class GroupCommit {
  private waiting: Array<{ id: number; done: (ok: boolean) => void; fail: (e: unknown) => void }> =
    [];
  private busy = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly claim: string,
  ) {}

  markSent(id: number): Promise<boolean> {
    return new Promise((done, fail) => {
      this.waiting.push({ id, done, fail });
      void this.flush();
    });
  }

  private async flush() {
    if (this.busy || this.waiting.length === 0) return;
    this.busy = true;
    const group = this.waiting.splice(0);
    try {
      const now = new Date().toISOString();
      const marked = await this.db
        .updateTable('newsletter_issue_recipients')
        .set({ state: 'sent', sent_at: now, lease_until: null, updated_at: now })
        .where(
          'id',
          'in',
          group.map((item) => item.id),
        )
        .where('claim', '=', this.claim)
        .where('state', '=', 'sending')
        .returning('id')
        .execute();
      const ok = new Set(marked.map((row) => row.id));
      for (const item of group) item.done(ok.has(item.id));
    } catch (error) {
      for (const item of group) item.fail(error);
    } finally {
      this.busy = false;
      void this.flush();
    }
  }
}
