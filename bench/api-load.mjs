// API load benchmark: starts the production server (server/dist) on SQLite — and on PostgreSQL
// when TEST_DATABASE_URL is set — and loads it with autocannon from this separate process.
// Loopback only; every run is bounded in time. Prints a Markdown table.
//
//   npm run bench:api [-- --seconds 10 --connections 32]
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { arg, requestJson, startServer, waitHealthy } from './lib.mjs';

const seconds = arg('seconds', 10);
const connections = arg('connections', 32);
const port = arg('port', 8782);
const base = `http://127.0.0.1:${port}`;
const admin = { username: 'bench-admin', password: 'bench-password-123' };

function start(databaseUrl, dataDir) {
  return startServer({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'no-site'),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    RATE_LIMITS: 'off',
  });
}

function json(method, url, body, token) {
  return requestJson(base, method, url, body, token);
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: seconds, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

function row(name, r, ceiling) {
  const rps = r.requests.average;
  const refused = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}×${code}`);
  const errors =
    [r.errors ? `${r.errors} socket errors` : '', ...refused].filter(Boolean).join(', ') || '0';
  return `| ${name} | ${Math.round(rps)} | ${r.latency.p50} | ${r.latency.p99} | ${ceiling ? (rps / ceiling).toFixed(2) : '1.00'} | ${errors} |`;
}

/** The floor of what an entry costs: a bare INSERT with the server's SQLite durability settings. */
function bareSqliteInsert(dir) {
  const db = new Database(path.join(dir, 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(
    'create table t (id integer primary key, email text not null unique, handle text not null)',
  );
  const insert = db.prepare('insert into t (email, handle) values (?, ?)');
  const until = Date.now() + seconds * 1000;
  const latencies = [];
  let n = 0;
  while (Date.now() < until) {
    const t0 = process.hrtime.bigint();
    insert.run(`e${n}@example.com`, `h${n}`);
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    n++;
  }
  db.close();
  latencies.sort((a, b) => a - b);
  const pick = (q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  return `| bare INSERT (SQLite, WAL, synchronous=FULL, one connection, in-process) | ${Math.round(n / seconds)} | ${pick(0.5)} | ${pick(0.99)} | – | 0 |`;
}

async function benchmark(label, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const server = start(databaseUrl, dataDir);
  try {
    await waitHealthy(base);
    const { access_token: token } = await json(
      'POST',
      '/api/v1/auth/login',
      new URLSearchParams(admin),
    );
    const today = new Date().toISOString().slice(0, 10);
    let id;
    for (let i = 0; i < 20; i++) {
      const g = await json(
        'POST',
        '/api/v1/giveaway',
        {
          title: `Bench ${i}`,
          description: 'Load test giveaway',
          prize: 'A mug',
          start_date: today,
        },
        token,
      );
      id = g.id;
    }
    for (let i = 0; i < 50; i++) {
      await json('POST', `/api/v1/giveaway/${id}/participate`, {
        email: `seed${i}@example.com`,
        instagram_handle: `seed_${i}`,
      });
    }

    const ceiling = await run({ url: `${base}/api/v1/health` });
    const list = await run({ url: `${base}/api/v1/giveaway` });
    const one = await run({ url: `${base}/api/v1/giveaway/${id}` });
    const target = await json(
      'POST',
      '/api/v1/giveaway',
      { title: 'Entries', description: 'Entry load', prize: 'A mug', start_date: today },
      token,
    );
    let n = 0;
    const enter = await run({
      requests: [
        {
          method: 'POST',
          path: `/api/v1/giveaway/${target.id}/participate`,
          headers: { 'content-type': 'application/json' },
          // A distinct entrant per request: duplicates would measure the 409 path instead.
          setupRequest: (req) => {
            n++;
            const tag = `${n}_${crypto.randomBytes(2).toString('hex')}`;
            return {
              ...req,
              body: JSON.stringify({
                email: `load${tag}@example.com`,
                instagram_handle: `load_${tag}`,
              }),
            };
          },
        },
      ],
    });
    const c = ceiling.requests.average;
    return [
      `### ${label}`,
      '',
      `${seconds} s per route, ${connections} connections, autocannon in a separate process, loopback.`,
      '',
      '| route | req/s | p50 ms | p99 ms | × ceiling | errors/non-2xx |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      row('GET /api/v1/health (ceiling: trivial route)', ceiling),
      row('GET /api/v1/giveaway (20 giveaways)', list, c),
      row('GET /api/v1/giveaway/{id}', one, c),
      row('POST /api/v1/giveaway/{id}/participate (distinct e-mails)', enter, c),
      ...(label.startsWith('SQLite') ? [bareSqliteInsert(dataDir)] : []),
      '',
    ].join('\n');
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sections = [
  `## API load (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB)`,
  '',
];
const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sqlite-'));
sections.push(await benchmark('SQLite', `sqlite:${path.join(sqliteDir, 'site.db')}`));
fs.rmSync(sqliteDir, { recursive: true, force: true });

if (process.env.TEST_DATABASE_URL) {
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`create database ${schema}`);
  await client.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${schema}`;
  try {
    sections.push(await benchmark('PostgreSQL', url.toString()));
  } finally {
    const drop = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await drop.connect();
    await drop.query(`drop database if exists ${schema}`);
    await drop.end();
  }
}
console.log(sections.join('\n'));
