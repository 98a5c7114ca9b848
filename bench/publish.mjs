/**
 * Publish benchmark: how long an editor waits, from publishing a draft to the post answering at
 * /blog/{slug}, on a site with N posts; and whether the server answers every request meanwhile.
 *
 *   npm run bench:publish -- --posts N [--runs 3] [--port 8500] [--seed 1] [--keep]
 *
 * It starts the compiled server (server/dist/server.js) on 127.0.0.1 with its own SQLite database,
 * DATA_DIR, PUBLISH_WORK_DIR and a CONTENT_DIR whose blog/ holds N generated posts
 * (scripts/generate-posts.ts; the rest of content/ is copied as it is), in PUBLISH_MODE=build with
 * the default SITE_BUILD_COMMAND (scripts/build-site-aside.mjs, the aside build with its own
 * Gatsby cache). Then, signed in as the admin through the API:
 *
 *   1. warm-up: one draft is published to build the N-post site for the first time (cold: no
 *      Gatsby cache in PUBLISH_WORK_DIR yet); its time is reported apart, not in the median;
 *   2. --runs times: create a draft, POST /api/v1/drafts/{id}/publish, then GET /blog/{slug} every
 *      200 ms until it answers 200 with the post's title. The time from the POST to that answer
 *      is the figure; the job's own started/finished times show how much of it was the build.
 *
 * During the measured runs two loops request, one after another, API routes (health, giveaways,
 * drafts, publish jobs, posts) and pages (/, /blog, a generated post): every answer is counted by
 * status, and 5xx answers and failed requests (refused, reset, no answer in 10 s) must be 0.
 *
 * The whole run holds /tmp/gatsby-build.lock (the lock bench:build takes), so no other benchmark
 * build shares the machine with the publish builds; waiting for it is reported and not counted.
 * Node's default heap: NODE_OPTIONS is not passed to the server or its builds.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, holdBuildLock, loadAverage, median, root, startServer, waitHealthy } from './lib.mjs';

const posts = arg('posts', 1000);
const runs = arg('runs', 3);
const port = arg('port', 8500);
const seed = arg('seed', 1);
const keep = process.argv.includes('--keep');
/** How long one publish may take before the run gives up. */
const PUBLISH_TIMEOUT_MS = arg('timeout-min', 20) * 60_000;
const POLL_MS = 200;
const LOOP_PAUSE_MS = 50;
const REQUEST_TIMEOUT_MS = 10_000;

if (![posts, runs, port, seed].every(Number.isInteger) || posts < 1 || runs < 1) {
  console.error(
    'Usage: node bench/publish.mjs --posts N [--runs 3] [--port 8500] [--seed 1] [--timeout-min 20] [--keep]',
  );
  process.exit(1);
}
if (!fs.existsSync(path.join(root, 'server/dist/server.js'))) {
  console.error('server/dist is missing: run `npm run build:server` (npm run bench:publish does).');
  process.exit(1);
}

