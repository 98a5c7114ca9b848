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
 *      Gatsby cache in PUBLISH_WORK_DIR yet, and no site served yet to draw the post into); its
 *      time is reported apart, not in the median;
 *   2. --runs times: create a draft, POST /api/v1/drafts/{id}/publish, then GET /blog/{slug} every
 *      200 ms until it answers 200 with the post's title, and /blog until it links the post. The
 *      time from the POST to the post's 200 is the figure, and to both ("and listed"). The server
 *      may show the change before its build is served (drawn at request time), so the run then
 *      waits for the job to succeed (its build switched in), reported as "built and switched";
 *      the job's own started/finished times show how much of it was the build;
 *   3. for each post published in 2: Update (POST /api/v1/posts/{slug}/edit, a new title saved
 *      with PUT /api/v1/drafts/{id}, publish) until the post and /blog show the new title; then
 *      Unpublish (POST /api/v1/posts/{slug}/unpublish) until the post answers 404 and /blog no
 *      longer links it. Timed the same way;
 *   4. the first publish after a start: the server is stopped, the Gatsby cache of its work
 *      folder removed (as on a new machine or after `gatsby clean`), the server started again on
 *      the same data (the site it served before is served again), and one draft published, timed
 *      as in 2. This is the figure for "the first publish after a start".
 *
 * During the measured runs two loops request, one after another, API routes (health, giveaways,
 * drafts, publish jobs, posts) and pages (/, /blog, a generated post): every answer is counted by
 * status, and 5xx answers and failed requests (refused, reset, no answer in 10 s) must be 0. A
 * page is "mixed" when a script or style sheet of the site that it names (src, or href of a
 * <link>) does not answer 200 right after it: a page of one build with the files of another.
 * Mixed pages must be 0 too.
 *
 * The whole run holds /tmp/gatsby-build.lock (the lock bench:build takes), so no other benchmark
 * build shares the machine with the publish builds; waiting for it is reported and not counted.
 * Node's default heap: NODE_OPTIONS is not passed to the server or its builds.
 */
import { execFileSync } from 'node:child_process';
import { parseDocument } from 'htmlparser2';
import { selectAll } from 'css-select';
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
  WATCHED.map((w) => [w.url, { total: 0, ok: 0, other: 0, s5xx: 0, errors: 0, mixed: 0 }]),
);
const firstProblems = [];

/** The site's own scripts and style sheets a page names. */
function assetsOf(html) {
  const page = parseDocument(html);
  const urls = new Set();
  for (const element of selectAll('script[src], link[href]', page)) {
    const { src, href, rel = '' } = element.attribs;
    const url = src ?? href;
    if (!url.startsWith('/') || url.startsWith('//')) continue;
    if (src || /\b(stylesheet|preload|modulepreload)\b/.test(rel)) urls.add(url);
  }
  return [...urls];
}

/** Whether every script and style sheet the page names answers 200 now. */
async function whole(html) {
  for (const url of assetsOf(html)) {
    const res = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await res.arrayBuffer();
    if (res.status !== 200) return `${url}: ${res.status}`;
  }
  return null;
}

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
        const body = await res.text();
        if (res.ok && (res.headers.get('content-type') ?? '').startsWith('text/html')) {
          const missing = await whole(body);
          if (missing) {
            c.mixed += 1;
            if (firstProblems.length < 10) firstProblems.push(`${url} (mixed): ${missing}`);
          }
        }
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

