// Lighthouse benchmark: runs Lighthouse (mobile settings, simulated throttling) three times on each
// page of the production server and prints the medians as a Markdown table.
//
//   npm run bench:lighthouse [-- --runs 3 --label "bundled content"]
//   npm run bench:lighthouse -- --site /path/to/copy --pages /,/blog --label "1,000 posts"
// By default it builds this checkout when stale and serves public/; with --site it serves the
// public/ and .cache/ of another built copy (e.g. one made with scripts/generate-posts.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { arg, chromiumFlags, chromiumPath, root, startServer, waitHealthy } from './lib.mjs';

const runs = arg('runs', 3);
const label = arg('label', 'bundled content');
const port = arg('port', 8783);
const base = `http://127.0.0.1:${port}`;

const siteRoot = arg('site', '');
const onlyPages = arg('pages', '');

if (!siteRoot) {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'));
const server = startServer({
  PORT: String(port),
  DATABASE_URL: `sqlite:${path.join(dataDir, 'site.db')}`,
  DATA_DIR: dataDir,
  ADMIN_USERNAME: 'bench-admin',
  ADMIN_PASSWORD: 'bench-password-123',
  ...(siteRoot
    ? { SITE_DIR: path.join(siteRoot, 'public'), GATSBY_CACHE_DIR: path.join(siteRoot, '.cache') }
    : {}),
});

/** The first post linked from /blog, so the benchmark follows whatever content is bundled. */
async function firstPostPath() {
  const html = await (await fetch(`${base}/blog`)).text();
  const match = /href="(\/blog\/[a-z0-9-]+)"/.exec(html);
  if (!match) throw new Error('no post linked from /blog');
  return match[1];
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function measure(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = result.lhr;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    jsKb: jsBytes / 1024,
  };
}

let chrome;
try {
  await waitHealthy(base);
  const pages = onlyPages
    ? onlyPages.split(',')
    : ['/', '/blog', await firstPostPath(), '/projects', '/giveaway'];
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
  });
  const lines = [
    `## Lighthouse, ${label} (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, mobile, median of ${runs})`,
    '',
    '| page | Perf | A11y | Best pr. | SEO | LCP ms | TBT ms | CLS | JS KB (transferred) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const page of pages) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measure(chrome, `${base}${page}`));
    const m = (key) => median(samples.map((s) => s[key]));
    lines.push(
      `| ${page} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${Math.round(m('lcp'))} | ${Math.round(m('tbt'))} | ${m('cls').toFixed(3)} | ${m('jsKb').toFixed(1)} |`,
    );
  }
  console.log(lines.join('\n'));
} finally {
  if (chrome) await chrome.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
