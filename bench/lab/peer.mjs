/**
 * Our site against a plain Gatsby markdown blog and against its own floor, measured side by side.
 *
 *   npm run bench:peer [-- --rounds 5] [--port 8790] [--max-load 1] [--force] [--hover-ms 1000]
 *   npm run bench:peer -- --ours DIR [--no-lighthouse] [--label text]
 *
 * Builds (when stale) our site (scripts/build-if-stale.mjs, this checkout's public/) and the
 * yardstick, bench/lab/yardstick (gatsby-source-filesystem + gatsby-transformer-remark, one page
 * per post and an index), in $TMPDIR/agentworks-peer-yardstick-<hash of this checkout's path> with
 * the same checked-in posts as ours (content/blog/*.md), so "a post against a post" compares the
 * same article. The yardstick's scripts and styles get the same Brotli-11 twins as ours
 * (plugins/precompress/precompress.ts) and bench/lab/static-server.mjs serves them with the same
 * compression rules as our server.
 *
 * Three sites, all on 127.0.0.1: ours (the production server on --port, a fresh SQLite database,
 * six giveaways), the plain blog (--port + 1) and the floor (--port + 2): a copy of our built
 * public/ with every script and script preload taken out by an HTML parser (bench/lab/floor.mjs),
 * served by the production server as ours is. The floor is what our pages cost with no script at
 * all. Pages are measured interleaved (home against home, the same post against the same post,
 * then our /giveaway and a giveaway's own page, /giveaway/{id}, alone), for --rounds rounds; the
 * sites take turns going first. The giveaway page is the first of the six seeded giveaways, open
 * for entries, with a prize image the site serves (/og-image.png), as the server draws it at
 * request time; its LCP is reported against our home page's (real browser ≤ 1.0×, Lighthouse
 * ≤ 1.1×, for /giveaway too).
 *
 * Per page and round:
 *   - Lighthouse 12.8, mobile, simulated throttling: Performance score, FCP, LCP, TBT, CLS,
 *     script bytes transferred and benchmarkIndex (bench/lab/lighthouse-run.mjs);
 *   - a real-browser view: the same Chromium through Playwright, a fresh context (empty cache) per
 *     load, 412×823 viewport, CPU slowed 4× with CDP Emulation.setCPUThrottlingRate, no network
 *     throttling (loopback). Observers installed before the page's first byte record:
 *       FCP        the 'first-contentful-paint' paint entry;
 *       LCP        the last 'largest-contentful-paint' entry (no input is sent, so it is final);
 *       long tasks the sum of 'longtask' entry durations (every task over 50 ms, whole duration),
 *                  and the longest one;
 *       last script the time of the last `load` event of a <script src> element (it fires right
 *                  after that script has run), counting webpack's chunk scripts too;
 *       JS KB      transferSize of the 'resource' entries with initiatorType script;
 *       list visible (/giveaway only) the first frame after a giveaway card
 *                  (`section[aria-label="All giveaways"] article`) is in the document: the time
 *                  of a task queued from the requestAnimationFrame after the card appeared.
 *     Times are from navigation start. A load ends when the network has been idle for 500 ms and
 *     then neither the long-task sum nor the last-script time has moved for 1.5 s (at most 20 s),
 *     so scripts an island loads by itself once the page is idle are counted in JS KB.
 *
 * And once per round, in the same browser at 4× CPU:
 *   - script at load on /blog, /projects, /services, /pricing, /about and /contact (ours): the
 *     real-browser view above, its JS KB;
 *   - the next page: /blog (ours) or the index (plain) is loaded, the pointer rests on the link to
 *     the measured post for --hover-ms (our server's Speculation-Rules header lets Chromium
 *     prerender it; the plain blog's Gatsby Link prefetches its data), then clicks it. Measured
 *     from the click event's time to the next page painted: on ours, the new document's LCP
 *     (from a prerendered page, no earlier than its activation: max(LCP, activationStart)); on
 *     the plain blog, which moves on the client without a new document, the first frame after the
 *     post's <h1> replaced the index's (a task queued from the requestAnimationFrame after it).
 *     Whether Chromium served ours prerendered (activationStart > 0) or from the prefetch
 *     (deliveryType "navigational-prefetch") is counted, with Chromium's own prerender status
 *     (CDP Preload domain). Chromium does not prerender while a DevTools client is attached
 *     (status PrerenderingDisabledByDevTools), as Playwright is, unless the client allows it
 *     (CDP Page.setPrerenderingAllowed, experimental), which this does, so the page is delivered
 *     as a visitor's Chromium delivers it; where the command is refused, the prefetch path is
 *     measured, and the output says which;
 *   - a phone on a mobile network (ours: /giveaway/{id}, / and the post; the plain blog's post):
 *     4× CPU plus CDP network emulation, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, empty
 *     cache. LCP, everything transferred (navigation and resources), and for the giveaway page
 *     "ready to enter": the later of the entry form painted (its e-mail field and button rendered;
 *     it is a real form that enters before any script has run), DOMContentLoaded and the last
 *     script the page started having run;
 *   - the entry form's e-mail field focused as soon as the island loader has run, until the
 *     form's island is hydrated, then typing must land in the field (none on an app page);
 *   - first interaction on an island (ours): /blog is loaded and, as soon as the island loader
 *     has run (window.__islands is set; the page may still be loading), the second button of
 *     "Browse posts by" (the first series or category) is clicked; measured from the click
 *     event's time to the first frame after the blog-list island is hydrated
 *     (data-island-hydrated), the button is pressed (aria-pressed="true") and the island's links
 *     differ from before. And the post is loaded and, as soon as the loader has run, the
 *     newsletter card's e-mail field is focused; measured from the focus event's time to the
 *     first frame after the newsletter island is hydrated; then text is typed and must be in the
 *     field. Whether the island was already hydrated before the click or focus is counted.
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
  loadAverage,
  median,
  requestJson,
  root,
  serveBuiltCopy,
} from '../lib.mjs';
import { writeFloor } from './floor.mjs';
import { lighthouseRun } from './lighthouse-run.mjs';
import { serveStatic } from './static-server.mjs';

const rounds = arg('rounds', 5);
const port = arg('port', 8790);
const maxLoad = arg('max-load', 1);
const force = process.argv.includes('--force');
const withLighthouse = !process.argv.includes('--no-lighthouse');
const oursArg = arg('ours', '');
const label = arg('label', oursArg ? path.basename(oursArg) : 'this checkout');
const POST = arg('post', 'prompt-injection-threat-model-for-agents');
const hoverMs = arg('hover-ms', 1000);
const BYTES_PAGES = ['/blog', '/projects', '/services', '/pricing', '/about', '/contact'];
const SETTLE_MS = 180_000;
const LIST_SELECTOR = 'section[aria-label="All giveaways"] article';
/** A giveaway's entry form: the form that asks for the Instagram handle (its fields' names are the API's). */
const ENTRY_FORM_SELECTOR = 'form:has(input[name="instagram_handle"])';
const admin = { username: 'bench-admin', password: 'bench-password-123' };