async function page(url) {
  const res = await fetch(`${base}${url}`, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch(() => null);
  return { status: res?.status ?? 0, text: res ? await res.text() : '' };
}

/**
 * Waits until the post's page and /blog show a change, then until its job has succeeded (its
 * build switched in): returns the seconds from `start` to the post's own answer being right, to
 * both being right, and to the job's success, and the job's build seconds.
 */
async function waitFor(jobId, start, { post, list }) {
  const until = Date.now() + PUBLISH_TIMEOUT_MS;
  let lastJobCheck = 0;
  let postSeconds = null;
  for (;;) {
    if (postSeconds === null && (await post())) postSeconds = (performance.now() - start) / 1000;
    if (postSeconds !== null && (await list())) break;
    if (Date.now() > until) throw new Error(`job ${jobId}: the change did not show in time`);
    if (Date.now() - lastJobCheck > 2000) {
      lastJobCheck = Date.now();
      const jobs = await api('GET', '/api/v1/publish-jobs');
      const mine = jobs.items.find((j) => j.id === jobId);
      if (mine?.status === 'failed') throw new Error(`the publish build failed:\n${mine.log_tail}`);
    }
    await sleep(POLL_MS);
  }
  const listedSeconds = (performance.now() - start) / 1000;
  // The server may show a change before its build is served (drawn at request time): the run
  // goes on until the job's build is switched in, so the next change never waits behind it and
  // the time to the built site is reported too.
  let done;
  for (;;) {
    const jobs = await api('GET', '/api/v1/publish-jobs');
    done = jobs.items.find((j) => j.id === jobId);
    if (done?.status === 'succeeded') break;
    if (done?.status === 'failed') throw new Error(`the publish build failed:\n${done.log_tail}`);
    if (Date.now() > until) throw new Error(`job ${jobId}: the build did not finish in time`);
    await sleep(POLL_MS);
  }
  const builtSeconds = (performance.now() - start) / 1000;
  const buildSeconds =
    done?.started_at && done?.finished_at
      ? (Date.parse(done.finished_at) - Date.parse(done.started_at)) / 1000
      : null;
  return {
    seconds: postSeconds,
    listedSeconds,
    builtSeconds,
    buildSeconds,
    status: done?.status ?? '?',
  };
}

const linksTo = (html, slug) => html.includes(`href="/blog/${slug}"`);

/** Publishes one new draft and waits for its page and its card on /blog. */
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
  const result = await waitFor(job.id, start, {
    post: async () => {
      const { status, text } = await page(`/blog/${draft.slug}`);
      // The post's own page, not a fallback that answers 200 for any path.
      return status === 200 && text.includes(title);
    },
    list: async () => linksTo((await page('/blog')).text, draft.slug),
  });
  return { slug: draft.slug, ...result };
}

/** Gives a published post a new title through the editor's path and waits for it to show. */
async function updateOne(slug, label) {
  const draft = await api('POST', `/api/v1/posts/${slug}/edit`);
  const title = `Bench update ${label} ${Date.now()}`;
  await api('PUT', `/api/v1/drafts/${draft.id}`, {
    title,
    slug: draft.slug,
    description: draft.description,
    category: draft.category,
    author: draft.author,
    tags: draft.tags,
    series: draft.series,
    series_order: draft.series_order,
    body: draft.body,
  });
  const start = performance.now();
  const job = await api('POST', `/api/v1/drafts/${draft.id}/publish`);
  const result = await waitFor(job.id, start, {
    post: async () => (await page(`/blog/${slug}`)).text.includes(title),
    list: async () => (await page('/blog')).text.includes(title),
  });
  return { slug, ...result };
}

/** Takes a published post down and waits until its page answers 404 and /blog drops it. */
async function unpublishOne(slug) {
  const start = performance.now();
  const job = await api('POST', `/api/v1/posts/${slug}/unpublish`);
  const result = await waitFor(job.id, start, {
    post: async () => (await page(`/blog/${slug}`)).status === 404,
    list: async () => {
      const { status, text } = await page('/blog');
      return status === 200 && !linksTo(text, slug);
    },
  });
  return { slug, ...result };
}

