/**
 * JavaScript per content page, held to a committed budget (CI runs this after the build).
 *
 *   npm run bench:js                      the budget: this checkout's build against bench/js-budget.json
 *   npm run bench:js -- --posts 1000 [--port 8502] [--keep]
 *   npm run bench:js -- --sites DIR_A,DIR_B [--pages /,/blog,/blog/x]   (copies already built)
 *
 * Budget (the default): builds this checkout when stale (scripts/build-if-stale.mjs), serves its
 * public/ with the production server on 127.0.0.1 and loads every page named in
 * bench/js-budget.json. A page whose script bytes at load (transferred + inline, below) exceed its
 * budget fails, with the figures and what to do; the last line is "N passed, N failed". A budget
 * is raised only on purpose, in the commit that adds the script and with the reason in its message.
 *
 * With --posts N it builds two copies of the site with bench/build-scale.mjs (under the build
 * lock): the checked-in content as it is, and the same plus N generated posts (seed 1), so the
 * same post page exists in both, and compares them: the pages' JavaScript should not grow with the
 * number of posts (target: the same within 2 KB). The post measured is the first one /blog links
 * to on the first site. --sites compares copies already built.
 *
 * Each page is loaded in a new Chromium context (empty cache, 412×823; Debian's /usr/bin/chromium
 * with scripts/chromium-flags.json) and measured once Gatsby's app has started (window.___navigate
 * is set; a document page runs no app), the network has then been idle for 500 ms, and 3 s more
 * have passed (the island loader brings an island that is in view once the page is idle: that
 * counts, as the visitor did nothing to get it).
 * "Transferred" is the encoded (Brotli) body size of every script response, as the network saw
 * it; "inline" is the UTF-8 size of the executable inline scripts in the page's HTML (read with
 * htmlparser2), which travels inside the HTML.
 * Scripts fetched only on interaction (staff menu, editor, an island on focus) are not counted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { Parser } from 'htmlparser2';
import {
  arg,
  buildSiteCopies,
  chromiumFlags,
  chromiumPath,
  firstPostPath,
  root,
  serveBuiltCopy,
} from './lib.mjs';

const posts = arg('posts', 0);
const port = arg('port', 8502);
const keep = process.argv.includes('--keep');
const sitesArg = arg('sites', '');
const pagesArg = arg('pages', '');
const TARGET_KB = 2;

const BUDGET_FILE = path.join(root, 'bench/js-budget.json');
const budgetMode = !sitesArg && posts === 0;

if (!Number.isInteger(posts) || posts < 0 || !Number.isInteger(port)) {
  console.error(
    'Usage: node bench/js-bytes.mjs [--port 8502] | --posts 1000 [--keep] | --sites DIR_A,DIR_B [--pages /,/blog,/blog/x]',
  );
  process.exit(1);
}

const base = `http://127.0.0.1:${port}`;
let buildDir = null;
let sites;
let labels;
/** Page → budget in bytes (transferred + inline), in budget mode. */
let budget = null;
// The server always (it serves every copy); this checkout's site too when it is what is measured.
const build = spawnSync(
  process.execPath,
  ['scripts/build-if-stale.mjs', 'server', ...(budgetMode ? ['site'] : [])],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('Building the server or the site failed.');
  process.exit(1);
}
if (budgetMode) {
  budget = JSON.parse(fs.readFileSync(BUDGET_FILE, 'utf8')).pages;
  sites = [root];
  labels = ['this checkout'];
} else if (sitesArg) {
  sites = sitesArg.split(',').map((dir) => path.resolve(dir));
  labels = sites.map((dir) => path.basename(dir));
} else {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentworks-bench-js-'));
  sites = buildSiteCopies(buildDir, [0, posts], { withBundled: true });
  labels = ['checked-in posts', `+ ${posts.toLocaleString('en')} generated posts`];
}

/** Bytes of the executable inline scripts of an HTML document (not JSON-LD or other data blocks). */
function inlineScriptBytes(html) {
  let total = 0;
  let open = false;
  let body = '';
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name !== 'script') return;
      const type = (attributes.type ?? '').trim().toLowerCase();
      open =
        attributes.src === undefined &&
        ['', 'text/javascript', 'application/javascript', 'module'].includes(type);
      body = '';
    },
    ontext(text) {
      if (open) body += text;
    },
    onclosetag(name) {
      if (name !== 'script' || !open) return;
      total += Buffer.byteLength(body, 'utf8');
      open = false;
    },
  });
  parser.write(html);
  parser.end();
  return total;
}

async function measurePage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  const document = await page.goto(url, { waitUntil: 'load' });
  if (!document || document.status() !== 200)
    throw new Error(`${url} answered ${document?.status() ?? 'nothing'}`);
  // An app page has started once Gatsby's navigation is set up (scripts and the page's chunk
  // loaded); on a loaded machine the loader's frames can come later than a quiet 500 ms of
  // network. A document page (no gatsby-script-loader) runs no app: it is ready once loaded.
  await page.waitForFunction(
    () =>
      typeof window.___navigate === 'function' ||
      document.getElementById('gatsby-script-loader') === null,
    null,
    { timeout: 60_000 },
  );
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_000);
  await page.waitForLoadState('networkidle');
  const html = await document.text();
  let transferred = 0;
  let decoded = 0;
  for (const response of scripts) {
    const sizes = await response.request().sizes();
    transferred += sizes.responseBodySize;
    decoded += (await response.body()).length;
  }
  await context.close();
  return {
    files: scripts.length,
    names: scripts.map((response) => new URL(response.url()).pathname),
    transferred,
    decoded,
    inline: inlineScriptBytes(html),
  };
}

