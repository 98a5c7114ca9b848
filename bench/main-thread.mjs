/**
 * Where a page load spends the browser's main thread, for built sites side by side.
 *
 *   node bench/main-thread.mjs [--loads 9] [--cpu 4] [--paths /,/blog/some-post] DIR[=label] ...
 *
 * Each DIR is a built site (its public/ folder, or a folder holding public/: this checkout, a copy
 * from bench/build-scale.mjs --out, the plain blog bench/peer.mjs builds). Every site is served
 * by bench/static-server.mjs on its own 127.0.0.1 port (Brotli twins as our server sends them),
 * and each path is loaded in a fresh Chromium context with the CPU slowed --cpu times (as
 * bench:peer's real-browser view), the sites taking turns, --loads times each. Every load is
 * traced (DevTools timeline categories) from navigation until 1.5 s after the load event, and the
 * renderer main thread's time is split by what it did, as self time (an event's duration less the
 * events nested in it), so nothing counts twice:
 *
 *   script      compile and run of scripts, callbacks, promise jobs, timers, events, GC
 *   style       style recalculation and style sheet parsing
 *   layout      layout
 *   paint       pre-paint, paint, layerize, commit
 *   html        HTML parsing
 *   other       the rest of each task (the task runner's own time, loading, and so on)
 *
 * It also reports what the page is made of: elements in the DOM once loaded, the HTML's bytes
 * (decoded) and how many of them are CSS in <style> elements (read from the HTML as served:
 * styled-components moves its rules out of the element once the app starts).
 * Medians over the loads, one column per site. The figures are for comparing sites measured in
 * the same run on the same machine, never across runs.
 */
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { arg, chromiumFlags, chromiumPath, loadAverage, median } from './lib.mjs';
import { serveStatic } from './static-server.mjs';

const loads = arg('loads', 9);
const cpu = arg('cpu', 4);
const paths = String(arg('paths', '/')).split(',');
const sites = process.argv
  .slice(2)
  .filter((value, i, all) => !value.startsWith('--') && !all[i - 1]?.startsWith('--'))
  .map((spec) => {
    const [dir, label] = spec.split('=');
    const publicDir = fs.existsSync(path.join(dir, 'public', 'index.html'))
      ? path.join(dir, 'public')
      : dir;
    if (!fs.existsSync(path.join(publicDir, 'index.html'))) {
      console.error(`${dir}: no built site there (no index.html in it or in its public/).`);
      process.exit(2);
    }
    return { publicDir, label: label ?? dir };
  });
if (sites.length === 0 || !Number.isInteger(loads) || loads < 1 || !(cpu >= 1)) {
  console.error(
    'Usage: node bench/main-thread.mjs [--loads N] [--cpu R] [--paths a,b] DIR[=label] ...',
  );
  process.exit(2);
}

const GROUPS = {
  script: [
    'EvaluateScript',
    'v8.compile',
    'v8.compileModule',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'RunMicrotasks',
    'XHRReadyStateChange',
    'XHRLoad',
    'EventDispatch',
    'FireAnimationFrame',
    'FireIdleCallback',
    'MajorGC',
    'MinorGC',
    'V8.GC_SCAVENGER',
    'v8.run',
  ],
  style: [
    'UpdateLayoutTree',
    'RecalculateStyles',
    'ParseAuthorStyleSheet',
    'ScheduleStyleRecalculation',
  ],
  layout: ['Layout'],
  paint: [
    'PrePaint',
    'Paint',
    'Layerize',
    'Commit',
    'PaintImage',
    'UpdateLayer',
    'CompositeLayers',
  ],
  html: ['ParseHTML'],
};
const groupOf = new Map(
  Object.entries(GROUPS).flatMap(([group, names]) => names.map((n) => [n, group])),
);

/** Self time per group on the renderer's main thread, in ms. */
function mainThreadTime(traceEvents) {
  const main = traceEvents.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  const spans = traceEvents
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = { script: 0, style: 0, layout: 0, paint: 0, html: 0, other: 0 };
  // Walk the spans as a tree: each one's self time is its duration less its direct children's.
  const stack = [];
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) {
      const span = stack.pop();
      totals[span.group] += Math.max(0, span.dur - span.children) / 1000;
    }
  };
  for (const event of spans) {
    close(event.ts);
    const parent = stack.at(-1);
    // Events inside a grouped one belong to it unless they are grouped themselves.
    const group = groupOf.get(event.name) ?? parent?.group ?? 'other';
    if (parent) parent.children += event.dur;
    stack.push({ end: event.ts + event.dur, dur: event.dur, children: 0, group });
  }
  close(Infinity);
  return totals;
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const servers = [];
const basePort = arg('port', 8850);
for (const [i, site] of sites.entries()) {
  servers.push(await serveStatic(site.publicDir, basePort + i));
  site.port = basePort + i;
}

async function measure(site, pagePath) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
  });
  const response = await page.goto(`http://127.0.0.1:${site.port}${pagePath}`, {
    waitUntil: 'load',
  });
  if (!response?.ok()) throw new Error(`${site.label}${pagePath}: HTTP ${response?.status()}`);
  await page.waitForTimeout(1500);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const html = await response.text();
  const styleBytes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce(
    (n, match) => n + Buffer.byteLength(match[1]),
    0,
  );
  await context.close();
  const htmlBytes = Buffer.byteLength(html);
  return { ...mainThreadTime(trace.traceEvents), elements, htmlBytes, styleBytes };
}

console.log(`Load average (1, 5, 15 min) at the start: ${loadAverage()}`);
const rows = ['script', 'style', 'layout', 'paint', 'html', 'other'];
for (const pagePath of paths) {
  const results = sites.map(() => []);
  for (let round = 0; round < loads; round++) {
    for (const [i, site] of sites.entries()) results[i].push(await measure(site, pagePath));
  }
  const med = (i, key) => median(results[i].map((r) => r[key]));
  console.log(
    `\n${pagePath}, ${loads} loads each, CPU ${cpu}x, medians (ms of main thread unless marked)\n`,
  );
  console.log(`| | ${sites.map((s) => s.label).join(' | ')} |`);
  console.log(`| --- | ${sites.map(() => '---:').join(' | ')} |`);
  for (const key of rows)
    console.log(`| ${key} | ${sites.map((_, i) => med(i, key).toFixed(0)).join(' | ')} |`);
  const total = (r) => rows.reduce((n, key) => n + r[key], 0);
  console.log(
    `| **total** | ${sites.map((_, i) => median(results[i].map(total)).toFixed(0)).join(' | ')} |`,
  );
  console.log(`| DOM elements | ${sites.map((_, i) => med(i, 'elements')).join(' | ')} |`);
  console.log(
    `| HTML KB | ${sites.map((_, i) => (med(i, 'htmlBytes') / 1024).toFixed(1)).join(' | ')} |`,
  );
  console.log(
    `| of which CSS in <style> KB | ${sites.map((_, i) => (med(i, 'styleBytes') / 1024).toFixed(1)).join(' | ')} |`,
  );
}
console.log(`
Load average at the end: ${loadAverage()}`);
await browser.close();
await Promise.all(servers.map((server) => server.close()));
