/**
 * Our site against a plain Gatsby markdown blog, measured side by side.
 *
 *   npm run bench:peer [-- --rounds 5] [--port 8790] [--max-load 1] [--force]
 *   npm run bench:peer -- --ours DIR [--no-lighthouse] [--label text]
 *
 * Builds (when stale) our site (scripts/build-if-stale.mjs, this checkout's public/) and the
 * yardstick, bench/yardstick (gatsby-source-filesystem + gatsby-transformer-remark, one page per
 * post and an index), in $TMPDIR/agentworks-peer-yardstick-<hash of this checkout's path> with the same checked-in posts as ours
 * (content/blog/*.md), so "a post against a post" compares the same article. The yardstick's
 * scripts and styles get the same Brotli-11 twins as ours (plugins/precompress/precompress.ts) and
 * bench/static-server.mjs serves them with the same compression rules as our server.
 *
 * Both sites are served on 127.0.0.1 (ours: the production server on --port with a fresh SQLite
 * database and six giveaways; the yardstick on --port + 1) and measured interleaved, page pair by
 * page pair (home against home, the same post against the same post, then our /giveaway alone),
 * for --rounds rounds; within a round ours goes first in odd rounds and second in even ones.
 *
 * Per page and round:
 *   - Lighthouse 12.8, mobile, simulated throttling: Performance score, FCP, LCP, TBT, CLS,
 *     script bytes transferred and benchmarkIndex (bench/lib.mjs lighthouseRun);
 *   - a real-browser view: the same Chromium through Playwright, a fresh context (empty cache) per
 *     load, 412×823 viewport, CPU slowed 4× with CDP Emulation.setCPUThrottlingRate, no network
 *     throttling (loopback). Observers installed before the page's first byte record:
 *       FCP        the 'first-contentful-paint' paint entry;
 *       LCP        the last 'largest-contentful-paint' entry (no input is sent, so it is final);
 *       long tasks the sum of 'longtask' entry durations (every task over 50 ms, whole duration);
 *       last script the time of the last `load` event of a <script src> element (it fires right
 *                  after that script has run), counting webpack's chunk scripts too;
 *       JS KB      transferSize of the 'resource' entries with initiatorType script;
 *       list visible (/giveaway only) the first frame after a giveaway card
 *                  (`section[aria-label="All giveaways"] article`) is in the document: the time
 *                  of a task queued from the requestAnimationFrame after the card appeared.
 *     Times are from navigation start. A load ends when the network has been idle for 500 ms and
 *     then neither the long-task sum nor the last-script time has moved for 1.5 s (at most 20 s).
 *
 * The machine is shared, so it refuses to measure while a Gatsby build runs (a `gatsby build`
 * process, or /tmp/gatsby-build.lock held) or while the 1-minute load average is above --max-load
 * (default 1.0; it first waits up to 3 minutes for it to settle after its own builds), and holds the
 * build lock while it measures. --force measures anyway and says so in the output. The load
 * average is printed before, after every round and at the end; raw figures go to
 * bench/results/peer-<time>.json.
 *
 * --ours DIR measures an already-built copy of our site (its public/ and .cache/, e.g. one of
 * bench/build-scale.mjs --out) instead of this checkout. --no-lighthouse measures the
 * real-browser view only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import {
  arg,
  BUILD_LOCK,
  chromiumFlags,
  chromiumPath,
  holdBuildLock,
  lighthouseRun,
  loadAverage,
  median,
  root,
  serveBuiltCopy,
} from './lib.mjs';
import { serveStatic } from './static-server.mjs';

const rounds = arg('rounds', 5);
const port = arg('port', 8790);
const maxLoad = arg('max-load', 1);
const force = process.argv.includes('--force');
const withLighthouse = !process.argv.includes('--no-lighthouse');
const oursArg = arg('ours', '');
const label = arg('label', oursArg ? path.basename(oursArg) : 'this checkout');
const POST = arg('post', 'prompt-injection-threat-model-for-agents');
const SETTLE_MS = 180_000;
const LIST_SELECTOR = 'section[aria-label="All giveaways"] article';
const admin = { username: 'bench-admin', password: 'bench-password-123' };

if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(port) || !(maxLoad > 0)) {
  console.error(
    'Usage: node bench/peer.mjs [--rounds 5] [--port 8790] [--max-load 1] [--force] [--ours DIR] [--no-lighthouse] [--post slug] [--label text]',
  );
  process.exit(1);
}

const load1 = () => os.loadavg()[0];
// Outside the checkout, so Jest, ESLint and TypeScript never see the copy; one per checkout.
const yardstickDir = path.join(
  os.tmpdir(),
  `agentworks-peer-yardstick-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`,
);

/** Command lines of running `gatsby build` processes (other than ours, which have ended). */
function runningBuilds() {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let argv;
    try {
      argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue;
    }
    const gatsby = argv.findIndex((a) => /(^|\/)gatsby(\.js)?$|gatsby-cli/.test(a));
    if (gatsby >= 0 && argv.slice(gatsby + 1).includes('build'))
      found.push(`${entry}: ${argv.join(' ').slice(0, 120)}`);
  }
  return found;
}