const base = `http://127.0.0.1:${port}`;
const admin = { username: 'bench-admin', password: 'bench-password-123' };
const machine = `${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.versions.node.split('.').slice(0, 2).join('.')}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentworks-bench-publish-'));
const dataDir = path.join(dir, 'data');
const contentDir = path.join(dir, 'content');
const workDir = path.join(dir, 'publish-work');
fs.mkdirSync(dataDir);

// content/ as checked in, with blog/ holding the generated posts only.
fs.cpSync(path.join(root, 'content'), contentDir, {
  recursive: true,
  filter: (source) => path.relative(path.join(root, 'content'), source) !== 'blog',
});
execFileSync(
  path.join(root, 'node_modules/.bin/tsx'),
  ['scripts/generate-posts.ts', path.join(contentDir, 'blog'), String(posts), `--seed=${seed}`],
  { cwd: root, stdio: 'inherit' },
);
const generated = fs
  .readdirSync(path.join(contentDir, 'blog'))
  .filter((f) => f.endsWith('.md'))
  .sort();
const existingSlug = generated[0].slice(0, -'.md'.length);

let token = '';
async function api(method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Routes the loops request while publishes run: whether each answer is what it should be. */
const WATCHED = [
  { url: '/api/v1/health', auth: false },
  { url: '/api/v1/giveaway', auth: false },
  { url: '/api/v1/drafts', auth: true },
  { url: '/api/v1/publish-jobs', auth: true },
  { url: '/api/v1/posts', auth: true },
  { url: '/', auth: false },
  { url: '/blog', auth: false },
  { url: `/blog/${existingSlug}`, auth: false },
];
const counts = new Map(
  WATCHED.map((w) => [w.url, { total: 0, ok: 0, other: 0, s5xx: 0, errors: 0 }]),
);
const firstProblems = [];

function startLoops(loops) {
  let running = true;
  const loop = async (offset) => {
    let i = offset;
    while (running) {
      const { url, auth } = WATCHED[i % WATCHED.length];
      i += 1;
      const c = counts.get(url);
      c.total += 1;
      try {
        const res = await fetch(`${base}${url}`, {
          headers: auth ? { authorization: `Bearer ${token}` } : {},
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        if (res.status >= 500) c.s5xx += 1;
        else if (res.ok) c.ok += 1;
        else c.other += 1;
        if (!res.ok && firstProblems.length < 10) firstProblems.push(`${url}: ${res.status}`);
      } catch (error) {
        c.errors += 1;
        if (firstProblems.length < 10) firstProblems.push(`${url}: ${error.message}`);
      }
      await sleep(LOOP_PAUSE_MS);
    }
  };
  const done = Array.from({ length: loops }, (_, n) => loop(n * 3));
  return async () => {
    running = false;
    await Promise.all(done);
  };
}

/** Publishes one new draft and waits for its page; returns the seconds and the job's times. */
async function publishOne(label) {
  const title = `Bench publish ${label} ${Date.now()}`;
  const draft = await api('POST', '/api/v1/drafts', {
    title,
    description: 'A post published by the publish benchmark.',
    category: 'engineering',
    author: 'Bench Editor',
    tags: ['benchmark'],
    series: '',
    series_order: null,
    body: `## What this is\n\nPublished by bench/publish.mjs (${label}).\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n\`\`\`ts\nconst answer = 42;\n\`\`\`\n`,
  });
  const start = performance.now();
  const job = await api('POST', `/api/v1/drafts/${draft.id}/publish`);
  const until = Date.now() + PUBLISH_TIMEOUT_MS;
  let lastJobCheck = 0;
  for (;;) {
    const res = await fetch(`${base}/blog/${draft.slug}`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).catch(() => null);
    const text = res ? await res.text() : '';
    // The post's own page, not a fallback that answers 200 for any path.
    if (res?.status === 200 && text.includes(title)) break;
    if (Date.now() > until) throw new Error(`/blog/${draft.slug} did not answer 200 in time`);
    if (Date.now() - lastJobCheck > 2000) {
      lastJobCheck = Date.now();
      const jobs = await api('GET', '/api/v1/publish-jobs');
      const mine = jobs.items.find((j) => j.id === job.id);
      if (mine?.status === 'failed') throw new Error(`the publish build failed:\n${mine.log_tail}`);
    }
    await sleep(POLL_MS);
  }
  const seconds = (performance.now() - start) / 1000;
  const jobs = await api('GET', '/api/v1/publish-jobs');
  const done = jobs.items.find((j) => j.id === job.id);
  const buildSeconds =
    done?.started_at && done?.finished_at
      ? (Date.parse(done.finished_at) - Date.parse(done.started_at)) / 1000
      : null;
  return { slug: draft.slug, seconds, buildSeconds, status: done?.status ?? '?' };
}