let server;
/** Starts the server on the benchmark's data and signs in as the admin. */
async function startBenchServer() {
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
}
async function stopBenchServer() {
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  server = undefined;
}
let lock;
let afterRestart;
let failed = false;
const results = [];
const updates = [];
const unpublishes = [];
let cold;
try {
  console.log(`Publish benchmark, ${new Date().toISOString()}, ${machine}`);
  console.log(`${posts} generated posts (seed ${seed}) in ${contentDir}; ${runs} measured run(s)`);
  lock = await holdBuildLock();
  console.log(`Build lock held after ${lock.waited.toFixed(1)} s; load average ${loadAverage()}`);
  await startBenchServer();

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
        `  /blog/${result.slug}: ${result.seconds.toFixed(1)} s to 200, ${result.listedSeconds.toFixed(1)} s to listed (built and switched at ${result.builtSeconds.toFixed(1)} s; build ${result.buildSeconds?.toFixed(1) ?? '?'} s)`,
      );
    }
    for (const [n, published] of results.entries()) {
      console.log(`\nUpdate ${n + 1} of ${runs} (load average ${loadAverage()})…`);
      const result = await updateOne(published.slug, `run ${n + 1}`);
      updates.push(result);
      console.log(
        `  ${result.seconds.toFixed(1)} s to the new title, ${result.listedSeconds.toFixed(1)} s on /blog too (built and switched at ${result.builtSeconds.toFixed(1)} s; build ${result.buildSeconds?.toFixed(1) ?? '?'} s)`,
      );
    }
    for (const [n, published] of results.entries()) {
      console.log(`\nUnpublish ${n + 1} of ${runs} (load average ${loadAverage()})…`);
      const result = await unpublishOne(published.slug);
      unpublishes.push(result);
      console.log(
        `  ${result.seconds.toFixed(1)} s to 404, ${result.listedSeconds.toFixed(1)} s off /blog too (built and switched at ${result.builtSeconds.toFixed(1)} s; build ${result.buildSeconds?.toFixed(1) ?? '?'} s)`,
      );
    }
  } finally {
    await stopLoops();
  }

  console.log(
    `\nFirst publish after a start, without Gatsby's cache (load average ${loadAverage()})…`,
  );
  await stopBenchServer();
  for (const entry of ['.cache', 'public']) {
    fs.rmSync(path.join(workDir, 'work', entry), { recursive: true, force: true });
  }
  await startBenchServer();
  afterRestart = await publishOne('after a start');
  console.log(
    `  ${afterRestart.seconds.toFixed(1)} s to 200, ${afterRestart.listedSeconds.toFixed(1)} s to listed (built and switched at ${afterRestart.builtSeconds.toFixed(1)} s; build ${afterRestart.buildSeconds?.toFixed(1) ?? '?'} s)`,
  );
} catch (error) {
  failed = true;
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopBenchServer();
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
      mixed: sum.mixed + c.mixed,
    }),
    { total: 0, s5xx: 0, errors: 0, other: 0, mixed: 0 },
  );
  const seconds = (list, key) =>
    list.length > 0 && list.every((r) => r[key] !== null)
      ? median(list.map((r) => r[key])).toFixed(1)
      : '–';
  console.log(`\nLoad average after: ${loadAverage()}`);
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${machine}, ${posts.toLocaleString('en')} posts, the site's first build → 200 and listed ${cold.seconds.toFixed(1)} / ${cold.listedSeconds.toFixed(1)} s, the first publish after a start ${afterRestart ? `${afterRestart.seconds.toFixed(1)} / ${afterRestart.listedSeconds.toFixed(1)} s` : '–'}:\n`,
  );
  console.log(
    '| change | → post s (median) | → post and /blog s (median) | each run s | → built and switched s (median) | build s (median) |',
  );
  console.log(
    '| ------ | ----------------: | --------------------------: | ---------- | ------------------------------: | ---------------: |',
  );
  for (const [name, list] of [
    ['Publish', results],
    ['Update', updates],
    ['Unpublish', unpublishes],
  ]) {
    console.log(
      `| ${name} | ${seconds(list, 'seconds')} | ${seconds(list, 'listedSeconds')} | ${list.map((r) => r.listedSeconds.toFixed(1)).join(', ')} | ${seconds(list, 'builtSeconds')} | ${seconds(list, 'buildSeconds')} |`,
    );
  }
  // The targets are set for 1,000 posts and more; smaller check runs have none.
  const m = median(results.map((r) => r.listedSeconds));
  const clean = totals.s5xx === 0 && totals.errors === 0 && totals.mixed === 0;
  let verdict = '– (no target below 1,000 posts)';
  if (posts >= 5000) verdict = m <= 20 && clean ? 'met' : 'not met';
  else if (posts >= 1000)
    verdict =
      m <= 10 && afterRestart !== undefined && afterRestart.listedSeconds <= 20 && clean
        ? 'met'
        : 'not met';
  console.log(
    `\nRequests meanwhile: ${totals.total}, 5xx ${totals.s5xx}, errors ${totals.errors}, mixed pages ${totals.mixed}, other non-2xx ${totals.other}.`,
  );
  console.log(
    `Target (publish → post and /blog, median: ≤ 10 s at 1,000 posts with the first ≤ 20 s, ≤ 20 s at 5,000; 0 5xx, errors and mixed pages): ${verdict}.`,
  );
  console.log('\nRequests meanwhile, by route (2xx / other 4xx / 5xx / errors / mixed):');
  for (const [url, c] of counts) {
    console.log(`  ${url}: ${c.ok} / ${c.other} / ${c.s5xx} / ${c.errors} / ${c.mixed}`);
  }
  if (firstProblems.length > 0) console.log(`First problems: ${firstProblems.join('; ')}`);
  if (totals.s5xx > 0 || totals.errors > 0 || totals.mixed > 0) failed = true;
}
process.exit(failed ? 1 : 0);