/** The bench's own admin, for the one giveaway a budget page "/giveaway/{id}" is measured on. */
const benchAdmin = { username: 'bench-admin', password: 'bench-password-123' };

/**
 * One open giveaway with a prize image the site itself serves, made through the API; its id
 * stands in for "{id}" in a page's path. A visitor without a session gets its document page.
 */
async function seedGiveaway() {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    body: new URLSearchParams(benchAdmin),
  });
  if (!login.ok) throw new Error(`login for the giveaway: ${login.status} ${await login.text()}`);
  const { access_token: token } = await login.json();
  const created = await fetch(`${base}/api/v1/giveaway`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: 'Budget giveaway',
      description: 'Win a custom AI agent for your business, built and deployed by our team.',
      prize: 'A custom AI agent',
      prize_image: `${base}/og-image.png`,
      start_date: new Date().toISOString().slice(0, 10),
      end_date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    }),
  });
  if (!created.ok) throw new Error(`a giveaway: ${created.status} ${await created.text()}`);
  return (await created.json()).id;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const results = [];
let pages = pagesArg ? pagesArg.split(',') : null;
let browser;
let failed = false;
try {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  for (const [i, site] of sites.entries()) {
    const served = await serveBuiltCopy(site, port, {
      ADMIN_USERNAME: benchAdmin.username,
      ADMIN_PASSWORD: benchAdmin.password,
      RATE_LIMITS: 'off',
      // The giveaway's prize image is the site's own /og-image.png on loopback.
      IMAGE_FETCH_ALLOW_LOOPBACK: 'on',
    });
    try {
      pages ??= budget ? Object.keys(budget) : ['/', '/blog', await firstPostPath(base)];
      const giveawayId = pages.some((page) => page.includes('{id}')) ? await seedGiveaway() : null;
      const measured = {};
      for (const page of pages)
        measured[page] = await measurePage(
          browser,
          `${base}${page.replace('{id}', String(giveawayId))}`,
        );
      results.push({ label: labels[i], site, measured });
    } finally {
      await served.stop();
    }
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  await browser?.close();
  if (buildDir) {
    if (keep) console.log(`Kept the built copies in ${buildDir}.`);
    else fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

if (results.length === sites.length && pages) {
  const machine = `${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`;
  console.log(
    `\nJavaScript per page (${new Date().toISOString().slice(0, 10)}, ${machine}, Chromium, empty cache): KB transferred (script files) + inline KB in the HTML = total\n`,
  );
  const head = ['page', ...results.map((r) => r.label)];
  if (results.length > 1) head.push('difference KB', `within ${TARGET_KB} KB`);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map((_, i) => (i === 0 ? '----' : '---:')).join(' | ')} |`);
  for (const page of pages) {
    const cells = results.map(({ measured }) => {
      const m = measured[page];
      return `${kb(m.transferred)} (${m.files} files) + ${kb(m.inline)} = ${kb(m.transferred + m.inline)}`;
    });
    if (results.length > 1) {
      const total = (r) => r.measured[page].transferred + r.measured[page].inline;
      const diff = total(results.at(-1)) - total(results[0]);
      cells.push(kb(diff), Math.abs(diff) <= TARGET_KB * 1024 ? 'yes' : 'no');
    }
    console.log(`| ${page} | ${cells.join(' | ')} |`);
  }
  console.log('\nDecoded (uncompressed) script KB:');
  for (const r of results) {
    const each = pages.map((page) => `${page} ${kb(r.measured[page].decoded)}`).join(', ');
    console.log(`  ${r.label}: ${each}`);
  }
}
if (budget && results.length === 1) {
  const { measured } = results[0];
  const over = [];
  console.log(
    `\nScript bytes at load against bench/js-budget.json (${new Date().toISOString().slice(0, 10)}): transferred + inline = total / budget\n`,
  );
  for (const page of pages) {
    const m = measured[page];
    const total = m.transferred + m.inline;
    const ok = total <= budget[page];
    if (!ok) over.push(page);
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${page}: ${m.transferred} + ${m.inline} = ${total} bytes / ${budget[page]}${m.names.length ? ` (${m.names.join(', ')})` : ''}`,
    );
  }
  if (over.length > 0) {
    console.error(
      `\n${over.join(', ')} load${over.length === 1 ? 's' : ''} more script than ${over.length === 1 ? 'its' : 'their'} budget in bench/js-budget.json. ` +
        'Find what the page now loads (the files listed above) and take it out, ' +
        'or, if the page needs it, raise the budget in bench/js-budget.json in the same commit and say why.',
    );
  }
  console.log(`${pages.length - over.length} passed, ${over.length} failed`);
  if (over.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
