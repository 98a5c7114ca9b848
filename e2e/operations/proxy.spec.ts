import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';

/**
 * docs/operations.md, followed as written: its server settings and its nginx site, with only the
 * replacements listed there, run here on loopback with a certificate made for this run. Two
 * server processes sit behind nginx on one PostgreSQL database, one Redis, one DATA_DIR.
 */

const root = path.resolve(__dirname, '../..');
const base = Number(process.env.E2E_OPS_PORT ?? 8400);
const PORTS = { https: base, http: base + 1, a: base + 2, b: base + 3 };
const SITE = `https://127.0.0.1:${PORTS.https}`;
const ADMIN = { username: 'owner', password: 'ops-owner-password-123' };
const LOGIN_LIMIT = 3;
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Debian installs it in /usr/sbin, which is not on every user's PATH. */
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

test.describe.configure({ mode: 'serial' });

const doc = fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8');

/** The fenced block right after the `<!-- name: … -->` marker in docs/operations.md. */
function block(name: string): string {
  const match = new RegExp(`<!-- ${name}: [^>]+ -->\\s*\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\``).exec(
    doc,
  );
  if (!match?.[1]) throw new Error(`docs/operations.md has no ${name} block`);
  return match[1];
}

/** Replaces `from` by `to` and fails if the documented text no longer holds `from`. */
function replace(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`docs/operations.md no longer contains: ${from}`);
  return text.split(from).join(to);
}

let work: string;
let dbName: string;
let dbUrl: string;
let serverEnv: Record<string, string>;
const children: ChildProcess[] = [];
const logs: Record<string, string[]> = { a: [], b: [], nginx: [] };

