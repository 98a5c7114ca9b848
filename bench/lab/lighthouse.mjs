// Lighthouse benchmark: runs Lighthouse (mobile settings, simulated throttling) three times on each
// page of the production server and prints the medians as a Markdown table.
//
//   npm run bench:lighthouse [-- --runs 3 --label "bundled content"]
//   npm run bench:lighthouse -- --site /path/to/copy --pages /,/blog --label "1,000 posts"
//   npm run bench:lighthouse -- --posts 1000 [--pages /,/blog] [--keep]
//
// By default it builds this checkout when stale and serves public/; with --site it serves the
// public/ and .cache/ of another built copy. With --posts N it first builds a copy of the site
// whose content/blog holds N generated posts (bench/build-scale.mjs, under the build lock, in a
// temporary folder removed afterwards unless --keep) and measures that.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import {
  arg,
  buildSiteCopies,
  chromiumFlags,
  chromiumPath,
  firstPostPath,
  median,
  root,
  serveBuiltCopy,
} from '../lib.mjs';
import { lighthouseRun } from './lighthouse-run.mjs';

const runs = arg('runs', 3);
const port = arg('port', 8783);
const base = `http://127.0.0.1:${port}`;
const posts = arg('posts', 0);
const keep = process.argv.includes('--keep');
const siteArg = arg('site', '');
const onlyPages = arg('pages', '');
const label = arg(
  'label',
  posts > 0 ? `${posts.toLocaleString('en')} generated posts` : 'bundled content',
);

if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(posts) || posts < 0) {
  console.error(
    'Usage: node bench/lab/lighthouse.mjs [--runs 3] [--pages /,/blog] [--label text] [--port 8783] [--site DIR | --posts N [--keep]]',
  );
  process.exit(1);
}
if (siteArg && posts > 0) {
  console.error('--site measures a copy built already; it does not go with --posts.');
  process.exit(1);
}

/** Serves the built copy in `siteRoot` on `port` and returns its per-page medians. */
async function measureSite(chrome, siteRoot, pages) {
  const served = await serveBuiltCopy(siteRoot, port, {
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: 'bench-password-123',
  });
  try {
    const list = pages ?? ['/', '/blog', await firstPostPath(base), '/projects', '/giveaway'];
    const rows = [];
    for (const page of list) {
      const samples = [];
      for (let run = 0; run < runs; run++) {
        samples.push(await lighthouseRun(chrome, `${base}${page}`));
      }
      const finished = samples.filter((s) => s.runtimeError === null);
      if (finished.length === 0) {
        // Every run failed: say why instead of printing a table of nothing.
        const reasons = [...new Set(samples.map((s) => s.runtimeError))].join(', ');
        throw new Error(
          `Lighthouse could not measure ${base}${page} in any of ${runs} runs: ${reasons}`,
        );
      }
      const m = (key) => median(finished.map((s) => s[key]));
      rows.push({
        page,
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        cls: m('cls'),
        jsKb: m('jsKb'),
        benchmarkIndex: samples.map((s) => s.benchmarkIndex),
      });
    }
    return rows;
  } finally {
    await served.stop();
  }
}

const day = new Date().toISOString().slice(0, 10);
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
const pages = onlyPages ? onlyPages.split(',') : null;
const benchIndexes = (rows) =>
  rows
    .flatMap((r) => r.benchmarkIndex)
    .filter((v) => v !== null)
    .map((v) => Math.round(v));

let buildDir = null;
let chrome;
let failed = false;
try {
  let site;
  if (posts > 0) {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentworks-bench-lighthouse-'));
    [site] = buildSiteCopies(buildDir, [posts]);
  } else if (siteArg) {
    site = path.resolve(siteArg);
  } else {
    const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
    site = root;
  }

  chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const measured = await measureSite(chrome, site, pages);

  const lines = [
    `## Lighthouse, ${label} (${day}, ${machine}, mobile, median of ${runs})`,
    '',
    '| page | Perf | A11y | Best pr. | SEO | LCP ms | TBT ms | CLS | JS KB (transferred) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of measured) {
    lines.push(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${r.jsKb.toFixed(1)} |`,
    );
  }
  lines.push('', `Lighthouse benchmarkIndex per run: ${benchIndexes(measured).join(', ')}`);
  console.log(lines.join('\n'));
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  if (chrome) await chrome.kill();
  if (buildDir) {
    if (keep) console.log(`\nKept the built copy in ${buildDir}.`);
    else fs.rmSync(buildDir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