/** True when another process holds the benchmarks' build lock. */
function lockHeld() {
  return spawnSync('flock', ['-n', BUILD_LOCK, 'true']).status !== 0;
}

/** Why the machine is not quiet enough to measure, or null. */
function busyReason() {
  const builds = runningBuilds();
  if (builds.length > 0) return `a Gatsby build is running:\n  ${builds.join('\n  ')}`;
  if (lockHeld()) return `${BUILD_LOCK} is held (a benchmark build is running)`;
  if (load1() > maxLoad)
    return `the 1-minute load average is ${load1().toFixed(2)} (above --max-load ${maxLoad})`;
  return null;
}

/** Digest of the yardstick's sources and the posts it is built with. */
function yardstickFingerprint(posts) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      if (['node_modules', '.cache', 'public', 'content'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(root, full)}\0`).update(fs.readFileSync(full));
    }
  };
  walk(path.join(root, 'bench/yardstick'));
  for (const file of posts) hash.update(`${file}\0`).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** Builds the yardstick with our checked-in posts unless its last build had the same inputs. */
function buildYardstick() {
  const postsDir = path.join(root, 'content/blog');
  const posts = fs
    .readdirSync(postsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(postsDir, name));
  const stamp = path.join(yardstickDir, 'public/.peer-stamp');
  const current = yardstickFingerprint(posts);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === current) {
    console.log('[build] yardstick: up to date');
    return;
  }
  console.log(`[build] yardstick: building in ${yardstickDir}…`);
  fs.rmSync(yardstickDir, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'bench/yardstick'), yardstickDir, {
    recursive: true,
    filter: (source) =>
      !/(^|\/)(node_modules|\.cache|public|content)(\/|$)/.test(
        path.relative(path.join(root, 'bench/yardstick'), source),
      ),
  });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(yardstickDir, 'node_modules'));
  fs.mkdirSync(path.join(yardstickDir, 'content/blog'), { recursive: true });
  for (const file of posts)
    fs.copyFileSync(file, path.join(yardstickDir, 'content/blog', path.basename(file)));
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' };
  delete env.NODE_OPTIONS;
  const built = spawnSync(
    'flock',
    [BUILD_LOCK, 'nice', '-n', '5', 'node_modules/.bin/gatsby', 'build'],
    { cwd: yardstickDir, env, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error(`the yardstick's gatsby build failed (${built.status})`);
  // The same Brotli-11 twins as our build writes, by the same code.
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      '--eval',
      `import { precompressAssets } from ${JSON.stringify(path.join(root, 'plugins/precompress/precompress.ts'))};
       precompressAssets(${JSON.stringify(path.join(yardstickDir, 'public'))}).then((n) => console.log('[build] yardstick: ' + n + ' Brotli-11 twins'));`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  fs.writeFileSync(stamp, `${current}\n`);
}

async function json(base, method, url, body, token) {
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

/** Six giveaways, so /giveaway shows a list of cards as a visitor would see it. */
async function seedGiveaways(base) {
  const { access_token: token } = await json(
    base,
    'POST',
    '/api/v1/auth/login',
    new URLSearchParams(admin),
  );
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 1; i <= 6; i++) {
    await json(
      base,
      'POST',
      '/api/v1/giveaway',
      {
        title: `Peer benchmark giveaway ${i}`,
        description: 'Win a custom AI agent for your business, built and deployed by our team.',
        prize: 'A custom AI agent',
        start_date: today,
      },
      token,
    );
  }
}

