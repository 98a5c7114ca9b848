import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * A built checkout copied to another folder (a deploy by copy, a restore into a new folder), a
 * post changed there, then `npm start`: Gatsby's cache in the copy holds the first folder's
 * absolute paths, on which a rebuild fails ("The result of this StaticQuery could not be
 * fetched"). The site must be rebuilt from scratch by itself, saying so in one line, and the
 * server must come up and serve it. One real Gatsby build or two (minutes).
 */

const root = path.resolve(__dirname, '../..');
const PORT = Number(process.env.E2E_OPS_PORT ?? 8400) + 4;
const FROM_SCRATCH =
  /^\[build\] site: .*building (from scratch|once more from scratch) \(removed \.cache and public\)\.$/;

let work: string | null = null;
let child: ChildProcess | null = null;

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('a copied checkout whose site is stale rebuilds it from scratch and starts', async () => {
  test.setTimeout(15 * 60_000);
  // npm run test:e2e:ops builds the site here before the specs run.
  expect(fs.existsSync(path.join(root, 'public', '.build-stamp'))).toBe(true);
  expect(fs.existsSync(path.join(root, '.cache'))).toBe(true);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-moved-'));
  const copy = path.join(work, 'checkout');
  execFileSync('cp', ['-a', root, copy]);
  const posts = fs.readdirSync(path.join(copy, 'content', 'blog')).filter((f) => f.endsWith('.md'));
  const post = path.join(copy, 'content', 'blog', posts[0] as string);
  const now = new Date();
  fs.utimesSync(post, now, now);

  const output: string[] = [];
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: copy,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? work,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: `sqlite:${path.join(work, 'data', 'site.db')}`,
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'moved-owner-password-123',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));

  const deadline = Date.now() + 12 * 60_000;
  let healthy = false;
  while (!healthy && Date.now() < deadline) {
    const ended = await Promise.race([
      exited.then((code) => ({ code })),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000)),
    ]);
    if (ended)
      throw new Error(`npm start exited (${ended.code}):\n${output.join('').slice(-4000)}`);
    healthy = await fetch(`http://127.0.0.1:${PORT}/api/v1/health`)
      .then((res) => res.ok)
      .catch(() => false);
  }
  expect(healthy).toBe(true);

  const lines = output.join('').split('\n');
  expect(lines.filter((line) => FROM_SCRATCH.test(line))).toHaveLength(1);
  const slug = /^slug:\s*(\S+)/m.exec(fs.readFileSync(post, 'utf8'))?.[1];
  expect(slug).toBeTruthy();
  for (const page of ['/', `/blog/${slug as string}`]) {
    const res = await fetch(`http://127.0.0.1:${PORT}${page}`);
    expect({ page, status: res.status }).toEqual({ page, status: 200 });
  }
  // The copy's stamp names the copy: the next start finds the site up to date.
  expect(fs.readFileSync(path.join(copy, 'public', '.build-stamp'), 'utf8')).toContain(
    `root=${copy}\n`,
  );
});
