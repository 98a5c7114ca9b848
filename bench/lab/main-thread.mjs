/**
 * Where a page load spends the browser's main thread, for built sites side by side.
 *
 *   node bench/lab/main-thread.mjs [--loads 9] [--cpu 4] [--paths /,/blog/some-post] DIR[=label] ...
 *
 * Each DIR is a built site (its public/ folder, or a folder holding public/: this checkout, a copy
 * from bench/build-scale.mjs --out, the plain blog bench/lab/peer.mjs builds). Every site is served
 * by bench/lab/static-server.mjs on its own 127.0.0.1 port (Brotli twins as our server sends them),
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
 * With --sources it also samples the JavaScript in the same traces (V8's CPU profiler, the
 * DevTools trace category) and splits script time by the script file the running code came from.
 * "browser" is time in the browser's own functions that scripts called (DOM, CSSOM, GC). The
 * sampler adds some overhead of its own, the same for every site.
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
import { arg, chromiumFlags, chromiumPath, loadAverage, median } from '../lib.mjs';
import { serveStatic } from './static-server.mjs';

const loads = arg('loads', 9);
const cpu = arg('cpu', 4);
const paths = String(arg('paths', '/')).split(',');
const withSources = process.argv.includes('--sources');
const sites = process.argv
  .slice(2)
  .filter(
    (value, i, all) =>
      !value.startsWith('--') && (!all[i - 1]?.startsWith('--') || all[i - 1] === '--sources'),
  )
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
    'Usage: node bench/lab/main-thread.mjs [--loads N] [--cpu R] [--paths a,b] [--sources] DIR[=label] ...',
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

/**
 * The renderer main thread that loaded `url`: the one that parsed its HTML (the trace also holds
 * the browser's other renderers, such as the blank page the context opened with).
 */
function pageMainThread(traceEvents, url) {
  const parse = traceEvents.find(
    (e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url),
  );
  if (!parse) throw new Error(`no renderer parsed ${url} in the trace`);
  return { pid: parse.pid, tid: parse.tid };
}

/** Self time per group on the page's renderer main thread, in ms. */
function mainThreadTime(traceEvents, main) {
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

/** A script file's name without its content hash: app, framework, component---src-pages-index-tsx. */
const scriptFile = (url) =>
  url
    .split('/')
    .pop()
    .split('?')[0]
    .replace(/-[0-9a-f]{20}\.js$/, '');

/** Which script file a sampled call frame's code came from. */
function sourceOf(frame) {
  if (!frame.url) return 'browser';
  if (!/\.js(\?|$)/.test(frame.url)) return 'inline scripts';
  return scriptFile(frame.url);
}

/**
 * Sampled JavaScript self time (ms) from the trace's CPU profile, by script file and by source.
 * Idle time and the "(program)" bucket (the browser's own work, counted by the groups above) are
 * left out; garbage collection and browser functions called from scripts count as "browser".
 */
function scriptSources(traceEvents, main) {
  const nodes = new Map();
  const byFile = {};
  for (const event of traceEvents) {
    if (event.name !== 'ProfileChunk' || event.pid !== main.pid) continue;
    const { cpuProfile, timeDeltas = [] } = event.args.data;
    for (const node of cpuProfile?.nodes ?? []) nodes.set(`${event.id}:${node.id}`, node);
    (cpuProfile?.samples ?? []).forEach((id, i) => {
      const node = nodes.get(`${event.id}:${id}`);
      const ms = (timeDeltas[i + 1] ?? timeDeltas[i] ?? 0) / 1000;
      const name = node?.callFrame.functionName;
      if (!node || name === '(idle)' || name === '(program)' || name === '(root)') return;
      const file = sourceOf(node.callFrame);
      byFile[file] = (byFile[file] ?? 0) + ms;
    });
  }
  return { byFile };
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
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      ...(withSources ? ['disabled-by-default-v8.cpu_profiler'] : []),
    ],
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
  const main = pageMainThread(trace.traceEvents, page.url());
  await context.close();
  const htmlBytes = Buffer.byteLength(html);
  const sources = withSources ? scriptSources(trace.traceEvents, main) : null;
  return { ...mainThreadTime(trace.traceEvents, main), elements, htmlBytes, styleBytes, sources };
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
  if (withSources) printSources(pagePath, results);
}

/** Medians of sampled script time by file (every site) and by source (sites with module ids). */
function printSources(pagePath, results) {
  const table = (title, key, siteIndexes, limit) => {
    const medians = siteIndexes.map((i) => {
      const names = new Set(results[i].flatMap((r) => Object.keys(r.sources[key])));
      return new Map(
        [...names].map((name) => [name, median(results[i].map((r) => r.sources[key][name] ?? 0))]),
      );
    });
    const names = [...new Set(medians.flatMap((m) => [...m.keys()]))]
      .map((name) => [name, Math.max(...medians.map((m) => m.get(name) ?? 0))])
      .sort((a, b) => b[1] - a[1]);
    console.log(`\n${pagePath}: ${title}\n`);
    console.log(`| | ${siteIndexes.map((i) => sites[i].label).join(' | ')} |`);
    console.log(`| --- | ${siteIndexes.map(() => '---:').join(' | ')} |`);
    for (const [name] of names.slice(0, limit))
      console.log(`| ${name} | ${medians.map((m) => (m.get(name) ?? 0).toFixed(0)).join(' | ')} |`);
    const total = (i) =>
      median(results[i].map((r) => Object.values(r.sources[key]).reduce((a, b) => a + b, 0)));
    console.log(
      `| **sampled in all** | ${siteIndexes.map((i) => total(i).toFixed(0)).join(' | ')} |`,
    );
  };
  table(
    'sampled script time by script file, ms (medians)',
    'byFile',
    sites.map((_, i) => i),
    12,
  );
}
console.log(`
Load average at the end: ${loadAverage()}`);
await browser.close();
await Promise.all(servers.map((server) => server.close()));