if (
  !Number.isInteger(rounds) ||
  rounds < 1 ||
  !Number.isInteger(port) ||
  !(maxLoad > 0) ||
  !(hoverMs >= 0)
) {
  console.error(
    'Usage: node bench/lab/peer.mjs [--rounds 5] [--port 8790] [--max-load 1] [--force] [--hover-ms 1000] [--ours DIR] [--no-lighthouse] [--post slug] [--label text]',
  );
  process.exit(1);
}

const load1 = () => os.loadavg()[0];
// Outside the checkout, so Jest, ESLint and TypeScript never see the copy; one per checkout.
const checkoutHash = createHash('sha256').update(root).digest('hex').slice(0, 8);
const yardstickDir = path.join(os.tmpdir(), `agentworks-peer-yardstick-${checkoutHash}`);
const floorDir = path.join(os.tmpdir(), `agentworks-peer-floor-${checkoutHash}`);

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
  walk(path.join(root, 'bench/lab/yardstick'));
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
  fs.cpSync(path.join(root, 'bench/lab/yardstick'), yardstickDir, {
    recursive: true,
    filter: (source) =>
      !/(^|\/)(node_modules|\.cache|public|content)(\/|$)/.test(
        path.relative(path.join(root, 'bench/lab/yardstick'), source),
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

/**
 * Six giveaways, so /giveaway shows a list of cards as a visitor would see it. Returns the first
 * one's id, whose own page is measured too.
 */
async function seedGiveaways(base) {
  const { access_token: token } = await requestJson(
    base,
    'POST',
    '/api/v1/auth/login',
    new URLSearchParams(admin),
  );
  const today = new Date().toISOString().slice(0, 10);
  const ids = [];
  for (let i = 1; i <= 6; i++) {
    const created = await requestJson(
      base,
      'POST',
      '/api/v1/giveaway',
      {
        title: `Peer benchmark giveaway ${i}`,
        description: 'Win a custom AI agent for your business, built and deployed by our team.',
        prize: 'A custom AI agent',
        // An image the site itself serves, as a giveaway's prize image would be.
        prize_image: `${base}/og-image.png`,
        start_date: today,
      },
      token,
    );
    ids.push(created.id);
  }
  return ids[0];
}

/** Installed before any of the page's own scripts; see the header for what each field means. */
function observe([listSelector, formSelector]) {
  const peer = {
    fcp: null,
    lcp: null,
    longTasks: 0,
    longestTask: 0,
    lastScript: null,
    listVisible: null,
    formVisible: null,
  };
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
    peer.longestTask = Math.max(peer.longestTask, e.duration);
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
  if (formSelector) {
    // The entry form painted: its e-mail field and its submit button are in the document and
    // rendered (a real HTML form, which enters by itself before any script has run).
    const shown = (el) => el && (el.checkVisibility ? el.checkVisibility() : true);
    const check = () => {
      const form = document.querySelector(formSelector);
      if (
        !form ||
        !shown(form.querySelector('input[type="email"]')) ||
        !shown(form.querySelector('button[type="submit"], button:not([type])'))
      )
        return;
      formSeen.disconnect();
      requestAnimationFrame(() =>
        setTimeout(() => {
          peer.formVisible ??= performance.now();
        }, 0),
      );
    };
    const formSeen = new MutationObserver(check);
    formSeen.observe(document, { childList: true, subtree: true, attributes: true });
    document.addEventListener('readystatechange', check);
  }
}

/** A fresh context (empty cache) at 412×823 with the CPU slowed 4×, and its page. */
async function throttledPage(browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, cdp };
}

async function goto(page, url) {
  const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  if (!response || response.status() !== 200)
    throw new Error(`${url} answered ${response?.status()}`);
}

async function browserRun(browser, url, { list = false } = {}) {
  const { context, page } = await throttledPage(browser);
  try {
    await page.addInitScript(observe, [list ? LIST_SELECTOR : null, null]);
    await goto(page, url);
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

/**
 * The next page after the pointer rests on a link and clicks it (see the header): milliseconds
 * from the click to the next page painted, and how Chromium delivered it.
 */
async function nextPageRun(browser, fromUrl, linkSelector) {
  const { context, page, cdp } = await throttledPage(browser);
  // Chromium's own account of the speculation rules: why a prerender did not happen, whether
  // the prefetch was used.
  const preload = { prerender: null, prefetch: null };
  cdp.on('Preload.prerenderStatusUpdated', (e) => {
    preload.prerender = e.prerenderStatus ?? e.status;
  });
  cdp.on('Preload.prefetchStatusUpdated', (e) => {
    preload.prefetch = e.prefetchStatus ?? e.status;
  });
  await cdp.send('Preload.enable');
  // Chromium turns prerendering off while a DevTools client is attached, as Playwright is; this
  // (experimental) command turns it back on, so the page is delivered as a visitor's browser
  // would deliver it. Where the command is unknown, the prefetch path is measured.
  const prerenderAllowed = await cdp
    .send('Page.setPrerenderingAllowed', { isAllowed: true })
    .then(() => true)
    .catch(() => false);
  try {
    await goto(page, fromUrl);
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
    let clickAt = null;
    await page.exposeFunction('__peerClicked', (at) => {
      clickAt ??= at;
    });
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        (event) => window.__peerClicked(performance.timeOrigin + event.timeStamp),
        { capture: true, once: true },
      );
      // A move on the client keeps this document: the first frame after a new <h1>.
      const first = document.querySelector('h1');
      window.__peerNext = null;
      const seen = new MutationObserver(() => {
        const h1 = document.querySelector('h1');
        if (!h1 || h1 === first) return;
        seen.disconnect();
        requestAnimationFrame(() =>
          setTimeout(() => {
            window.__peerNext = performance.timeOrigin + performance.now();
          }, 0),
        );
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    const link = page.locator(linkSelector).first();
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await page.waitForTimeout(hoverMs);
    const before = page.url();
    await link.click();
    await page.waitForURL((url) => url.href !== before, { timeout: 30_000 });
    const until = Date.now() + 20_000;
    let seen = null;
    while (Date.now() < until) {
      seen = await page
        .evaluate(
          () =>
            new Promise((resolve) => {
              if (window.__peerNext !== undefined) {
                resolve({ kind: 'client', paintedAt: window.__peerNext });
                return;
              }
              const nav = performance.getEntriesByType('navigation')[0];
              let lcp = null;
              try {
                new PerformanceObserver((list) => {
                  for (const entry of list.getEntries()) lcp = entry.startTime;
                }).observe({ type: 'largest-contentful-paint', buffered: true });
              } catch {
                // no LCP: stays null
              }
              setTimeout(() => {
                const activationStart = nav?.activationStart ?? 0;
                resolve({
                  kind: 'document',
                  paintedAt:
                    lcp === null ? null : performance.timeOrigin + Math.max(lcp, activationStart),
                  prerendered: activationStart > 0,
                  prefetched: nav?.deliveryType === 'navigational-prefetch',
                });
              }, 100);
            }),
        )
        .catch(() => null); // the document changed under the evaluation: ask again
      if (seen?.paintedAt) break;
      await page.waitForTimeout(100);
    }
    if (!seen?.paintedAt) throw new Error(`${fromUrl}: the next page was not seen painted`);
    if (clickAt === null) throw new Error(`${fromUrl}: the click was not seen`);
    return {
      ms: seen.paintedAt - clickAt,
      kind: seen.kind,
      prerendered: seen.prerendered ?? false,
      prefetched: seen.prefetched ?? false,
      prerenderStatus: preload.prerender,
      prefetchStatus: preload.prefetch,
      prerenderAllowed,
    };
  } finally {
    await context.close();
  }
}

/**
 * Installs, in the page, the wait for an island to answer: `event` (click or focus) on `target`
 * starts the clock (its event time), and the first frame after `rule` holds stops it.
 */
async function watchAnswer(target, event, rule) {
  await target.evaluate(
    (element, [eventName, rule]) => {
      const island = element.closest('[data-island]');
      const hrefs = () =>
        [...island.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')).join(' ');
      const state = {
        startAt: null,
        answeredAt: null,
        hydratedBefore: island.hasAttribute('data-island-hydrated'),
        before: hrefs(),
      };
      window.__peerAnswer = state;
      // 'hydrated': the island is hydrated; 'filtered': and the control is pressed and the
      // island's links changed.
      const answered = () =>
        island.hasAttribute('data-island-hydrated') &&
        (rule === 'hydrated' ||
          (element.getAttribute('aria-pressed') === 'true' && hrefs() !== state.before));
      element.addEventListener(
        eventName,
        (e) => {
          state.startAt ??= e.timeStamp;
        },
        { capture: true, once: true },
      );
      const check = () => {
        if (state.startAt === null || state.answeredAt !== null) return;
        if (!answered()) return;
        observer.disconnect();
        state.answeredAt = -1;
        requestAnimationFrame(() =>
          setTimeout(() => {
            state.answeredAt = performance.now();
          }, 0),
        );
      };
      const observer = new MutationObserver(check);
      observer.observe(island, { attributes: true, childList: true, subtree: true });
      element.addEventListener(eventName, () => setTimeout(check, 0), { once: true });
    },
    [event, rule],
  );
}

async function readAnswer(page, what) {
  await page.waitForFunction(() => window.__peerAnswer?.answeredAt > 0, null, {
    timeout: 20_000,
  });
  const state = await page.evaluate(() => window.__peerAnswer);
  if (state.startAt === null) throw new Error(`${what}: the event was not seen`);
  return { ms: state.answeredAt - state.startAt, hydratedBefore: state.hydratedBefore };
}

/** Loads `url` and returns as soon as the island loader has run (the page may still be loading). */
async function untilLoaderRan(page, url) {
  const response = await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  if (!response || response.status() !== 200)
    throw new Error(`${url} answered ${response?.status()}`);
  await page.waitForFunction(() => window.__islands !== undefined, null, {
    polling: 'raf',
    timeout: 30_000,
  });
}

/** First click on a blog filter, once the loader has run, until the filtered list is painted. */
async function blogFilterRun(browser, url) {
  const { context, page } = await throttledPage(browser);
  try {
    await untilLoaderRan(page, url);
    const button = page.getByRole('group', { name: 'Browse posts by' }).getByRole('button').nth(1);
    await watchAnswer(button, 'click', 'filtered');
    await button.click();
    return await readAnswer(page, `${url} blog filter`);
  } finally {
    await context.close();
  }
}

/** First focus on the newsletter field, once the loader has run, until it is hydrated. */
async function newsletterRun(browser, url) {
  const { context, page } = await throttledPage(browser);
  try {
    await untilLoaderRan(page, url);
    const field = page.locator('[data-island="newsletter"]').getByRole('textbox').first();
    await watchAnswer(field, 'focus', 'hydrated');
    await field.focus();
    const answer = await readAnswer(page, `${url} newsletter field`);
    await field.pressSequentially('reader@example.com');
    const value = await field.inputValue();
    if (value !== 'reader@example.com')
      throw new Error(`${url}: the newsletter field holds "${value}" after typing`);
    return answer;
  } finally {
    await context.close();
  }
}

/**
 * A phone on a mobile network: 4× CPU and, through CDP, 150 ms round trip, 1.6 Mbit/s down and
 * 750 kbit/s up, empty cache. LCP, everything transferred, and for a giveaway's page the time it
 * is ready to enter: the entry form painted (a real form, which enters without script) and every
 * script the page started by its load having run, whichever comes later.
 */
async function mobileRun(browser, url, { form = false } = {}) {
  const { context, page, cdp } = await throttledPage(browser);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1e6) / 8,
      uploadThroughput: (750 * 1e3) / 8,
    });
    await page.addInitScript(observe, [null, form ? ENTRY_FORM_SELECTOR : null]);
    await goto(page, url);
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const figures = await page.evaluate(() => {
      const p = window.__peer;
      const nav = performance.getEntriesByType('navigation')[0];
      const resources = performance.getEntriesByType('resource');
      return {
        lcp: p.lcp,
        formVisible: p.formVisible,
        lastScript: p.lastScript,
        domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
        kb:
          ((nav?.transferSize ?? 0) + resources.reduce((sum, r) => sum + r.transferSize, 0)) / 1024,
      };
    });
    if (form && figures.formVisible === null) throw new Error(`${url}: no entry form was painted`);
    return {
      ...figures,
      ready: form
        ? Math.max(figures.formVisible, figures.lastScript ?? 0, figures.domContentLoaded ?? 0)
        : null,
    };
  } finally {
    await context.close();
  }
}

/**
 * First focus on the entry form's e-mail field, once the island loader has run, until the form's
 * island is hydrated; then text typed must be in the field. On a page where the form is no island
 * (an app page) there is nothing to time: null.
 */
async function entryFocusRun(browser, url) {
  const { context, page } = await throttledPage(browser);
  try {
    const response = await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    if (!response || response.status() !== 200)
      throw new Error(`${url} answered ${response?.status()}`);
    const field = page.locator(`${ENTRY_FORM_SELECTOR} input[type="email"]`).first();
    await field.waitFor({ timeout: 30_000 });
    if ((await field.evaluate((el) => el.closest('[data-island]'))) === null) return null;
    await page.waitForFunction(() => window.__islands !== undefined, null, {
      polling: 'raf',
      timeout: 30_000,
    });
    await watchAnswer(field, 'focus', 'hydrated');
    await field.focus();
    const answer = await readAnswer(page, `${url} entry field`);
    await field.pressSequentially('entrant@example.com');
    const value = await field.inputValue();
    if (value !== 'entrant@example.com')
      throw new Error(`${url}: the entry form's e-mail field holds "${value}" after typing`);
    return answer;
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

function ratio(a, b) {
  return a && b && b.median !== 0 ? (a.median / b.median).toFixed(2) : '–';
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
  ['browser', 'longestTask', 'Browser 4× CPU: longest task ms', 0],
  ['browser', 'lastScript', 'Browser 4× CPU: last script run ms', 0],
  ['browser', 'jsKb', 'Browser: JS KB transferred', 1],
  ['browser', 'listVisible', 'Browser 4× CPU: giveaway list visible ms', 0],
];

function table(pairs, samples) {
  const lines = [
    '| page | metric | ours: median (min–max) | plain | floor | ours/plain | ours/floor |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  const of = (pair, site, kind, key) =>
    pair[site] ? stats(samples[pair.name][site][kind].map((s) => s[key])) : null;
  for (const pair of pairs) {
    for (const [kind, key, name, digits] of METRICS) {
      const ours = of(pair, 'ours', kind, key);
      if (!ours) continue;
      const plain = of(pair, 'plain', kind, key);
      const floor = of(pair, 'floor', kind, key);
      lines.push(
        `| ${pair.label} | ${name} | ${fmt(ours, digits)} | ${fmt(plain, digits)} | ${fmt(floor, digits)} | ${ratio(ours, plain)} | ${ratio(ours, floor)} |`,
      );
    }
  }
  const failures = [];
  for (const pair of pairs) {
    for (const site of SITES) {
      const errors = samples[pair.name][site].lighthouse.map((s) => s.runtimeError).filter(Boolean);
      if (errors.length > 0)
        failures.push(`${pair.label}, ${site}: ${errors.length} failed (${errors.join(', ')})`);
    }
  }
  if (failures.length > 0)
    lines.push('', `Lighthouse runs that failed and are left out: ${failures.join('; ')}.`);
  return lines.join('\n');
}

/** The giveaway pages' Lighthouse LCP against our home page's in the same run (target ≤ 1.1). */
function lighthouseLcpLines(samples) {
  const home = stats(samples.home.ours.lighthouse.map((s) => s.lcp));
  return ['giveaway', 'giveawayDetail'].map((name) => {
    const page = stats(samples[name].ours.lighthouse.map((s) => s.lcp));
    return page && home
      ? `${name === 'giveaway' ? '/giveaway' : '/giveaway/{id}'}'s Lighthouse LCP ÷ our home page's: ${(page.median / home.median).toFixed(2)} (target ≤ 1.1)`
      : '';
  });
}

function entryFocusLine(runs) {
  const timed = runs.filter(Boolean);
  if (timed.length === 0)
    return '| entry form: first focus on the e-mail field → island hydrated ms | – | – | – | the form is no island here (an app page) |';
  const before = `${timed.filter((r) => r.hydratedBefore).length} of ${timed.length}`;
  return `| entry form: first focus on the e-mail field → island hydrated ms (typed text kept) | ${fmt(stats(timed.map((r) => r.ms)), 0)} | – | – | island hydrated before the focus ${before} |`;
}

/** The once-a-round figures: the next page, the first interactions, script at load per page. */
function extraTables(extra) {
  const count = (runs, key) => `${runs.filter((r) => r[key]).length} of ${runs.length}`;
  const next = {
    ours: stats(extra.nextPage.ours.map((r) => r.ms)),
    plain: stats(extra.nextPage.plain.map((r) => r.ms)),
  };
  const lines = [
    '| figure (4× CPU) | ours: median (min–max) | plain | ours/plain | note |',
    '| --- | ---: | ---: | ---: | --- |',
    `| next page: click → painted ms (hover ${hoverMs} ms first) | ${fmt(next.ours, 0)} | ${fmt(next.plain, 0)} | ${ratio(next.ours, next.plain)} | ours prerendered ${count(extra.nextPage.ours, 'prerendered')}, served from the prefetch ${count(extra.nextPage.ours, 'prefetched')}; Chromium's prerender status: ${[...new Set(extra.nextPage.ours.map((r) => r.prerenderStatus ?? 'none'))].join(', ')} |`,
    `| blog filter: first click → filtered list painted ms | ${fmt(stats(extra.blogFilter.map((r) => r.ms)), 0)} | – | – | island hydrated before the click ${count(extra.blogFilter, 'hydratedBefore')} |`,
    `| newsletter: first focus → island hydrated ms | ${fmt(stats(extra.newsletter.map((r) => r.ms)), 0)} | – | – | island hydrated before the focus ${count(extra.newsletter, 'hydratedBefore')} |`,
    entryFocusLine(extra.entryFocus),
    '',
    '| phone on a mobile network (4× CPU, 150 ms RTT, 1.6 Mbit/s down) | ready to enter ms | LCP ms | KB transferred |',
    '| --- | ---: | ---: | ---: |',
    ...[
      ['/giveaway/{id} (ours)', extra.mobile.detail],
      ['/ (ours)', extra.mobile.home],
      ['post (ours)', extra.mobile.post],
      ['post (plain blog)', extra.mobile.plainPost],
    ].map(
      ([name, runs]) =>
        `| ${name} | ${fmt(stats(runs.map((r) => r.ready)), 0)} | ${fmt(stats(runs.map((r) => r.lcp)), 0)} | ${fmt(stats(runs.map((r) => r.kb)), 1)} |`,
    ),
    '',
    '| page (ours) | Browser: JS KB transferred | Browser 4× CPU: LCP ms | long-task time ms |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const page of BYTES_PAGES) {
    const runs = extra.pages[page];
    lines.push(
      `| ${page} | ${fmt(stats(runs.map((r) => r.jsKb)), 1)} | ${fmt(stats(runs.map((r) => r.lcp)), 0)} | ${fmt(stats(runs.map((r) => r.longTasks)), 0)} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

const SITES = ['ours', 'plain', 'floor'];
const started = new Date();
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
console.log(`Peer benchmark, ${started.toISOString()}, ${machine}; ours: ${label}`);
console.log(`Load average before the builds: ${loadAverage()}`);

let chrome;
let browser;
let oursServer;
let plainServer;
let floorServer;
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
  const oursRoot = oursArg ? path.resolve(oursArg) : root;
  const floor = writeFloor(oursRoot, floorDir);
  console.log(
    `[build] floor: ${floor.pages} pages, ${floor.removed} script elements and script preloads taken out (${floorDir})`,
  );

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

  const bases = {
    ours: `http://127.0.0.1:${port}`,
    plain: `http://127.0.0.1:${port + 1}`,
    floor: `http://127.0.0.1:${port + 2}`,
  };
  oursServer = await serveBuiltCopy(oursRoot, port, {
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMITS: 'off',
    // The seeded prize image is the site's own /og-image.png on loopback, which the server may
    // fetch only with this test-only allowance.
    IMAGE_FETCH_ALLOW_LOOPBACK: 'on',
  });
  plainServer = await serveStatic(path.join(yardstickDir, 'public'), port + 1);
  floorServer = await serveBuiltCopy(floorDir, port + 2, { RATE_LIMITS: 'off' });
  const giveawayId = await seedGiveaways(bases.ours);

  const pairs = [
    { name: 'home', label: '/', ours: '/', plain: '/', floor: '/' },
    {
      name: 'post',
      label: 'post',
      ours: `/blog/${POST}`,
      plain: `/blog/${POST}/`,
      floor: `/blog/${POST}`,
    },
    {
      name: 'giveaway',
      label: '/giveaway (ours only)',
      ours: '/giveaway',
      plain: null,
      floor: null,
    },
    {
      name: 'giveawayDetail',
      label: '/giveaway/{id} (ours only)',
      ours: `/giveaway/${giveawayId}`,
      plain: null,
      floor: null,
    },
  ];
  const samples = {};
  for (const pair of pairs) {
    samples[pair.name] = Object.fromEntries(
      SITES.map((site) => [site, { lighthouse: [], browser: [] }]),
    );
  }
  const extra = {
    nextPage: { ours: [], plain: [] },
    blogFilter: [],
    newsletter: [],
    entryFocus: [],
    mobile: { detail: [], post: [], plainPost: [], home: [] },
    pages: Object.fromEntries(BYTES_PAGES.map((page) => [page, []])),
  };
  // The link to the measured post: on our /blog (an ordinary page load, prerendered by the
  // speculation rules) and on the plain blog's index (a Gatsby Link, a move on the client).
  const nextFrom = {
    ours: [`${bases.ours}/blog`, `a[href="/blog/${POST}"], a[href="/blog/${POST}/"]`],
    plain: [`${bases.plain}/`, `a[href="/blog/${POST}"], a[href="/blog/${POST}/"]`],
  };

  if (withLighthouse)
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });

  loads.before = loadAverage();
  console.log(`Load average when measuring starts: ${loads.before}`);
  for (let round = 1; round <= rounds; round++) {
    for (const pair of pairs) {
      const sites = SITES.filter((site) => pair[site]);
      // Each site goes first in turn.
      const turn = (round - 1) % sites.length;
      for (const site of [...sites.slice(turn), ...sites.slice(0, turn)]) {
        const url = bases[site] + pair[site];
        if (withLighthouse)
          samples[pair.name][site].lighthouse.push(
            await lighthouseRun(chrome, url, ['performance']),
          );
        samples[pair.name][site].browser.push(
          await browserRun(browser, url, { list: pair.name === 'giveaway' }),
        );
      }
    }
    for (const site of round % 2 ? ['ours', 'plain'] : ['plain', 'ours'])
      extra.nextPage[site].push(await nextPageRun(browser, ...nextFrom[site]));
    extra.blogFilter.push(await blogFilterRun(browser, `${bases.ours}/blog`));
    extra.newsletter.push(await newsletterRun(browser, `${bases.ours}/blog/${POST}`));
    extra.entryFocus.push(await entryFocusRun(browser, `${bases.ours}/giveaway/${giveawayId}`));
    extra.mobile.detail.push(
      await mobileRun(browser, `${bases.ours}/giveaway/${giveawayId}`, { form: true }),
    );
    extra.mobile.home.push(await mobileRun(browser, `${bases.ours}/`));
    extra.mobile.post.push(await mobileRun(browser, `${bases.ours}/blog/${POST}`));
    extra.mobile.plainPost.push(await mobileRun(browser, `${bases.plain}/blog/${POST}/`));
    for (const page of BYTES_PAGES)
      extra.pages[page].push(await browserRun(browser, bases.ours + page));
    loads.rounds.push(loadAverage());
    console.log(`round ${round} of ${rounds} done; load average ${loads.rounds.at(-1)}`);
  }
  loads.after = loadAverage();

  // The floor is only a floor if it ran no script at all.
  const floorScripts = pairs
    .filter((pair) => pair.floor)
    .flatMap((pair) => samples[pair.name].floor.browser.map((s) => s.jsKb));
  if (floorScripts.some((kb) => kb > 0))
    throw new Error('the floor loaded a script: bench/lab/floor.mjs missed one');

  const day = started.toISOString().slice(0, 10);
  const homeLcp = stats(samples.home.ours.browser.map((s) => s.lcp));
  const list = stats(samples.giveaway.ours.browser.map((s) => s.listVisible));
  const detailLcp = stats(samples.giveawayDetail.ours.browser.map((s) => s.lcp));
  const out = [
    '',
    `## Ours against a plain Gatsby blog and our floor (${day}, ${machine}, ${rounds} round${rounds > 1 ? 's' : ''}${reason ? ', --force on a busy machine' : ''})`,
    '',
    `Ours: ${label}. Post: /blog/${POST} on all three. Load average (1, 5, 15 min): ${loads.before} at the start, ${loads.rounds.join(' / ')} after each round.${reason ? ` MEASURED ON A BUSY MACHINE (--force: ${reason.replace(/\n\s*/g, ' ')}).` : ''}`,
    '',
    table(pairs, samples),
    '',
    list && homeLcp
      ? `/giveaway list visible ÷ our home page's browser LCP: ${(list.median / homeLcp.median).toFixed(2)} (target ≤ 1.1)`
      : '',
    detailLcp && homeLcp
      ? `/giveaway/${giveawayId}'s browser LCP ÷ our home page's: ${(detailLcp.median / homeLcp.median).toFixed(2)} (${fmt(detailLcp, 0)} ms against ${fmt(homeLcp, 0)} ms; target ≤ 1.0)`
      : '',
    ...lighthouseLcpLines(samples),
    '',
    extraTables(extra),
  ];
  console.log(out.join('\n'));
  const file = path.join(root, 'bench/results', `peer-${started.getTime()}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: started.toISOString(), machine, label, rounds, hoverMs, forced: Boolean(reason), loads, pairs, samples, extra }, null, 2)}\n`,
  );
  console.log(`\nRaw figures: ${path.relative(root, file)}`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  if (browser) await browser.close();
  if (chrome) await chrome.kill();
  if (plainServer) await plainServer.close();
  if (floorServer) await floorServer.stop();
  if (oursServer) await oursServer.stop();
  if (lock) lock.release();
}
process.exit(failed ? 1 : 0);