/** Installed before any of the page's own scripts; see the header for what each field means. */
function observe(listSelector) {
  const peer = { fcp: null, lcp: null, longTasks: 0, lastScript: null, listVisible: null };
  Object.defineProperty(window, '__peer', { value: peer });
  const watch = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
        type,
        buffered: true,
      });
    } catch {
      // not supported: the field stays null
    }
  };
  watch('paint', (e) => {
    if (e.name === 'first-contentful-paint') peer.fcp = e.startTime;
  });
  watch('largest-contentful-paint', (e) => {
    peer.lcp = e.startTime;
  });
  watch('longtask', (e) => {
    peer.longTasks += e.duration;
  });
  document.addEventListener(
    'load',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement && target.src) peer.lastScript = performance.now();
    },
    true,
  );
  if (listSelector) {
    const seen = new MutationObserver(() => {
      if (!document.querySelector(listSelector)) return;
      seen.disconnect();
      requestAnimationFrame(() =>
        setTimeout(() => {
          peer.listVisible = performance.now();
        }, 0),
      );
    });
    seen.observe(document, { childList: true, subtree: true });
  }
}

async function browserRun(browser, url, { list = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(observe, list ? LIST_SELECTOR : null);
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!response || response.status() !== 200)
      throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
    const read = () =>
      page.evaluate(() => {
        const p = window.__peer;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((r) => r.initiatorType === 'script');
        return {
          ...p,
          jsKb: scripts.reduce((sum, r) => sum + r.transferSize, 0) / 1024,
        };
      });
    let last = await read();
    let stableSince = Date.now();
    const until = Date.now() + 20_000;
    while (Date.now() < until && Date.now() - stableSince < 1500) {
      await page.waitForTimeout(250);
      const now = await read();
      if (now.longTasks !== last.longTasks || now.lastScript !== last.lastScript)
        stableSince = Date.now();
      last = now;
    }
    if (list && last.listVisible === null)
      throw new Error(`${url}: no giveaway card (${LIST_SELECTOR}) appeared`);
    return last;
  } finally {
    await context.close();
  }
}

function stats(values) {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return null;
  return { median: median(present), min: Math.min(...present), max: Math.max(...present) };
}

