import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import { type App, buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { connect } from '../../../src/db/connect';
import { rulesWriter } from '../../../src/services/giveaways/rules-store';
import { testDialect, testEnv, userWithToken } from '../../helpers/build';
import { deliveredMail } from '../../helpers/delivered-mail';
import {
  connectTestRedis,
  dropKeys,
  testWithRedis,
  TEST_REDIS_URL,
  uniquePrefix,
} from '../../helpers/redis';
import { type TestSmtp, startSmtp } from '../../helpers/smtp';
import { createGiveaway, enter } from './giveaways/fixtures';

jest.setTimeout(60_000);

/**
 * Two apps on one database (a SQLite file, or one PostgreSQL schema), as two server processes
 * behind one address run; with `env.REDIS_URL` they share that Redis too. Their mail limits read
 * one clock the test moves.
 */
async function twinApps(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-limits-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'site.db')}`;
  let schema: string | undefined;
  if (testDialect() === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL as string;
    schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  }
  const config = loadConfig({
    ...testEnv(dataDir, databaseUrl),
    RATE_LIMITS: 'off',
    NEWSLETTER_SENDER: 'off',
    ...env,
  });
  const apps: App[] = [];
  for (let i = 0; i < 2; i += 1) {
    const connection = await connect(config.databaseUrl, process.cwd(), {
      schema,
      migrations: { giveawayRules: rulesWriter(config.siteTimezone) },
    });
    const app = await buildApp({ config, connection });
    await app.ready();
    apps.push(app);
  }
  const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
  for (const app of apps) app.mailLimits.now = () => clock.now;
  const admin = (await userWithToken(apps[0] as App, 'admin')).authorization;
  return {
    a: apps[0] as App,
    b: apps[1] as App,
    admin,
    clock,
    async close() {
      if (schema)
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute((apps[0] as App).db);
      for (const app of apps) await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}-publish`, { recursive: true, force: true });
    },
  };
}

type Twins = Awaited<ReturnType<typeof twinApps>>;