function startServer(name: 'a' | 'b'): ChildProcess {
  const child = spawn(process.execPath, ['server/dist/server.js'], {
    cwd: root,
    env: { ...serverEnv, PORT: String(PORTS[name]) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = logs[name] as string[];
  child.stdout?.on('data', (c: Buffer) => lines.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => lines.push(c.toString()));
  children.push(child);
  return child;
}

async function until<T>(what: string, probe: () => Promise<T | null | false>, ms = 60_000) {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

/**
 * One request from a chosen loopback address (127.0.0.x), through nginx (https) or straight to a
 * server process (http), so the test can be "another client" whenever it needs to.
 */
function request(
  url: string,
  options: {
    method?: string;
    from?: string;
    headers?: Record<string, string>;
    body?: string;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method: options.method ?? 'GET',
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

const direct = (name: 'a' | 'b', urlPath: string) => `http://127.0.0.1:${PORTS[name]}${urlPath}`;
const json = <T>(answer: Answer) => JSON.parse(answer.body) as T;

/** Each login of the test comes from an address of its own, clear of the low login limit. */
let nextAddress = 100;

async function loginToken(url: string): Promise<string> {
  const res = await request(`${url}/api/v1/auth/login`, {
    method: 'POST',
    from: `127.0.0.${nextAddress++}`,
    body: JSON.stringify(ADMIN),
  });
  expect(res.status, res.body).toBe(200);
  return json<{ access_token: string }>(res).access_token;
}

async function createGiveaway(url: string, token: string, extra: object = {}): Promise<number> {
  const today = new Date();
  const day = (offset: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset))
      .toISOString()
      .slice(0, 10);
  const res = await request(`${url}/api/v1/giveaway`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: `Ops giveaway ${crypto.randomBytes(3).toString('hex')}`,
      description: 'Run behind the proxy.',
      prize: 'A test agent',
      prize_image: null,
      start_date: day(-1),
      end_date: day(30),
      max_participants: null,
      ...extra,
    }),
  });
  expect(res.status, res.body).toBe(201);
  return json<{ id: number }>(res).id;
}

const enter = (url: string, id: number, handle: string) =>
  request(`${url}/api/v1/giveaway/${id}/participate`, {
    method: 'POST',
    body: JSON.stringify({
      email: `${handle}@example.com`,
      instagram_handle: handle,
      accept_rules: true,
    }),
  });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  if (!fs.existsSync(path.join(root, 'server/dist/server.js'))) {
    throw new Error('Build first: npm run test:e2e:ops builds the server and the site.');
  }
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-ops-e2e-'));
  fs.chmodSync(work, 0o755);

  // A self-signed certificate for 127.0.0.1, made for this run.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(work, 'privkey.pem'),
      '-out',
      path.join(work, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );

  // A fresh PostgreSQL database, a content/ folder in its own git repository, a DATA_DIR.
  dbName = `ops_e2e_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  const content = path.join(work, 'content');
  fs.cpSync(path.join(root, 'content'), content, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: content,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'ops e2e',
        GIT_AUTHOR_EMAIL: 'ops@example.invalid',
        GIT_COMMITTER_NAME: 'ops e2e',
        GIT_COMMITTER_EMAIL: 'ops@example.invalid',
      },
    });
  git('init', '--quiet');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'content as deployed');

  // The documented settings, with the documented replacements only.
  let envText = block('server-environment');
  envText = replace(envText, 'https://www.example.com', SITE);
  envText = replace(
    envText,
    'postgres://agentworks:change-this-password@127.0.0.1:5432/agentworks',
    dbUrl,
  );
  envText = replace(envText, 'redis://127.0.0.1:6379', REDIS_URL);
  envText = replace(envText, '/var/lib/agentworks', path.join(work, 'data'));
  envText = replace(envText, '/srv/agentworks/content', content);
  const documented: Record<string, string> = {};
  for (const line of envText.split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m?.[1]) documented[m[1]] = m[2] ?? '';
  }
  expect(documented).toMatchObject({ TRUST_PROXY: '127.0.0.1', PUBLISH_MODE: 'git' });
  serverEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? work,
    ...documented,
    // This run's own: the first account, a Redis key prefix no other run shares, a low login
    // limit to reach, a participation limit that the tests' entries stay under, and the publish
    // work folder.
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    REDIS_KEY_PREFIX: `ops-e2e:${crypto.randomBytes(4).toString('hex')}:`,
    RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
    // Every entry here comes from this machine's one address, across several tests in a minute.
    RATE_LIMIT_PARTICIPATE: '60',
    PUBLISH_WORK_DIR: path.join(work, 'publish'),
  };

  // Both processes start at the same moment on the empty database (migrations run once).
  startServer('a');
  startServer('b');
  for (const name of ['a', 'b'] as const) {
    await until(
      `server ${name}`,
      async () => (await request(direct(name, '/api/v1/health/ready'))).status === 200,
    );
  }

  // nginx with the documented site; the main file is the minimum around it.
  let site = block('nginx-site');
  site = replace(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${PORTS.https} ssl http2;`);
  site = replace(site, 'listen 80;', `listen 127.0.0.1:${PORTS.http};`);
  site = replace(site, 'server 127.0.0.1:8000 ', `server 127.0.0.1:${PORTS.a} `);
  site = replace(site, 'server 127.0.0.1:8001 ', `server 127.0.0.1:${PORTS.b} `);
  site = replace(site, 'server_name www.example.com;', 'server_name 127.0.0.1;');
  site = replace(site, 'https://www.example.com$request_uri', `${SITE}$request_uri`);
  site = replace(
    site,
    '/etc/letsencrypt/live/www.example.com/fullchain.pem',
    path.join(work, 'fullchain.pem'),
  );
  site = replace(
    site,
    '/etc/letsencrypt/live/www.example.com/privkey.pem',
    path.join(work, 'privkey.pem'),
  );
  fs.writeFileSync(path.join(work, 'site.conf'), `${site}\n`);
  const temp = (name: string) => `${name}_temp_path ${path.join(work, `nginx-${name}`)};`;
  fs.writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(work, 'nginx.pid')};`,
      `error_log ${path.join(work, 'nginx-error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  gzip on;',
      `  access_log ${path.join(work, 'nginx-access.log')};`,
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(work, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const check = spawnSync(NGINX, ['-t', '-c', path.join(work, 'nginx.conf')], {
    encoding: 'utf8',
  });
  expect(check.status, check.stderr).toBe(0);
  const nginx = spawn(NGINX, ['-c', path.join(work, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stderr?.on('data', (c: Buffer) => logs.nginx?.push(c.toString()));
  children.push(nginx);
  await until('nginx', async () => (await request(`${SITE}/api/v1/health`)).status === 200);
});

test.afterAll(async () => {
  for (const child of children.reverse()) {
    if (child.exitCode !== null) continue;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => {
        child.kill('SIGKILL');
      }, 10_000).unref();
    });
  }
  if (dbName) {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
  }
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('migrations ran once although both processes started together', () => {
  const applied = ['a', 'b'].map((name) =>
    (logs[name] ?? []).join('').includes('"msg":"database migrations applied"'),
  );
  expect(applied.filter(Boolean)).toHaveLength(1);
});

test('pages over HTTPS: HTTP redirects, one HSTS header, compression by the server only', async ({
  page,
}) => {
  const plain = await request(`http://127.0.0.1:${PORTS.http}/blog?x=1`);
  expect(plain.status).toBe(301);
  expect(plain.headers.location).toBe(`${SITE}/blog?x=1`);

  for (const urlPath of ['/', '/blog', '/services']) {
    const res = await page.goto(`${SITE}${urlPath}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const home = await request(`${SITE}/`, { headers: { 'accept-encoding': 'gzip, br' } });
  const hsts = home.rawHeaders.filter(
    (_, i) => i % 2 === 0 && home.rawHeaders[i]?.toLowerCase() === 'strict-transport-security',
  );
  expect(hsts).toHaveLength(1);
  expect(home.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  // The server compressed the page (Brotli, its choice); nginx's gzip stayed off.
  expect(home.headers['content-encoding']).toBe('br');
  const small = await request(`${SITE}/api/v1/health`, { headers: { 'accept-encoding': 'gzip' } });
  expect(small.headers['content-encoding']).toBeUndefined();
  // Bodies over 64 KiB stop at nginx.
  const big = await request(`${SITE}/api/v1/contact`, {
    method: 'POST',
    body: JSON.stringify({ message: 'x'.repeat(70 * 1024) }),
  });
  expect(big.status).toBe(413);
});

test('login through the proxy sets a Secure, HttpOnly session cookie; an entry and a draw', async ({
  page,
  context,
}) => {
  await page.goto(`${SITE}/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Admin' })).toBeVisible();
  const cookie = (await context.cookies(`${SITE}/api/v1/auth/me`)).find(
    (c) => c.name === 'aw_session',
  );
  expect(cookie).toMatchObject({ secure: true, httpOnly: true });

  const token = await loginToken(SITE);
  const id = await createGiveaway(SITE, token, { region: '' });
  await page.goto(`${SITE}/giveaway/${id}`);
  const form = page.getByRole('form', { name: 'Enter the Giveaway' });
  await form.getByLabel('Email').fill('visitor@example.com');
  await form.getByLabel('Instagram Handle').fill('@visitor');
  await form.getByRole('checkbox', { name: /I have read the rules/ }).check();
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page.getByRole('region', { name: "You're in!" })).toBeVisible();

  // The draw, through the proxy with the browser's own session cookie.
  const draw = await page.request.post(`${SITE}/api/v1/giveaway/${id}/select-winner`, {
    headers: { origin: SITE },
    data: { close_now: true },
  });
  expect(draw.status(), await draw.text()).toBe(200);
  const drawn = (await draw.json()) as { winner: { instagram_handle: string } };
  expect(drawn.winner.instagram_handle).toBe('visitor');
});

test('rate limits count the address nginx forwards, and believe it only from nginx', async () => {
  const attempt = (url: string, from: string, claimed?: string) =>
    request(`${url}/api/v1/auth/login`, {
      method: 'POST',
      from,
      headers: claimed ? { 'x-forwarded-for': claimed } : {},
      body: JSON.stringify({ username: 'nobody-here', password: 'wrong-password-123' }),
    });
  // Through nginx from 127.0.0.21, claiming a new address each time: the claim is replaced by
  // the real one, so the limit (shared by both processes behind nginx) is reached.
  const through: number[] = [];
  for (let i = 0; i <= LOGIN_LIMIT; i++)
    through.push((await attempt(SITE, '127.0.0.21', `203.0.113.${i + 1}`)).status);
  expect(through).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
  // Another client through the same nginx has its own count: the limit is not nginx's address.
  expect((await attempt(SITE, '127.0.0.22')).status).toBe(401);

  // Straight to a process from 127.0.0.23, claiming to be 127.0.0.24: not believed (only
  // 127.0.0.1 is trusted), so the attempts count against 127.0.0.23 ...
  const straight: number[] = [];
  for (let i = 0; i <= LOGIN_LIMIT; i++)
    straight.push(
      (await attempt(direct(i % 2 ? 'a' : 'b', ''), '127.0.0.23', '127.0.0.24')).status,
    );
  expect(straight).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
  // ... and 127.0.0.24 still has all of its own.
  expect((await attempt(SITE, '127.0.0.24')).status).toBe(401);
});

test('two processes: one giveaway cap, one draw, one session store', async () => {
  const token = await loginToken(direct('a', ''));
  const id = await createGiveaway(direct('a', ''), token, { max_participants: 3 });
  // Eight entries at once, alternating between the processes: exactly three get in.
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => enter(direct(i % 2 ? 'a' : 'b', ''), id, `cap${i}`)),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
  expect(
    answers.filter((a) => a.status !== 200).every((a) => a.status >= 400 && a.status < 500),
  ).toBe(true);
  for (const name of ['a', 'b'] as const) {
    const g = json<{ participant_count: number }>(
      await request(direct(name, `/api/v1/giveaway/${id}`)),
    );
    expect(g.participant_count).toBe(3);
  }

  // Both processes asked to draw at the same moment: one draw.
  const draws = await Promise.all(
    (['a', 'b'] as const).map((name) =>
      request(direct(name, `/api/v1/giveaway/${id}/select-winner`), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({ close_now: true }),
      }),
    ),
  );
  expect(draws.map((d) => d.status).sort()).toEqual([200, 409]);
  const winners = await Promise.all(
    (['a', 'b'] as const).map(
      async (name) =>
        json<{ winner_id: number | null }>(
          await request(direct(name, `/api/v1/giveaway/${id}`), {
            headers: { authorization: `Bearer ${token}` },
          }),
        ).winner_id,
    ),
  );
  expect(winners[0]).not.toBeNull();
  expect(winners[1]).toBe(winners[0]);

  // A session started on A works on B; logging out on B ends it on A.
  const session = await loginToken(direct('a', ''));
  const me = (name: 'a' | 'b') =>
    request(direct(name, '/api/v1/auth/me'), { headers: { authorization: `Bearer ${session}` } });
  expect((await me('b')).status).toBe(200);
  const out = await request(direct('b', '/api/v1/auth/logout'), {
    method: 'POST',
    headers: { authorization: `Bearer ${session}` },
  });
  expect(out.status).toBeLessThan(300);
  expect((await me('a')).status).toBe(401);
});

test("two processes: an erasure made through one leaves the other's giveaway page before it answers", async () => {
  const token = await loginToken(direct('a', ''));
  const auth = { authorization: `Bearer ${token}` };
  const id = await createGiveaway(direct('a', ''), token);
  const tag = crypto.randomBytes(3).toString('hex');
  for (const n of [1, 2, 3])
    expect((await enter(direct('a', ''), id, `kept${tag}${n}`)).status).toBe(200);
  const drawn = await request(direct('a', `/api/v1/giveaway/${id}/select-winner`), {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ close_now: true }),
  });
  expect(drawn.status).toBe(200);
  // B draws the page and keeps it.
  const page = async () => (await request(direct('b', `/giveaway/${id}`))).body;
  const before = await page();
  const winner = new RegExp(`kept${tag}\\d`).exec(before)?.[0];
  expect(winner, 'the drawn page names the winner').toBeDefined();
  expect(await page()).toBe(before);

  const erased = await request(direct('a', '/api/v1/personal-data/erase'), {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ email: `${winner}@example.com` }),
  });
  expect(erased.status).toBe(200);
  expect(await page()).not.toContain(winner);
});

