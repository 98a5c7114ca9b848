// Shared by the benchmark scripts: start the API on loopback, wait for it, launch Debian's Chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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