const post = (app: App, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

/** Enters a new confirmed-entries giveaway as `email`; answers its id and the receipt. */
async function pendingEntry(t: Twins, email: string, handle: string) {
  const g = await createGiveaway(t.a, t.admin, { confirm_entries: true });
  const res = await enter(t.a, g.id, email, handle);
  expect(res.statusCode).toBe(200);
  return { id: g.id, receipt: res.json<{ receipt: string }>().receipt };
}

const MINUTE = 60_000;

/** Mails kept for every address of one mailbox (the outbox, without SMTP). */
/**
 * Confirmed entries need a mail server (confirmation cannot be switched on without one), so the
 * suites that make them send to this sink; what a limit let through is counted there and in the
 * outbox alike.
 */
let sink: TestSmtp | null = null;

async function keptFor(app: App, pattern: RegExp): Promise<number> {
  const kept = (await deliveredMail(app.db)).filter((m) => m.to !== null && pattern.test(m.to));
  const sent = (sink?.mails ?? []).filter((m) => m.to.some((to) => pattern.test(to)));
  return kept.length + sent.length;
}

/**
 * The rule, seen through two processes: a cool-down per entry, and a ceiling per mailbox (dots
 * and +tags are one mailbox) per hour and per day; every refusal is a 429 that says when to ask
 * again, with Retry-After.
 */
async function showsTheRule(t: Twins) {
  const ann = await pendingEntry(t, 'ann.lee@gmail.com', 'ann_lee');
  const again = (app: App, entry: { id: number; receipt: string }) =>
    post(app, `/giveaway/${entry.id}/receipt/confirmation`, { receipt: entry.receipt });

  expect((await again(t.a, ann)).statusCode).toBe(200);
  // The other process refuses the same entry within the cool-down.
  const soon = await again(t.b, ann);
  expect(soon.statusCode).toBe(429);
  expect(soon.headers['retry-after']).toBe('120');
  expect(soon.json().detail).toBe(
    'This mail was sent moments ago; please look for it in the inbox and the spam folder. Please ask again in 2 minutes.',
  );
  t.clock.now += MINUTE;
  expect((await again(t.a, ann)).headers['retry-after']).toBe('60');
  t.clock.now += MINUTE;

  // Entering and sending again share the mailbox's ceiling of 3 mails an hour: Ann's entry, her
  // new link, and an entry under another spelling of the same mailbox.
  const bo = await pendingEntry(t, 'annlee+promo@gmail.com', 'bo_1');
  const sent = await keptFor(t.a, /@(gmail|googlemail)\.com$/);
  const full = await again(t.b, bo);
  expect(full.statusCode).toBe(429);
  expect(full.json().detail).toBe(
    "That address has had as many mails from us as we send to one address in a while, so nobody can fill a stranger's inbox. Please ask again in 58 minutes.",
  );
  expect(full.headers['retry-after']).toBe(String(58 * 60));
  expect(await keptFor(t.a, /@(gmail|googlemail)\.com$/)).toBe(sent);
  // A refusal by the ceiling spends no cool-down: Bo's entry may ask as soon as the hour ends.
  t.clock.now += 58 * MINUTE;
  expect((await again(t.b, bo)).statusCode).toBe(200);
  expect(await keptFor(t.a, /@(gmail|googlemail)\.com$/)).toBe(sent + 1);

  // Six a day: the seventh waits for the day that began with the first mail to end.
  const cy = await pendingEntry(t, 'A.N.N.L.E.E@googlemail.com', 'cy_1');
  expect((await again(t.a, cy)).statusCode).toBe(200);
  t.clock.now += 60 * MINUTE;
  const day = await again(t.b, ann);
  expect(day.statusCode).toBe(429);
  expect(day.json().detail).toMatch(/Please ask again in 22 hours\.$/);
  // Another mailbox is not held back.
  const di = await pendingEntry(t, 'di@example.com', 'di_1');
  expect((await again(t.b, di)).statusCode).toBe(200);
}

describe('mail limits shared through the database', () => {
  let t: Twins;
  beforeAll(async () => {
    sink = await startSmtp();
    t = await twinApps({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink?.close();
    sink = null;
  });

  test('entry and confirmation mails: one per entry per cool-down, three an hour and six a day per mailbox, in either process', async () => {
    await showsTheRule(t);
  });

  test('a second unconfirmed entry of one mailbox within the cool-down is refused and not kept', async () => {
    const g = await createGiveaway(t.a, t.admin, { confirm_entries: true });
    expect((await enter(t.a, g.id, 'fee@example.com', 'fee_1')).statusCode).toBe(200);
    const second = await enter(t.b, g.id, 'Fee+2@example.com', 'fee_2');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('120');
    const kept = await t.a.db
      .selectFrom('participants')
      .select('instagram_handle')
      .where('giveaway_id', '=', g.id)
      .execute();
    expect(kept).toEqual([{ instagram_handle: 'fee_1' }]);
  });

  test('the contact form keeps every enquiry but acknowledges at most three an hour to one mailbox', async () => {
    // Twins without a mail server: the acknowledgements are kept in the outbox, counted there.
    const t = await twinApps();
    try {
      const ack = /^We received your message/;
      const acknowledged = async () =>
        (await deliveredMail(t.a.db)).filter(
          (m) => m.to === 'eve@example.com' && ack.test(m.subject),
        ).length;
      const before = await acknowledged();
      const answers: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await post(i % 2 ? t.b : t.a, '/contact/', {
          name: 'Eve',
          email: i === 3 ? 'Eve@Example.com' : 'eve@example.com',
          message: `Hello ${i}`,
        });
        expect(res.statusCode).toBe(200);
        answers.push(res.json<{ message: string }>().message);
      }
      expect((await acknowledged()) - before).toBe(3);
      expect(answers[2]).not.toContain('acknowledgement');
      expect(answers[3]).toMatch(
        /We did not send an acknowledgement to your e-mail address this time: it has had as many mails from us as we send to one address in a while\.$/,
      );
      const kept = await t.b.db
        .selectFrom('contact_enquiries')
        .select('message')
        .where('name', '=', 'Eve')
        .execute();
      expect(kept.map((k) => k.message)).toEqual(['Hello 0', 'Hello 1', 'Hello 2', 'Hello 3']);
    } finally {
      await t.close();
    }
  });
});

describe('mail limits shared through Redis', () => {
  let t: Twins;
  let redis: Redis;
  const prefix = uniquePrefix('mail-limits');
  afterAll(async () => {
    if (t) await t.close();
    await sink?.close();
    sink = null;
    if (redis) {
      await dropKeys(redis, prefix);
      redis.disconnect();
    }
  });

  testWithRedis('the same rule, counted in Redis (nothing in the database table)', async () => {
    redis = await connectTestRedis();
    sink = await startSmtp();
    t = await twinApps({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, SMTP_URL: sink.url });
    await showsTheRule(t);
    const rows = await t.a.db.selectFrom('mail_limits').selectAll().execute();
    expect(rows).toEqual([]);
    expect((await redis.keys(`${prefix}mail:*`)).length).toBeGreaterThan(0);
  });
});

describe('e-mail me my receipt, through a mail server', () => {
  let t: Twins;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await twinApps({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  test('one mail per receipt per cool-down, matched or not, so the answer still tells nobody who entered', async () => {
    const g = await createGiveaway(t.a, t.admin);
    const res = await enter(t.a, g.id, 'fay@example.com', 'fay');
    const { receipt } = res.json<{ receipt: string }>();
    await smtp.waitForMail(0);
    const seen = smtp.mails.length;
    const mail = (app: App, code: string) =>
      post(app, `/giveaway/${g.id}/receipt/mail`, { receipt: code });
    expect((await mail(t.a, receipt)).statusCode).toBe(200);
    await smtp.waitForMail(seen);
    const again = await mail(t.b, receipt.toLowerCase());
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('120');
    // A code that matches no entry gets the same answers.
    const unknown = 'AAAA-BBBB-CCCC-DDDD';
    expect((await mail(t.b, unknown)).statusCode).toBe(200);
    expect((await mail(t.a, unknown)).statusCode).toBe(429);
    t.clock.now += 2 * MINUTE;
    expect((await mail(t.b, receipt)).statusCode).toBe(200);
    await smtp.waitForMail(seen + 1);
    expect(smtp.mails.filter((m) => m.to.includes('fay@example.com')).length).toBe(3);
  });
});