test('two processes: a scheduled draft is committed once, by itself, within a minute of its time', async () => {
  const token = await loginToken(direct('a', ''));
  const auth = { authorization: `Bearer ${token}` };
  const title = `Scheduled Behind The Proxy ${crypto.randomBytes(2).toString('hex')}`;
  const draft = await request(direct('a', '/api/v1/drafts'), {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      title,
      description: 'A post that publishes itself while two processes run.',
      category: 'engineering',
      author: 'Ops Test',
      tags: ['operations'],
      series: '',
      series_order: null,
      body: '## On time\n\nCommitted once, by one of the two processes.\n',
    }),
  });
  expect(draft.status, draft.body).toBe(201);
  const id = json<{ id: number }>(draft).id;
  const at = new Date(Date.now() + 5_000).toISOString();
  const scheduled = await request(direct('a', `/api/v1/drafts/${id}/schedule`), {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ publish_at: at }),
  });
  expect(scheduled.status, scheduled.body).toBe(200);
  // Both processes list it.
  for (const name of ['a', 'b'] as const) {
    const list = await request(direct(name, '/api/v1/drafts/scheduled'), { headers: auth });
    expect(json<{ items: { draft_id: number }[] }>(list).items.map((i) => i.draft_id)).toContain(
      id,
    );
  }
  const commits = () =>
    execFileSync('git', ['log', '--format=%s'], { cwd: serverEnv.CONTENT_DIR, encoding: 'utf8' })
      .split('\n')
      .filter((line) => line === `Publish "${title}"`).length;
  expect(commits()).toBe(0);
  // Each process looks every 15 s: it is committed within a minute of its time.
  await until('the scheduled draft to be committed', async () => commits() === 1, 65_000);
  // Both processes look again (more than one round each): still one commit, one job.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  expect(commits()).toBe(1);
  const jobs = await request(direct('b', '/api/v1/publish-jobs'), { headers: auth });
  const mine = json<{ items: { title: string; status: string; requested_by: string }[] }>(
    jobs,
  ).items.filter((job) => job.title === title);
  expect(mine).toEqual([
    expect.objectContaining({ status: 'succeeded', requested_by: ADMIN.username }),
  ]);
  for (const name of ['a', 'b'] as const) {
    const list = await request(direct(name, '/api/v1/drafts/scheduled'), { headers: auth });
    expect(json<{ items: unknown[] }>(list).items).toEqual([]);
  }
});

