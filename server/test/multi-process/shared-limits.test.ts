import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Redis } from 'ioredis';
import { testDialect } from '../helpers/build';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import {
  TEST_REDIS_URL,
  connectTestRedis,
  dropKeys,
  redisSkipped,
  testWithRedis,
  uniquePrefix,
} from '../helpers/redis';

/**
 * Two real server processes (the built server/dist/server.js, as production runs it) on one
 * database and one Redis, on loopback ports of their own. Whatever one of them counted, the other
 * enforces: request limits, login delays and sessions. A control pair without REDIS_URL shows
 * what the test would see if the counts stayed in each process.
 */

const root = path.resolve(__dirname, '../../..');
const ADMIN = { username: 'owner', password: 'owner-password-123' };
const ATTACKER = '203.0.113.5';
const OWNER_ELSEWHERE = '198.51.100.7';

type Server = ServerProcess;

const start = (env: Record<string, string>): Promise<Server> => startServerProcess(env, 30_000);

function stop(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

/** A request as it arrives through a trusted proxy from `address`. */
function call(
  server: Server,
  urlPath: string,
  address: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': address, ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.base}${urlPath}`, { method: init.method, body: init.body, headers });
}

const login = (server: Server, password: string, address: string) =>
  call(server, '/api/v1/auth/login', address, {
    method: 'POST',
    body: JSON.stringify({ username: ADMIN.username, password }),
  });

const enquiry = (server: Server, address: string) =>
  call(server, '/api/v1/contact/', address, {
    method: 'POST',
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Hello' }),
  });

let redis: Redis;
const prefix = uniquePrefix('two-processes');
const dataDirs: string[] = [];
const databases: string[] = [];

/**
 * A fresh database for one pair of servers: a SQLite file, or a PostgreSQL database of its own
 * (a whole database rather than a schema, so the servers run exactly as configured in production).
 */
async function database(dataDir: string): Promise<string> {
  if (testDialect() !== 'postgres') return `sqlite:${path.join(dataDir, 'site.db')}`;
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `test_two_processes_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  databases.push(name);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

async function pair(extra: Record<string, string>): Promise<[Server, Server]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-two-processes-'));
  dataDirs.push(dataDir);
  const env = {
    DATABASE_URL: await database(dataDir),
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'public'),
    JWT_SECRET: 'two-processes-secret-two-processes-secret',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: 'true',
    RATE_LIMIT_CONTACT: '4',
    RATE_LIMIT_LOGIN: '1000',
    LOGIN_MAX_FAILURES: '3',
    LOG_LEVEL: 'info',
    ...extra,
  };
  // One after the other: the first brings the database schema up to date.
  const first = await start(env);
  const second = await start(env);
  return [first, second];
}

let shared: [Server, Server];
let separate: [Server, Server];

beforeAll(async () => {
  // Every test here compares two processes sharing one Redis with two that do not.
  if (redisSkipped) return;
  redis = await connectTestRedis();
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
  shared = await pair({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
  separate = await pair({});
}, 240_000);

afterAll(async () => {
  await Promise.all([...(shared ?? []), ...(separate ?? [])].map(stop));
  if (redis) {
    await dropKeys(redis, prefix);
    await redis.quit();
  }
  if (databases.length > 0) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    for (const name of databases) await client.query(`drop database if exists ${name}`);
    await client.end();
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

testWithRedis('each process says at start where its counts live', () => {
  expect(shared[0].output.join('')).toMatch(/shared through Redis/);
  expect(separate[0].output.join('')).toMatch(/REDIS_URL is not set/);
});

testWithRedis('a request limit reached through one process holds on the other', async () => {
  const [a, b] = shared;
  const address = '192.0.2.10';
  for (const server of [a, b, a, b]) expect((await enquiry(server, address)).status).toBe(200);
  const refusedA = await enquiry(a, address);
  const refusedB = await enquiry(b, address);
  expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
  expect(Number(refusedB.headers.get('retry-after'))).toBeGreaterThan(0);
  // Another address is not affected.
  expect((await enquiry(b, '192.0.2.11')).status).toBe(200);
});

testWithRedis(
  'without Redis, the same requests find the second process still counting from zero',
  async () => {
    const [a, b] = separate;
    const address = '192.0.2.10';
    for (const server of [a, b, a, b]) expect((await enquiry(server, address)).status).toBe(200);
    // Each process saw two of the four: both still answer (this is what Redis prevents).
    expect((await enquiry(a, address)).status).toBe(200);
    expect((await enquiry(b, address)).status).toBe(200);
  },
);

testWithRedis(
  'login failures counted by one process hold the guesser back on the other, never the owner',
  async () => {
    const [a, b] = shared;
    for (const server of [a, b, a]) {
      expect((await login(server, 'a-wrong-guess', ATTACKER)).status).toBe(401);
    }
    for (const server of [a, b]) {
      const held = await login(server, ADMIN.password, ATTACKER);
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    for (const server of [a, b]) {
      expect((await login(server, ADMIN.password, OWNER_ELSEWHERE)).status).toBe(200);
    }
  },
);

testWithRedis('a session started on one process works on the other, and ends on both', async () => {
  const [a, b] = shared;
  const { access_token: token } = (await (
    await login(a, ADMIN.password, OWNER_ELSEWHERE)
  ).json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token}` };
  expect((await call(b, '/api/v1/auth/me', OWNER_ELSEWHERE, { headers: auth })).status).toBe(200);
  const out = await call(b, '/api/v1/auth/logout', OWNER_ELSEWHERE, {
    method: 'POST',
    headers: auth,
  });
  expect(out.status).toBe(200);
  expect((await call(a, '/api/v1/auth/me', OWNER_ELSEWHERE, { headers: auth })).status).toBe(401);
});