function fmt(s, digits) {
  if (!s) return '–';
  const f = (v) => v.toFixed(digits);
  return s.min === s.max ? f(s.median) : `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
}

const METRICS = [
  ['lighthouse', 'performance', 'Lighthouse Performance', 0],
  ['lighthouse', 'fcp', 'Lighthouse FCP ms', 0],
  ['lighthouse', 'lcp', 'Lighthouse LCP ms', 0],
  ['lighthouse', 'tbt', 'Lighthouse TBT ms', 0],
  ['lighthouse', 'cls', 'Lighthouse CLS', 3],
  ['lighthouse', 'jsKb', 'Lighthouse JS KB transferred', 1],
  ['lighthouse', 'benchmarkIndex', 'Lighthouse benchmarkIndex', 0],
  ['browser', 'fcp', 'Browser 4× CPU: FCP ms', 0],
  ['browser', 'lcp', 'Browser 4× CPU: LCP ms', 0],
  ['browser', 'longTasks', 'Browser 4× CPU: long-task time ms', 0],
  ['browser', 'lastScript', 'Browser 4× CPU: last script run ms', 0],
  ['browser', 'jsKb', 'Browser: JS KB transferred', 1],
  ['browser', 'listVisible', 'Browser 4× CPU: giveaway list visible ms', 0],
];

function table(pairs, samples) {
  const lines = [
    '| page | metric | ours: median (min–max) | plain: median (min–max) | ours/plain |',
    '| --- | --- | ---: | ---: | ---: |',
  ];
  for (const pair of pairs) {
    for (const [kind, key, name, digits] of METRICS) {
      const ours = stats(samples[pair.name].ours[kind].map((s) => s[key]));
      if (!ours) continue;
      const plain = pair.plain ? stats(samples[pair.name].plain[kind].map((s) => s[key])) : null;
      const ratio = plain && plain.median !== 0 ? (ours.median / plain.median).toFixed(2) : '–';
      lines.push(
        `| ${pair.label} | ${name} | ${fmt(ours, digits)} | ${fmt(plain, digits)} | ${ratio} |`,
      );
    }
  }
  const failures = [];
  for (const pair of pairs) {
    for (const site of ['ours', 'plain']) {
      const errors = samples[pair.name][site].lighthouse.map((s) => s.runtimeError).filter(Boolean);
      if (errors.length > 0)
        failures.push(`${pair.label}, ${site}: ${errors.length} failed (${errors.join(', ')})`);
    }
  }
  if (failures.length > 0)
    lines.push('', `Lighthouse runs that failed and are left out: ${failures.join('; ')}.`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

const started = new Date();
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
console.log(`Peer benchmark, ${started.toISOString()}, ${machine}; ours: ${label}`);
console.log(`Load average before the builds: ${loadAverage()}`);

let chrome;
let browser;
let oursServer;
let plainServer;
let lock = null;
let failed = false;
const loads = { before: null, rounds: [], after: null };
try {
  // The server always; the site too unless an already-built copy is measured.
  const build = spawnSync(
    process.execPath,
    ['scripts/build-if-stale.mjs', 'server', ...(oursArg ? [] : ['site'])],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('building our site failed');
  buildYardstick();

  // The builds above leave the load average high for a while; wait for it to come down.
  const settleUntil = Date.now() + SETTLE_MS;
  while (!force && busyReason() && Date.now() < settleUntil)
    await new Promise((r) => setTimeout(r, 5000));
  const reason = busyReason();
  if (reason && !force) {
    console.error(`Refusing to measure: ${reason}. Wait for a quiet machine (or --force).`);
    process.exit(2);
  }
  if (reason) {
    console.log(
      `\n!!!!!!!! --force: MEASURING ON A BUSY MACHINE (${reason}); THESE FIGURES ARE NOT COMPARABLE !!!!!!!!\n`,
    );
  }
  if (!lockHeld()) lock = await holdBuildLock();

  const oursRoot = oursArg ? path.resolve(oursArg) : root;
  const oursBase = `http://127.0.0.1:${port}`;
  const plainBase = `http://127.0.0.1:${port + 1}`;
  oursServer = await serveBuiltCopy(oursRoot, port, {
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMITS: 'off',
  });
  plainServer = await serveStatic(path.join(yardstickDir, 'public'), port + 1);
  await seedGiveaways(oursBase);

  const pairs = [
    { name: 'home', label: '/ vs /', ours: '/', plain: '/' },
    { name: 'post', label: `post vs post`, ours: `/blog/${POST}`, plain: `/blog/${POST}/` },
    { name: 'giveaway', label: '/giveaway (ours only)', ours: '/giveaway', plain: null },
  ];
  const samples = {};
  for (const pair of pairs) {
    samples[pair.name] = {
      ours: { lighthouse: [], browser: [] },
      plain: { lighthouse: [], browser: [] },
    };
  }

  if (withLighthouse)
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });

  loads.before = loadAverage();
  console.log(`Load average when measuring starts: ${loads.before}`);
  for (let round = 1; round <= rounds; round++) {
    for (const pair of pairs) {
      const sites = [['ours', oursBase + pair.ours]];
      if (pair.plain) sites.push(['plain', plainBase + pair.plain]);
      if (round % 2 === 0) sites.reverse();
      for (const [site, url] of sites) {
        if (withLighthouse)
          samples[pair.name][site].lighthouse.push(
            await lighthouseRun(chrome, url, ['performance']),
          );
        samples[pair.name][site].browser.push(
          await browserRun(browser, url, { list: pair.name === 'giveaway' }),
        );
      }
    }
    loads.rounds.push(loadAverage());
    console.log(`round ${round} of ${rounds} done; load average ${loads.rounds.at(-1)}`);
  }
  loads.after = loadAverage();

  const day = started.toISOString().slice(0, 10);
  const homeLcp = stats(samples.home.ours.browser.map((s) => s.lcp));
  const list = stats(samples.giveaway.ours.browser.map((s) => s.listVisible));
  const out = [
    '',
    `## Ours against a plain Gatsby blog (${day}, ${machine}, ${rounds} round${rounds > 1 ? 's' : ''}${reason ? ', --force on a busy machine' : ''})`,
    '',
    `Ours: ${label}. Post: /blog/${POST} on both. Load average (1, 5, 15 min): ${loads.before} at the start, ${loads.rounds.join(' / ')} after each round.${reason ? ` MEASURED ON A BUSY MACHINE (--force: ${reason.replace(/\n\s*/g, ' ')}).` : ''}`,
    '',
    table(pairs, samples),
    '',
    list && homeLcp
      ? `/giveaway list visible ÷ our home page's browser LCP: ${(list.median / homeLcp.median).toFixed(2)} (target ≤ 1.2)`
      : '',
  ];
  console.log(out.join('\n'));
  const file = path.join(root, 'bench/results', `peer-${started.getTime()}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: started.toISOString(), machine, label, rounds, forced: Boolean(reason), loads, pairs, samples }, null, 2)}\n`,
  );
  console.log(`\nRaw figures: ${path.relative(root, file)}`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  if (browser) await browser.close();
  if (chrome) await chrome.kill();
  if (plainServer) await plainServer.close();
  if (oursServer) await oursServer.stop();
  if (lock) lock.release();
}
process.exit(failed ? 1 : 0);