let server;
let lock;
let failed = false;
const results = [];
let cold;
try {
  console.log(`Publish benchmark, ${new Date().toISOString()}, ${machine}`);
  console.log(`${posts} generated posts (seed ${seed}) in ${contentDir}; ${runs} measured run(s)`);
  lock = await holdBuildLock();
  console.log(`Build lock held after ${lock.waited.toFixed(1)} s; load average ${loadAverage()}`);
  server = startServer({
    // Node's default heap for the server and its builds (undefined leaves the variable out).
    NODE_OPTIONS: undefined,
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dataDir, 'site.db')}`,
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dir, 'no-site-yet'),
    CONTENT_DIR: contentDir,
    PUBLISH_MODE: 'build',
    PUBLISH_WORK_DIR: workDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    RATE_LIMITS: 'off',
  });
  await waitHealthy(base);
  token = (await api('POST', '/api/v1/auth/login', admin)).access_token;

  console.log('\nWarm-up publish (first build of the site, no Gatsby cache yet)…');
  cold = await publishOne('warm-up');
  console.log(
    `  ${cold.seconds.toFixed(1)} s to 200 (build ${cold.buildSeconds?.toFixed(1) ?? '?'} s)`,
  );

  const stopLoops = startLoops(2);
  try {
    for (let r = 1; r <= runs; r++) {
      console.log(`\nRun ${r} of ${runs} (load average ${loadAverage()})…`);
      const result = await publishOne(`run ${r}`);
      results.push(result);
      console.log(
        `  /blog/${result.slug}: ${result.seconds.toFixed(1)} s to 200 (build ${result.buildSeconds?.toFixed(1) ?? '?'} s)`,
      );
    }
  } finally {
    await stopLoops();
  }
} catch (error) {
  failed = true;
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  lock?.release();
  if (keep) console.log(`\nKept ${dir}.`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

if (results.length > 0) {
  const totals = [...counts.values()].reduce(
    (sum, c) => ({
      total: sum.total + c.total,
      s5xx: sum.s5xx + c.s5xx,
      errors: sum.errors + c.errors,
      other: sum.other + c.other,
    }),
    { total: 0, s5xx: 0, errors: 0, other: 0 },
  );
  const m = median(results.map((r) => r.seconds));
  const mb = results.every((r) => r.buildSeconds !== null)
    ? median(results.map((r) => r.buildSeconds)).toFixed(1)
    : '–';
  console.log(`\nLoad average after: ${loadAverage()}`);
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${machine}, ${posts.toLocaleString('en')} posts:\n`,
  );
  console.log(
    '| posts | cold publish → 200 s | publish → 200 s (median) | each run s | build s (median) | requests meanwhile | 5xx | errors | other non-2xx | target ≤ 60 s |',
  );
  console.log(
    '| ----: | -------------------: | -----------------------: | ---------- | ---------------: | -----------------: | --: | -----: | ------------: | ------------- |',
  );
  // The target is set for 1,000 posts; smaller check runs have none.
  let verdict = '– (no target below 1,000 posts)';
  if (posts >= 1000)
    verdict = m <= 60 && totals.s5xx === 0 && totals.errors === 0 ? 'met' : 'not met';
  console.log(
    `| ${posts.toLocaleString('en')} | ${cold.seconds.toFixed(1)} | ${m.toFixed(1)} | ${results.map((r) => r.seconds.toFixed(1)).join(', ')} | ${mb} | ${totals.total} | ${totals.s5xx} | ${totals.errors} | ${totals.other} | ${verdict} |`,
  );
  console.log('\nRequests meanwhile, by route (2xx / other 4xx / 5xx / errors):');
  for (const [url, c] of counts) {
    console.log(`  ${url}: ${c.ok} / ${c.other} / ${c.s5xx} / ${c.errors}`);
  }
  if (firstProblems.length > 0) console.log(`First problems: ${firstProblems.join('; ')}`);
  if (totals.s5xx > 0 || totals.errors > 0) failed = true;
}
process.exit(failed ? 1 : 0);
