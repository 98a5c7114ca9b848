// Lighthouse benchmark: runs Lighthouse (mobile settings, simulated throttling) three times on each
// page of the production server and prints the medians as a Markdown table.
//
//   npm run bench:lighthouse [-- --runs 3 --label "bundled content"]
//   npm run bench:lighthouse -- --site /path/to/copy --pages /,/blog --label "1,000 posts"
//   npm run bench:lighthouse -- --posts 1000 [--pages /,/blog] [--keep]
//   npm run bench:lighthouse -- --compare-defer [--posts 1000] [--pages /,/blog] [--keep]
//
// By default it builds this checkout when stale and serves public/; with --site it serves the
// public/ and .cache/ of another built copy. With --posts N it first builds a copy of the site
// whose content/blog holds N generated posts (bench/build-scale.mjs, under the build lock, in a
// temporary folder removed afterwards unless --keep) and measures that.
//
// --compare-defer measures the deferred-scripts rewrite of plugins/delivery: it builds two copies
// (the checked-in posts, or N generated posts with --posts), one as usual and one with
// DEFER_SCRIPTS=off (Gatsby's own async script tags and inline chunk map), measures both the same
// way and prints TBT and LCP side by side with the difference.
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
  lighthouseRun,
  median,
  root,
  serveBuiltCopy,
} from './lib.mjs';

const runs = arg('runs', 3);
const port = arg('port', 8783);
const base = `http://127.0.0.1:${port}`;
const posts = arg('posts', 0);
const compareDefer = process.argv.includes('--compare-defer');
const keep = process.argv.includes('--keep');
const siteArg = arg('site', '');
const onlyPages = arg('pages', '');
const label = arg(
  'label',
  posts > 0 ? `${posts.toLocaleString('en')} generated posts` : 'bundled content',
);

if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(posts) || posts < 0) {
  console.error(
    'Usage: node bench/lighthouse.mjs [--runs 3] [--pages /,/blog] [--label text] [--port 8783] [--site DIR | --posts N [--keep]] [--compare-defer]',
  );
  process.exit(1);
}
if (siteArg && (posts > 0 || compareDefer)) {
  console.error(
    '--site measures a copy built already; it does not go with --posts or --compare-defer.',
  );
  process.exit(1);
}

/**
 * Serves each built copy (or this checkout's public/) on its own port, port + i, and returns each
 * site's rows of per-page medians. The sites' runs alternate (run 1 of every site, then run 2…),
 * so a machine that speeds up or slows down during the run (Lighthouse's benchmarkIndex moves by
 * a factor of almost 2 on this virtual machine) affects them alike.
 */
async function measureSites(chrome, siteRoots, pages) {
  const served = [];
  try {
    for (const [i, siteRoot] of siteRoots.entries()) {
      served.push(
        await serveBuiltCopy(siteRoot, port + i, {
          ADMIN_USERNAME: 'bench-admin',
          ADMIN_PASSWORD: 'bench-password-123',
        }),
      );
    }
    const list = pages ?? ['/', '/blog', await firstPostPath(base), '/projects', '/giveaway'];
    const rows = siteRoots.map(() => []);
    for (const page of list) {
      const samples = siteRoots.map(() => []);
      for (let run = 0; run < runs; run++) {
        for (const i of siteRoots.keys()) {
          samples[i].push(await lighthouseRun(chrome, `http://127.0.0.1:${port + i}${page}`));
        }
      }
      for (const i of siteRoots.keys()) {
        const m = (key) => median(samples[i].map((s) => s[key]));
        rows[i].push({
          page,
          performance: m('performance'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          seo: m('seo'),
          lcp: m('lcp'),
          tbt: m('tbt'),
          cls: m('cls'),
          jsKb: m('jsKb'),
          benchmarkIndex: samples[i].map((s) => s.benchmarkIndex),
        });
      }
    }
    return rows;
  } finally {
    for (const s of served) await s.stop();
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
  let sites;
  if (compareDefer || posts > 0) {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentworks-bench-lighthouse-'));
    const count = posts > 0 ? posts : 0;
    const options = { withBundled: posts === 0 };
    sites = [buildSiteCopies(path.join(buildDir, 'defer-on'), [count], options)[0]];
    if (compareDefer) {
      sites.push(
        buildSiteCopies(path.join(buildDir, 'defer-off'), [count], {
          ...options,
          deferScripts: 'off',
        })[0],
      );
    }
  } else if (siteArg) {
    sites = [path.resolve(siteArg)];
  } else {
    const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
    sites = [root];
  }

  chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const measured = await measureSites(chrome, sites, pages);

  if (!compareDefer) {
    const lines = [
      `## Lighthouse, ${label} (${day}, ${machine}, mobile, median of ${runs})`,
      '',
      '| page | Perf | A11y | Best pr. | SEO | LCP ms | TBT ms | CLS | JS KB (transferred) |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const r of measured[0]) {
      lines.push(
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${r.jsKb.toFixed(1)} |`,
      );
    }
    lines.push('', `Lighthouse benchmarkIndex per run: ${benchIndexes(measured[0]).join(', ')}`);
    console.log(lines.join('\n'));
  } else {
    const [on, off] = measured;
    const lines = [
      `## Deferred scripts on and off, ${label} (${day}, ${machine}, mobile, median of ${runs})`,
      '',
      '| page | Perf on | Perf off | TBT ms on | TBT ms off | TBT on − off | LCP ms on | LCP ms off | LCP on − off | JS KB on | JS KB off |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    const signed = (v) => `${v > 0 ? '+' : ''}${Math.round(v)}`;
    for (const [i, a] of on.entries()) {
      const b = off[i];
      lines.push(
        `| ${a.page} | ${a.performance} | ${b.performance} | ${Math.round(a.tbt)} | ${Math.round(b.tbt)} | ${signed(a.tbt - b.tbt)} | ${Math.round(a.lcp)} | ${Math.round(b.lcp)} | ${signed(a.lcp - b.lcp)} | ${a.jsKb.toFixed(1)} | ${b.jsKb.toFixed(1)} |`,
      );
    }
    lines.push(
      '',
      `Lighthouse benchmarkIndex per run: on ${benchIndexes(on).join(', ')}; off ${benchIndexes(off).join(', ')}`,
      'Negative differences: the rewrite (DEFER_SCRIPTS on) is faster.',
    );
    console.log(lines.join('\n'));
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  if (chrome) await chrome.kill();
  if (buildDir) {
    if (keep) console.log(`\nKept the built copies in ${buildDir}.`);
    else fs.rmSync(buildDir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
