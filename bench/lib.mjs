// Shared by the benchmark scripts: start the API on loopback, wait for it, launch Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The flags this machine needs (see playwright.config.ts, which reads the same file). */
export const chromiumFlags = JSON.parse(
  fs.readFileSync(path.join(root, 'scripts/chromium-flags.json'), 'utf8'),
);
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `--name value` from the command line, or the fallback. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = process.argv[i + 1];
  return typeof fallback === 'number' ? Number(value) : value;
}

/** Starts the server (compiled by default) on 127.0.0.1 with the given environment. */
export function startServer(env, { entry = ['server/dist/server.js'], quiet = true } = {}) {
  return spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
}

/** Resolves once GET {base}/api/v1/health answers 200; throws after `timeoutMs`. */
export async function waitHealthy(base, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${base} did not become healthy within ${timeoutMs} ms`);
}

/** The lock every benchmark build takes, so two measured builds never share the machine. */
export const BUILD_LOCK = '/tmp/gatsby-build.lock';

/**
 * Takes BUILD_LOCK for as long as the caller needs it (for builds this script does not start
 * itself, such as the server's publish builds). Resolves with the seconds waited and a release
 * function once the lock is held.
 */
export function holdBuildLock() {
  const requested = performance.now();
  // flock keeps the lock while its child runs; the child (sleep) holds the open file too, so the
  // whole process group is stopped on release.
  const child = spawn('flock', [BUILD_LOCK, 'sh', '-c', 'echo locked; exec sleep 86400'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const release = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () =>
      resolve({ waited: (performance.now() - requested) / 1000, release }),
    );
    child.once('exit', (code) => reject(new Error(`flock ${BUILD_LOCK} exited (${code})`)));
  });
}

/** The 1-, 5- and 15-minute load averages, as "1.08 2.24 3.17". */
export function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** Median of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Builds copies of the site with bench/build-scale.mjs (under the build lock, Node's default heap)
 * and returns their folders: `${out}/ours-${count}` for each count. `posts` 0 with `withBundled`
 * is the checked-in content as it is. Throws when a build fails.
 */
export function buildSiteCopies(out, counts, { withBundled = false } = {}) {
  const args = [
    path.join(root, 'bench/build-scale.mjs'),
    '--posts',
    counts.join(','),
    '--target',
    'ours',
    '--out',
    out,
  ];
  if (withBundled) args.push('--with-bundled');
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`bench/build-scale.mjs failed (exit ${result.status})`);
  return counts.map((count) => path.join(out, `ours-${count}`));
}

/** Starts the server on 127.0.0.1:`port` serving the built copy in `siteRoot`; resolves when healthy. */
export async function serveBuiltCopy(siteRoot, port, env = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serve-'));
  const server = startServer({
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dataDir, 'site.db')}`,
    DATA_DIR: dataDir,
    SITE_DIR: path.join(siteRoot, 'public'),
    ...env,
  });
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null && server.signalCode === null)
      await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A loaded machine can take half a minute to start the server (migrations, the site's files).
    await waitHealthy(`http://127.0.0.1:${port}`, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, stop };
}

/** The first post linked from a page of the site at `base` (default /blog), e.g. "/blog/x". */
export async function firstPostPath(base, page = '/blog') {
  const html = await (await fetch(`${base}${page}`)).text();
  const match = /href="(\/blog\/[a-z0-9-]+)\/?"/.exec(html);
  if (!match) throw new Error(`no post linked from ${page}`);
  return match[1];
}

/**
 * `method url` against the server at `base` with a JSON body (or a form, given URLSearchParams)
 * and an optional bearer token; answers the parsed JSON, and throws with the status and body on
 * any answer but 2xx.
 */
export async function requestJson(base, method, url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body instanceof URLSearchParams ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body instanceof URLSearchParams ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}
