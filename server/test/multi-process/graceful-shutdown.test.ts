import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { testDialect } from '../helpers/build';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

/**
 * SIGTERM while keep-alive clients are busy and others sit idle, against the built server as
 * production runs it. Every request sent gets a whole answer (its own, or 503 with a detail), and
 * every connection ends with a FIN after an answer, never with a TCP reset.
 */

const root = path.resolve(__dirname, '../../..');
const ADMIN = { username: 'owner', password: 'owner-password-123' };

interface Answer {
  status: number;
  head: string;
  body: string;
}

interface Client {
  kind: 'busy' | 'idle' | 'login';
  answers: Answer[];
  /** Requests written and not answered when the connection ended. */
  unanswered: number;
  /** The socket's error code (ECONNRESET is a TCP reset); null if it ended cleanly. */
  error: string | null;
  /** The server closed its side (FIN). */
  ended: boolean;
}

const health = 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const loginRequest = () => {
  const body = JSON.stringify(ADMIN);
  return (
    'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};

/**
 * One keep-alive connection over a raw socket. A busy client sends its next request as soon as an
 * answer is complete and the server has not said `Connection: close`, until `stopAt`; an idle
 * client sends one request, then nothing; a login client sends one slow request (argon2) at a
 * time, like busy.
 */
function keepAliveClient(
  port: number,
  kind: Client['kind'],
  stopAt: number,
): { done: Promise<Client> } {
  const client: Client = { kind, answers: [], unanswered: 0, error: null, ended: false };
  const request = kind === 'login' ? loginRequest : () => health;
  const done = new Promise<Client>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    const send = () => {
      client.unanswered += 1;
      socket.write(request());
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
        buffer = buffer.subarray(end + 4 + length);
        client.unanswered -= 1;
        client.answers.push({ status: Number(head.split(' ')[1]), head, body });
        const closing = /\r\nconnection: *close/i.test(head);
        if (kind !== 'idle' && !closing && Date.now() < stopAt) send();
      }
    });
    socket.on('end', () => {
      client.ended = true;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      client.error = error.code ?? error.message;
    });
    socket.on('close', () => resolve(client));
    // Bounded: whatever happens, no client outlives the test.
    setTimeout(() => socket.destroy(), 25_000).unref();
  });
  return { done };
}

let server: ServerProcess | undefined;
let dataDir: string;
let database: string | undefined;

async function databaseUrl(): Promise<string> {
  if (testDialect() !== 'postgres') return `sqlite:${path.join(dataDir, 'site.db')}`;
  const url = process.env.TEST_DATABASE_URL as string;
  database = `test_shutdown_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${database}`;
  return own.toString();
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-shutdown-'));
  server = await startServerProcess(
    {
      DATABASE_URL: await databaseUrl(),
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'public'),
      JWT_SECRET: 'shutdown-secret-shutdown-secret-shutdown',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
    },
    30_000,
  );
}, 240_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  if (database) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database}`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM under keep-alive load: no connection is reset, every request gets a whole answer', async () => {
  const running = server as ServerProcess;
  const port = Number(new URL(running.base).port);
  // Load stops by itself after 12 s at the latest; SIGTERM comes after 1.5 s.
  const stopAt = Date.now() + 12_000;
  const clients = [
    ...Array.from({ length: 12 }, () => keepAliveClient(port, 'busy', stopAt)),
    ...Array.from({ length: 12 }, () => keepAliveClient(port, 'idle', stopAt)),
    ...Array.from({ length: 3 }, () => keepAliveClient(port, 'login', stopAt)),
  ];
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const exited = new Promise<number | null>((resolve) => running.child.once('exit', resolve));
  const signalledAt = Date.now();
  running.child.kill('SIGTERM');
  const results = await Promise.all(clients.map((c) => c.done));
  const exitCode = await exited;
  const output = running.output.join('');

  expect({ exitCode, output }).toEqual({ exitCode: 0, output: expect.any(String) });
  expect(Date.now() - signalledAt).toBeLessThan(10_000);

  for (const client of results) {
    const summary = {
      kind: client.kind,
      error: client.error,
      ended: client.ended,
      unanswered: client.unanswered,
    };
    // A FIN after the last answer: no reset, no request left without its answer.
    expect(summary).toEqual({ kind: client.kind, error: null, ended: true, unanswered: 0 });
    for (const answer of client.answers) expect([200, 503]).toContain(answer.status);
  }

  // The load was real, and it met the shutdown: busy clients were answered before the signal
  // and were then told, with a detail, that the server was going away.
  const busy = results.filter((c) => c.kind === 'busy');
  expect(busy.every((c) => c.answers.filter((a) => a.status === 200).length > 0)).toBe(true);
  const refused = busy.flatMap((c) => c.answers.filter((a) => a.status === 503));
  expect(refused.length).toBeGreaterThan(0);
  for (const answer of refused) {
    expect(answer.head).toMatch(/\r\nconnection: close/i);
    expect(JSON.parse(answer.body)).toEqual({ detail: expect.stringMatching(/restarting/) });
  }
  // A login (argon2, the slowest request here) in flight at the signal was finished, not
  // dropped: its 200 is the connection's last answer and says so.
  const finished = results
    .filter((c) => c.kind === 'login')
    .flatMap((c) => c.answers)
    .filter((a) => a.status === 200 && /\r\nconnection: close/i.test(a.head));
  expect(finished.length).toBeGreaterThan(0);
}, 60_000);
