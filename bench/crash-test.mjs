// Crash test: load POST /giveaway/{id}/participate with distinct e-mails, SIGKILL the server at a
// random moment, restart it, and check that every entry answered 2xx is still there, the cap
// still holds and SQLite passes its integrity check. Loopback only; bounded rounds and requests.
//
//   node bench/crash-test.mjs [--rounds 20] [--cap N] [--concurrency 16]
// Without --cap each round draws a cap from 50 to 2,049, so some rounds fill up before the kill
// and others are killed mid-stream.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { arg, startServer as launch, waitHealthy as waitForServer } from './lib.mjs';

const rounds = arg('rounds', 20);
const fixedCap = arg('cap', 0);
const concurrency = arg('concurrency', 16);
const port = arg('port', 8781);
const base = `http://127.0.0.1:${port}/api/v1`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-test-'));
const dbFile = path.join(dataDir, 'site.db');
const admin = { username: 'crash-admin', password: 'crash-test-password-1' };

function startServer() {
  // From source (tsx), so the crash test needs no build step in CI.
  return launch(
    {
      PORT: String(port),
      DATABASE_URL: `sqlite:${dbFile}`,
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'no-site'),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
      RATE_LIMITS: 'off',
    },
    { entry: ['--import', 'tsx', 'server/src/server.ts'] },
  );
}

const waitHealthy = () => waitForServer(`http://127.0.0.1:${port}`);

async function login() {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(admin),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

async function createGiveaway(token, cap) {
  const res = await fetch(`${base}/giveaway`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: 'Crash test',
      description: 'Entries must survive a crash.',
      prize: 'Nothing',
      start_date: new Date().toISOString().slice(0, 10),
      max_participants: cap,
    }),
  });
  if (!res.ok) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

/** Non-2xx answers by status in the current round (a refused entry proves nothing about a crash). */
const refused = new Map();

async function load(giveawayId, stopSignal, answered) {
  let n = 0;
  async function worker(w) {
    while (!stopSignal.stopped) {
      const id = `${w}-${n++}-${crypto.randomBytes(3).toString('hex')}`;
      const email = `entrant-${id}@example.com`;
      try {
        const res = await fetch(`${base}/giveaway/${giveawayId}/participate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email,
            instagram_handle: `h_${id.replace(/-/g, '_')}`.slice(0, 30),
            accept_rules: true,
          }),
        });
        if (res.ok) answered.add(email);
        else {
          refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
          await res.arrayBuffer();
        }
      } catch {
        return; // the server is gone
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
}

async function participants(token, giveawayId) {
  const res = await fetch(`${base}/giveaway/${giveawayId}/participants`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`participants failed: ${res.status}`);
  const body = await res.json();
  return Array.isArray(body) ? body : (body.participants ?? body.items);
}

let failures = 0;
let server = startServer();
await waitHealthy();
let token = await login();

for (let round = 1; round <= rounds; round++) {
  const cap = fixedCap || 50 + crypto.randomInt(2000);
  const giveawayId = await createGiveaway(token, cap);
  const answered = new Set();
  refused.clear();
  const stop = { stopped: false };
  const loading = load(giveawayId, stop, answered);
  await new Promise((r) => setTimeout(r, 150 + crypto.randomInt(1200)));
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  stop.stopped = true;
  await loading;

  const sqlite = new Database(dbFile);
  const integrity = sqlite.pragma('integrity_check', { simple: true });
  sqlite.close();

  server = startServer();
  await waitHealthy();
  token = await login();
  const stored = new Set((await participants(token, giveawayId)).map((p) => p.email));
  const lost = [...answered].filter((e) => !stored.has(e));
  // A round in which no entry was accepted tested nothing: it fails, naming what was answered.
  const ok = answered.size > 0 && lost.length === 0 && stored.size <= cap && integrity === 'ok';
  if (!ok) failures++;
  const other = [...refused].map(([status, count]) => `${status}×${count}`).join(' ');
  console.log(
    `round ${round}: answered 2xx ${answered.size}, stored ${stored.size} (cap ${cap}), lost ${lost.length}, integrity ${integrity}${other ? `, other answers ${other}` : ''} → ${ok ? 'ok' : 'FAIL'}`,
  );
}

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`${rounds - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
