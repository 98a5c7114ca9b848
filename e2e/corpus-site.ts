import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eAdmin } from '../playwright.config';

/**
 * A second build of the site for e2e/pipeline.spec.ts: the bundled posts of content/blog plus the
 * hostile and prose corpora (pipeline/corpus), built by a real `gatsby build` through
 * scripts/build-site-aside.mjs (the script the publish flow uses) and served by its own server
 * process on E2E_PORT + 2, so the corpus posts never reach the other specs' server.
 *
 * One build per Playwright run: the folder is stamped with the runner's process id, so a worker
 * restarted after a failed test serves the same build again instead of building anew. Set
 * E2E_CORPUS_REUSE=1 to serve an earlier run's build as it is (quicker while writing tests; the
 * build is then as old as its inputs were).
 */

const root = path.resolve(__dirname, '..');
const mainPort = Number(process.env.E2E_PORT ?? 8123);
export const corpusPort = mainPort + 2;
export const corpusBaseURL = `http://127.0.0.1:${corpusPort}`;
export const corpusDir = path.join(os.tmpdir(), `site-e2e-corpus-${corpusPort}`);
export const corpusSource = path.join(root, 'pipeline/corpus');
const contentDir = path.join(corpusDir, 'content');
const outDir = path.join(corpusDir, 'site');
const dataDir = path.join(corpusDir, 'data');
const stampFile = path.join(corpusDir, 'built-for-run');
const logFile = path.join(corpusDir, 'build.log');

/**
 * Put into the build's environment under the names an attacker would read: if a post could read
 * the environment while building, this text would show up in the output.
 */
export const buildSecret = 'corpus-build-secret-4c1d9e';

/** Playwright's workers are children of the runner: its id names this run. */
const runId = String(process.ppid);

export interface CorpusPost {
  kind: 'hostile' | 'prose';
  file: string;
  source: string;
}

export function corpusPosts(): CorpusPost[] {
  return (['hostile', 'prose'] as const).flatMap((kind) =>
    fs
      .readdirSync(path.join(corpusSource, kind))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((file) => ({
        kind,
        file,
        source: fs.readFileSync(path.join(corpusSource, kind, file), 'utf8'),
      })),
  );
}

export const siteDir = path.join(outDir, 'public');
export const buildWorkDir = path.join(corpusDir, 'work');

/** An environment with only the variables given (unset ones left out). */
function only(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, log: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', log, log] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${args.join(' ')} failed (exit ${code}); see ${logFile}`)),
    );
  });
}

/** Builds the corpus site unless this run already did. Returns the build's wall time in ms. */
export async function buildCorpusSite(): Promise<number> {
  const reuse = process.env.E2E_CORPUS_REUSE === '1';
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (stamp === runId || (reuse && stamp !== '')) return 0;

  const started = Date.now();
  fs.rmSync(stampFile, { force: true });
  // The work folder keeps Gatsby's cache between local runs; everything else is made fresh.
  for (const entry of [contentDir, outDir, dataDir])
    fs.rmSync(entry, { recursive: true, force: true });
  fs.mkdirSync(corpusDir, { recursive: true });
  fs.cpSync(path.join(root, 'content'), contentDir, { recursive: true });
  for (const post of corpusPosts()) {
    fs.writeFileSync(
      path.join(contentDir, 'blog', `corpus-${post.kind}-${post.file}`),
      post.source,
    );
  }
  const log = fs.openSync(logFile, 'w');
  try {
    await run(
      process.execPath,
      ['scripts/build-site-aside.mjs'],
      only({
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TMPDIR: process.env.TMPDIR,
        NODE_OPTIONS: process.env.NODE_OPTIONS,
        GATSBY_TELEMETRY_DISABLED: '1',
        CI: process.env.CI,
        SITE_BUILD_OUT: outDir,
        CONTENT_DIR: contentDir,
        ADMIN_PASSWORD: buildSecret,
        JWT_SECRET: buildSecret,
        DATABASE_URL: `sqlite:${buildSecret}`,
      }),
      log,
    );
  } finally {
    fs.closeSync(log);
  }
  fs.writeFileSync(stampFile, `${runId}\n`);
  return Date.now() - started;
}

/** Starts the server on the corpus build; resolves once it answers its health check. */
export async function startCorpusServer(): Promise<ChildProcess> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const server = spawn(process.execPath, ['server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: only({
      PATH: process.env.PATH,
      TMPDIR: process.env.TMPDIR,
      PORT: String(corpusPort),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dataDir}/site.db`,
      DATA_DIR: dataDir,
      CONTENT_DIR: contentDir,
      SITE_DIR: siteDir,
      PUBLISH_MODE: 'build',
      PUBLISH_WORK_DIR: path.join(corpusDir, 'publish'),
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      JWT_SECRET: 'e2e-corpus-secret-e2e-corpus-secret-e2e',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: corpusBaseURL,
    }),
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the corpus server exited (${server.exitCode})`);
    try {
      const res = await fetch(`${corpusBaseURL}/api/v1/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error(`the corpus server did not answer on ${corpusBaseURL} within 60 s`);
}

/** Every file under `dir` whose name contains `marker` (links, node_modules and .git not entered). */
export function filesNamed(dir: string, marker: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.includes(marker)) found.push(full);
    if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.git') {
      found.push(...filesNamed(full, marker));
    }
  }
  return found;
}

/** Every .html file of a built site, as paths relative to it. */
export function htmlPages(dir: string, under = ''): string[] {
  const pages: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const relative = path.posix.join(under, entry.name);
    if (entry.isDirectory() && relative !== '_gatsby') pages.push(...htmlPages(dir, relative));
    else if (entry.isFile() && entry.name.endsWith('.html')) pages.push(relative);
  }
  return pages.sort();
}