test('PUBLISH_MODE=git: one process commits, the deploy builds once, both serve the new build', async () => {
  const token = await loginToken(direct('b', ''));
  const auth = { authorization: `Bearer ${token}` };
  const title = `Published Behind The Proxy ${crypto.randomBytes(2).toString('hex')}`;
  const draft = await request(direct('b', '/api/v1/drafts'), {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      title,
      description: 'A post published through one of two processes.',
      category: 'engineering',
      author: 'Ops Test',
      tags: ['operations'],
      series: '',
      series_order: null,
      body: '## It works\n\nServed by both processes after the deploy.\n',
    }),
  });
  expect(draft.status, draft.body).toBe(201);
  const published = await request(
    direct('b', `/api/v1/drafts/${json<{ id: number }>(draft).id}/publish`),
    {
      method: 'POST',
      headers: auth,
    },
  );
  expect(published.status, published.body).toBeLessThan(300);
  const job = json<{ status: string; slug: string; log_tail: string }>(published);
  expect(job.status).toBe('succeeded');
  expect(job.log_tail).toMatch(/^Committed [0-9a-f]+\./);
  const log = execFileSync('git', ['log', '--format=%s', '-1'], {
    cwd: serverEnv.CONTENT_DIR,
    encoding: 'utf8',
  });
  expect(log.trim()).toBe(`Publish "${title}"`);
  // Not built yet: neither process serves it.
  for (const name of ['a', 'b'] as const)
    expect((await request(direct(name, `/blog/${job.slug}`))).status).toBe(404);

  // The deployment step, as documented, with the servers' settings.
  const deploy = spawnSync(
    'flock',
    ['/tmp/gatsby-build.lock', process.execPath, 'scripts/deploy-site.mjs'],
    { cwd: root, env: serverEnv, encoding: 'utf8', timeout: 14 * 60_000 },
  );
  expect(deploy.status, `${deploy.stdout}${deploy.stderr}`).toBe(0);
  expect(deploy.stdout.trim().split('\n')).toHaveLength(1);
  expect(deploy.stdout.trim()).toMatch(
    /^Built the site from .* and switched servers to .*deploy-\d+\.$/,
  );

  for (const name of ['a', 'b'] as const) {
    await until(
      `process ${name} to serve the new post`,
      async () => {
        const res = await request(direct(name, `/blog/${job.slug}`));
        return res.status === 200 && res.body.includes(title);
      },
      20_000,
    );
  }
  const viaProxy = await request(`${SITE}/blog/${job.slug}`);
  expect(viaProxy.status).toBe(200);
  expect(viaProxy.body).toContain(title);
});
