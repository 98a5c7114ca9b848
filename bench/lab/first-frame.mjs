/**
 * What the first frame of each document page is made of, for built sites side by side.
 *
 *   node bench/lab/first-frame.mjs [--port 8250] [--paths /,/blog] [--shots DIR] SITE[=label] ...
 *
 * Each SITE is a folder holding a built site's public/ (this checkout, or a copy of an earlier
 * build: `mkdir -p /tmp/before && cp -r public /tmp/before/`). Every site is served by the built
 * server (server/dist, `npm run build:server`) on its own 127.0.0.1 port, with a throwaway
 * database, so pages travel exactly as in production (Brotli, CSP, the island scripts).
 *
 * For each page it reports, per site:
 *   html      bytes of the HTML as decoded (uncompressed)
 *   br        bytes of that HTML compressed with Brotli at quality 4, as the server sends it
 *             (@fastify/compress's default), and at quality 11 for reference
 *   css       bytes inside the <style> elements of the HTML as served (styled-components' sheet
 *             and any other)
 *   elements  every element in the document once loaded
 *   frame     elements the first frame renders, at 412x823 and at 1280x800: those for which
 *             Element.checkVisibility({ contentVisibilityAuto: true }) is true, i.e. that have a
 *             box (not display:none, not inside a closed popover or <details>, not in <head>, not
 *             an SVG <symbol> and what it holds) and do not sit in the skipped content of a
 *             `content-visibility: auto` section that is off screen. Elements below the fold that
 *             are NOT under such a section still count: the browser styles and lays them out in
 *             the first frame. Measured after the load event and two animation frames. The
 *             shadow copies an SVG <use> makes are not document elements and are not counted.
 *
 * With --shots DIR it also saves full-page screenshots of each page (and of the app pages in
 * APP_PATHS) at 375 and 1280 px wide into DIR/<label>/, for bench/lab/compare-shots.mjs, having walked
 * down each page once so that content-visibility sections hold their real height, then with the
 * viewport as tall as the page so that they are all on screen and drawn;
 * --shots-only skips the measurements.
 */
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { arg, chromiumFlags, chromiumPath, firstPostPath, loadAverage } from '../lib.mjs';
import { serveBuiltCopy } from '../lib.mjs';

const basePort = arg('port', 8250);
const shotsDir = arg('shots', null);
const pathsArg = arg('paths', null);
const shotsOnly = process.argv.includes('--shots-only');
const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
];
const SHOT_WIDTHS = [375, 1280];
/** App pages share the layout: screenshots only (they render in the browser). */
const APP_PATHS = ['/giveaway', '/login', '/admin', '/account', '/accept-invite'];

const sites = process.argv
  .slice(2)
  .filter(
    (value, i, all) =>
      !value.startsWith('--') && (!all[i - 1]?.startsWith('--') || all[i - 1] === '--shots-only'),
  )
  .map((spec, i) => {
    const [dir, label] = spec.split('=');
    if (!fs.existsSync(path.join(dir, 'public', 'index.html'))) {
      console.error(`${dir}: no built site there (no public/index.html).`);
      process.exit(2);
    }
    return { dir: path.resolve(dir), label: label ?? dir, port: basePort + i };
  });
if (sites.length === 0 || !Number.isInteger(basePort)) {
  console.error(
    'Usage: node bench/lab/first-frame.mjs [--port N] [--paths a,b] [--shots DIR] SITE[=label] ...',
  );
  process.exit(2);
}

/** Counts, in the page, the elements with a box that is not skipped by content-visibility. */
function countInPage() {
  const all = document.getElementsByTagName('*');
  let frame = 0;
  for (const element of all)
    if (element.checkVisibility({ contentVisibilityAuto: true })) frame += 1;
  return { elements: all.length, frame };
}

async function afterFirstFrame(page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

async function measure(browser, site, pagePath) {
  const url = `http://127.0.0.1:${site.port}${pagePath}`;
  const result = { frame: [] };
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${site.label}${pagePath}: HTTP ${response?.status()}`);
    await afterFirstFrame(page);
    const counts = await page.evaluate(countInPage);
    result.elements = counts.elements;
    result.frame.push(counts.frame);
    if (result.html === undefined) {
      const html = await response.text();
      const buffer = Buffer.from(html);
      result.html = buffer.length;
      const br = (quality) =>
        zlib.brotliCompressSync(buffer, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
          },
        }).length;
      result.br4 = br(4);
      result.br11 = br(11);
      // From the HTML as served, parsed apart: once an island starts, styled-components moves
      // its rules out of the element into the CSSOM.
      result.css = await page.evaluate((served) => {
        const parsed = new DOMParser().parseFromString(served, 'text/html');
        return [...parsed.querySelectorAll('style')].reduce(
          (n, style) => n + new TextEncoder().encode(style.textContent ?? '').length,
          0,
        );
      }, html);
    }
    await context.close();
  }
  return result;
}

async function screenshots(browser, site, pagePaths) {
  const out = path.join(shotsDir, site.label);
  fs.mkdirSync(out, { recursive: true });
  for (const width of SHOT_WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const pagePath of pagePaths) {
      await page.goto(`http://127.0.0.1:${site.port}${pagePath}`, { waitUntil: 'load' });
      // App pages fill in after their first requests; give them a moment to settle.
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(300);
      // Walk down the page once, so that every content-visibility: auto section has rendered and
      // holds its real height (not its placeholder) when the full page is captured.
      await page.evaluate(async () => {
        const frame = () =>
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
          window.scrollTo(0, y);
          await frame();
        }
        window.scrollTo(0, 0);
        await frame();
      });
      // A full-page capture does not paint what lies outside the viewport of such sections (their
      // rendering is skipped there): the viewport is made as tall as the page instead, so every
      // section is on screen and drawn, containment and all, as a visitor scrolling sees it.
      const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height: fullHeight });
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true, animations: 'disabled' });
      await page.setViewportSize({ width, height: 800 });
    }
    await context.close();
  }
}

const kb = (n) => (n / 1024).toFixed(1);

console.log(`Load average (1, 5, 15 min) at the start: ${loadAverage()}`);
const servers = [];
try {
  for (const site of sites) servers.push(await serveBuiltCopy(site.dir, site.port));
  const post = await firstPostPath(`http://127.0.0.1:${sites[0].port}`);
  const paths = pathsArg
    ? pathsArg.split(',')
    : ['/', post, '/blog', '/services', '/pricing', '/about', '/projects', '/contact'];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const header =
      '| page | site | HTML KB | Brotli q4 KB | Brotli q11 KB | CSS KB | elements | first frame 412×823 | first frame 1280×800 |';
    console.log(`\n${header}\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
    for (const pagePath of shotsOnly ? [] : paths) {
      for (const site of sites) {
        const r = await measure(browser, site, pagePath);
        console.log(
          `| ${pagePath} | ${site.label} | ${kb(r.html)} | ${kb(r.br4)} | ${kb(r.br11)} | ${kb(r.css)} | ${r.elements} | ${r.frame[0]} | ${r.frame[1]} |`,
        );
      }
    }
    if (shotsDir) {
      const shotPaths = [...paths, '/no-such-page', ...APP_PATHS];
      for (const site of sites) await screenshots(browser, site, shotPaths);
      console.log(`\nScreenshots in ${shotsDir}/<site>/ (${shotPaths.join(', ')})`);
    }
  } finally {
    await browser.close();
  }
} finally {
  for (const server of servers) await server.stop();
}
