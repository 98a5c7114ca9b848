import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { connect, type Db } from '../../src/db/connect';
import { testDialect } from '../helpers/build';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

/**
 * A newsletter issue to 10,000 subscribers through a real SMTP server on loopback, sent by the
 * built server process as production runs it. The process is killed with SIGKILL in the middle
 * of sending and started again (on PostgreSQL as two processes sharing the queue): every address
 * still receives the issue exactly once, and the unsubscribe links in the mails work.
 */

const root = path.resolve(__dirname, '../../..');
const SUBSCRIBERS = Number(process.env.NEWSLETTER_CRASH_COUNT ?? 10_000);
const ADMIN = { username: 'owner', password: 'owner-password-123' };
const POST = [
  '---',
  'title: "Ten thousand readers"',
  'slug: ten-thousand',
  'description: "A crash test issue"',
  'date: 2025-03-01',
  'category: foundation',
  '---',
  '',
  'Hello, **reader**.',
  '',
].join('\n');

type Server = ServerProcess;

const start = (env: Record<string, string>): Promise<Server> => startServerProcess(env, 60_000);

function exited(server: Server): Promise<void> {
  return server.child.exitCode !== null || server.child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => server.child.once('exit', () => resolve()));
}

/** An SMTP server that counts what it accepts: recipient and List-Unsubscribe of each mail. */
async function smtpSink() {
  const accepted: Array<{ to: string; unsubscribe: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const head = Buffer.concat(chunks)
          .toString('utf8')
          .split('\r\n\r\n')[0]!
          .replace(/\r\n[ \t]+/g, ' ');
        const unsubscribe = /^List-Unsubscribe: <([^>]+)>/im.exec(head)?.[1] ?? '';
        for (const rcpt of session.envelope.rcptTo)
          accepted.push({ to: rcpt.address, unsubscribe });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const dirs: string[] = [];
let databaseName: string | undefined;
let db: Db | undefined;
const servers: Server[] = [];
let sink: Awaited<ReturnType<typeof smtpSink>> | undefined;

async function databaseUrl(dataDir: string): Promise<string> {
  if (testDialect() !== 'postgres') return `sqlite:${path.join(dataDir, 'site.db')}`;
  const url = process.env.TEST_DATABASE_URL as string;
  databaseName = `test_newsletter_crash_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create database ${databaseName}`);
  await client.end();
  const own = new URL(url);
  own.pathname = `/${databaseName}`;
  return own.toString();
}

async function waitUntil(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
}, 240_000);

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map(exited));
  await db?.close();
  await sink?.close();
  if (databaseName) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${databaseName}`);
    await client.end();
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test('SIGKILL in the middle of sending, then restart: every subscriber gets the issue exactly once', async () => {
  sink = await smtpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-newsletter-crash-'));
  dirs.push(dataDir);
  const contentDir = path.join(dataDir, 'content');
  fs.mkdirSync(path.join(contentDir, 'blog'), { recursive: true });
  fs.copyFileSync(
    path.join(root, 'content', 'categories.yaml'),
    path.join(contentDir, 'categories.yaml'),
  );
  fs.writeFileSync(path.join(contentDir, 'blog', 'ten-thousand.md'), POST);
  const url = await databaseUrl(dataDir);
  const env = {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'public'),
    CONTENT_DIR: contentDir,
    PUBLISH_WORK_DIR: `${dataDir}-publish`,
    JWT_SECRET: 'newsletter-crash-secret-newsletter-crash-secret',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: sink.url,
    NEWSLETTER_RATE: '1500',
    NEWSLETTER_CONNECTIONS: '4',
    NEWSLETTER_BATCH: '100',
    NEWSLETTER_LEASE_SECONDS: '3',
    // Temporary failures (a loaded machine can time a connection out) come back within seconds.
    NEWSLETTER_RETRY_SECONDS: '1',
    NEWSLETTER_POLL_MS: '100',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
  };
  dirs.push(`${dataDir}-publish`);
  const first = await start(env);
  servers.push(first);

  db = await connect(url, root);
  const now = new Date().toISOString();
  for (let from = 0; from < SUBSCRIBERS; from += 1000) {
    await db.db
      .insertInto('newsletter_subscribers')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          email: `reader-${from + i}@example.com`,
          status: 'confirmed' as const,
          consent_at: now,
          consent_source: 'test',
          consent_text: 'test',
          confirmed_at: now,
          unsubscribed_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  const login = await fetch(`${first.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const created = await fetch(`${first.base}/api/v1/newsletter/issues/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ slug: 'ten-thousand' }),
  });
  expect(created.status).toBe(201);
  const issue = (await created.json()) as { id: number; recipients: number };
  expect(issue.recipients).toBe(SUBSCRIBERS);

  // Killed mid-send: some thousands out, most not.
  await waitUntil(
    () => sink!.accepted.length >= SUBSCRIBERS / 4,
    120_000,
    'a quarter of the mails before the kill',
  );
  first.child.kill('SIGKILL');
  await exited(first);
  const atKill = sink.accepted.length;
  expect(atKill).toBeLessThan(SUBSCRIBERS);

  // Restarted; on PostgreSQL as two processes sharing the queue.
  const restarted = [await start(env)];
  if (testDialect() === 'postgres') restarted.push(await start(env));
  servers.push(...restarted);

  const finished = waitUntil(
    async () => {
      const row = await db!.db
        .selectFrom('newsletter_issues')
        .select('status')
        .where('id', '=', issue.id)
        .executeTakeFirstOrThrow();
      return row.status === 'sent';
    },
    180_000,
    'the issue to finish',
  );
  try {
    await finished;
  } catch (error) {
    const states = await db.db
      .selectFrom('newsletter_issue_recipients')
      .select(['state', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('state')
      .execute();
    throw new Error(
      `${(error as Error).message}; states ${JSON.stringify(states)}; accepted ${sink.accepted.length}; servers said:\n${restarted.map((s) => s.output.join('')).join('\n---\n')}`,
    );
  }
  // Anything still on the wire arrives within moments.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const perAddress = new Map<string, number>();
  for (const mail of sink.accepted) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
  const twice = [...perAddress].filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
  expect(perAddress.size).toBe(SUBSCRIBERS);
  expect(sink.accepted).toHaveLength(SUBSCRIBERS);
  for (let i = 0; i < SUBSCRIBERS; i += 1)
    expect(perAddress.has(`reader-${i}@example.com`)).toBe(true);

  const states = await db.db
    .selectFrom('newsletter_issue_recipients')
    .select(['state', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('issue_id', '=', issue.id)
    .groupBy('state')
    .execute();
  expect(states.map((s) => [s.state, Number(s.n)])).toEqual([['sent', SUBSCRIBERS]]);

  // Unsubscribe links from before and after the kill each unsubscribe their own address.
  const samples = [sink.accepted[10]!, sink.accepted[atKill + 10]!, sink.accepted.at(-1)!];
  const server = restarted[0]!;
  for (const sample of samples) {
    const link = new URL(sample.unsubscribe);
    expect(link.pathname).toBe('/api/v1/newsletter/unsubscribe/one-click');
    const res = await fetch(`${server.base}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBeLessThan(300);
    const row = await db.db
      .selectFrom('newsletter_subscribers')
      .select('status')
      .where('email', '=', sample.to)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('unsubscribed');
  }
  const left = await db.db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'unsubscribed')
    .executeTakeFirstOrThrow();
  expect(Number(left.n)).toBe(samples.length);
}, 420_000);
