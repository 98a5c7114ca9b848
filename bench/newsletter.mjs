// Newsletter sending: one issue to N generated subscribers, sent by the built server through a
// real SMTP server on loopback (smtp-server, in this process). Reports mails per second and the
// time from creating the issue to the last mail accepted, on SQLite (and PostgreSQL when
// TEST_DATABASE_URL is set). Loopback only; bounded by --count.
//
//   npm run bench:newsletter [-- --count 10000 --rate 100000 --connections 4 --batch 200]
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { arg, root, startServer, waitHealthy } from './lib.mjs';

const require = createRequire(import.meta.url);
const { SMTPServer } = require('smtp-server');
const pg = require('pg');
const { connect } = require('../server/dist/db/connect.js');

const count = arg('count', 10_000);
const rate = arg('rate', 100_000);
const connections = arg('connections', 4);
const batch = arg('batch', 200);
const port = arg('port', 8611);
const admin = { username: 'bench-admin', password: 'bench-newsletter-password-1' };

function sink() {
  let accepted = 0;
  let onCount = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 200,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        accepted += session.envelope.rcptTo.length;
        onCount();
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `smtp://127.0.0.1:${server.server.address().port}`,
        get accepted() {
          return accepted;
        },
        until(n) {
          return new Promise((done) => {
            onCount = () => accepted >= n && done();
            onCount();
          });
        },
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

async function run(label, databaseUrl, dataDir) {
  const smtp = await sink();
  const contentDir = path.join(dataDir, 'content');
  fs.mkdirSync(path.join(contentDir, 'blog'), { recursive: true });
  fs.copyFileSync(
    path.join(root, 'content/categories.yaml'),
    path.join(contentDir, 'categories.yaml'),
  );
  fs.writeFileSync(
    path.join(contentDir, 'blog', 'bench.md'),
    '---\ntitle: "Bench issue"\nslug: bench-issue\ndescription: "Newsletter benchmark"\ndate: 2025-01-01\ncategory: foundation\n---\n\n' +
      'A paragraph of an ordinary post, long enough to look like one. '.repeat(40) +
      '\n',
  );
  const base = `http://127.0.0.1:${port}`;
  const child = startServer({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'public'),
    CONTENT_DIR: contentDir,
    PUBLISH_WORK_DIR: `${dataDir}-publish`,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: 'bench-newsletter-secret-bench-newsletter-secret',
    SMTP_URL: smtp.url,
    NEWSLETTER_RATE: String(rate),
    NEWSLETTER_CONNECTIONS: String(connections),
    NEWSLETTER_BATCH: String(batch),
    NEWSLETTER_POLL_MS: '100',
    RATE_LIMITS: 'off',
  });
  try {
    await waitHealthy(base, 60_000);
    const db = await connect(databaseUrl, root);
    const now = new Date().toISOString();
    for (let from = 0; from < count; from += 1000) {
      const rows = [];
      for (let i = from; i < Math.min(count, from + 1000); i += 1)
        rows.push({
          email: `reader-${i}@example.com`,
          status: 'confirmed',
          consent_at: now,
          consent_source: 'bench',
          consent_text: 'bench',
          confirmed_at: now,
          unsubscribed_at: null,
          created_at: now,
          updated_at: now,
        });
      await db.db.insertInto('newsletter_subscribers').values(rows).execute();
    }
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { access_token: token } = await login.json();
    const started = performance.now();
    const created = await fetch(`${base}/api/v1/newsletter/issues/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ slug: 'bench-issue' }),
    });
    if (created.status !== 201)
      throw new Error(`creating the issue: ${created.status} ${await created.text()}`);
    const queuedMs = performance.now() - started;
    await smtp.until(count);
    const seconds = (performance.now() - started) / 1000;
    await db.close();
    return { label, seconds, queuedMs, perSecond: count / seconds };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await smtp.close();
  }
}

const results = [];
const dirs = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-newsletter-'));
  dirs.push(dir, `${dir}-publish`);
  return dir;
};
let pgName;
try {
  const sqliteDir = tmp();
  results.push(await run('SQLite', `sqlite:${path.join(sqliteDir, 'site.db')}`, sqliteDir));
  if (process.env.TEST_DATABASE_URL) {
    pgName = `bench_newsletter_${crypto.randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`create database ${pgName}`);
    await client.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${pgName}`;
    results.push(await run('PostgreSQL', url.toString(), tmp()));
  }
} finally {
  if (pgName) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${pgName}`);
    await client.end();
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\n${count} subscribers, NEWSLETTER_RATE=${rate}, NEWSLETTER_CONNECTIONS=${connections}, NEWSLETTER_BATCH=${batch}\n`,
);
console.log('| database | issue created (ms) | time to send all (s) | mails/s |');
console.log('| -------- | -----------------: | -------------------: | ------: |');
for (const r of results)
  console.log(
    `| ${r.label} | ${r.queuedMs.toFixed(0)} | ${r.seconds.toFixed(1)} | ${r.perSecond.toFixed(0)} |`,
  );
