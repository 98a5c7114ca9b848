/**
 * JavaScript per content page: what a browser transfers for /, /blog and one post, on a build
 * with the checked-in posts and on one with N more generated posts. The pages' JavaScript should
 * not grow with the number of posts (target: the same within 2 KB).
 *
 *   npm run bench:js -- [--posts 1000] [--port 8502] [--keep]
 *   npm run bench:js -- --sites DIR_A,DIR_B [--pages /,/blog,/blog/x]   (copies already built)
 *
 * Without --sites it builds two copies of the site with bench/build-scale.mjs (under the build
 * lock): the checked-in content as it is, and the same plus N generated posts (seed 1), so the
 * same post page exists in both. The post measured is the first one /blog links to on the first
 * site.
 *
 * Each page is loaded in a new Chromium context (empty cache; Debian's /usr/bin/chromium with
 * scripts/chromium-flags.json) from the production server on 127.0.0.1, and measured once Gatsby's
 * app has started (window.___navigate is set; a document page runs no app) and the network has
 * then been idle for 500 ms.
 * "Transferred" is the encoded (Brotli) body size of every script response, as the network saw
 * it; "inline" is the UTF-8 size of the executable inline scripts in the page's HTML (Gatsby's
 * chunk map among them), which travels inside the HTML.
 * Scripts fetched only on interaction (staff menu, editor) are not counted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import {
  arg,
  buildSiteCopies,
  chromiumFlags,
  chromiumPath,
  firstPostPath,
  serveBuiltCopy,
} from './lib.mjs';

const posts = arg('posts', 1000);
const port = arg('port', 8502);
const keep = process.argv.includes('--keep');
const sitesArg = arg('sites', '');
const pagesArg = arg('pages', '');
const TARGET_KB = 2;

if (!Number.isInteger(posts) || posts < 1 || !Number.isInteger(port)) {
  console.error(
    'Usage: node bench/js-bytes.mjs [--posts 1000] [--port 8502] [--keep] | --sites DIR_A,DIR_B [--pages /,/blog,/blog/x]',
  );
  process.exit(1);
}

const base = `http://127.0.0.1:${port}`;
let buildDir = null;
let sites;
let labels;
if (sitesArg) {
  sites = sitesArg.split(',').map((dir) => path.resolve(dir));
  labels = sites.map((dir) => path.basename(dir));
} else {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentworks-bench-js-'));
  sites = buildSiteCopies(buildDir, [0, posts], { withBundled: true });
  labels = ['checked-in posts', `+ ${posts.toLocaleString('en')} generated posts`];
}

/** Executable inline scripts of an HTML document (not JSON-LD or other data blocks). */
function inlineScriptBytes(html) {
  let total = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase() ?? '';
    if (!['', 'text/javascript', 'application/javascript', 'module'].includes(type)) continue;
    total += Buffer.byteLength(match[2] ?? '', 'utf8');
  }
  return total;
}

async function measurePage(browser, url) {
  const context = await browser.newContext();
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
  const html = await document.text();
  let transferred = 0;
  let decoded = 0;
  for (const response of scripts) {
    const sizes = await response.request().sizes();
    transferred += sizes.responseBodySize;
    decoded += (await response.body()).length;
  }
  await context.close();
  return { files: scripts.length, transferred, decoded, inline: inlineScriptBytes(html) };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const results = [];
let pages = pagesArg ? pagesArg.split(',') : null;
let browser;
let failed = false;
try {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  for (const [i, site] of sites.entries()) {
    const served = await serveBuiltCopy(site, port);
    try {
      pages ??= ['/', '/blog', await firstPostPath(base)];
      const measured = {};
      for (const page of pages) measured[page] = await measurePage(browser, `${base}${page}`);
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
process.exit(failed ? 1 : 0);
