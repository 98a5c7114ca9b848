// Pictures in a post, measured: a post with five 12-megapixel photos against the same post without
// them, built into a copy of the site, and the upload of a 10 MB photo through the API.
//
//   npm run bench:post-images     (-- --port 9400 --runs 3 --uploads 3 --restarts 3
//                                     --ratios 1,1.75,2.625 --out DIR to keep the built copy,
//                                     --site DIR to reuse one, --only bytes|uploads)
//
// 1. Build: a copy of the site (as bench/build-scale.mjs makes one: no .cache, public, .git or
//    .post-images) gets two posts in content/blog: bench-photos (five photos, made here with
//    sharp as photo-like JPEGs, bench/photos.mjs, 4240 × 2832 each, in content/blog-media/) and
//    bench-no-photos (the same text, no photos); then `gatsby build` under the build lock.
// 2. Bytes: Chromium (Debian's, through Playwright) at 412 × 823, empty cache, per device pixel
//    ratio (1.75 is Lighthouse's mobile): the post is opened, scrolled to the end so every lazy
//    photo loads, and the bytes of every /static/post-images/ response (headers + body) are
//    summed, against the 250 KB target. CLS: the layout-shift entries of the whole visit (none
//    follows input), summed; target 0.
// 3. Lighthouse (bench/lab/lighthouse-run.mjs, mobile, simulated throttling): both posts in turn,
//    --runs times each, in one Chrome: medians of the performance score, LCP and CLS; the target
//    is 100, CLS 0 and the photos' LCP ≤ 1.1× the plain post's.
// 4. Upload: a 10 MB photo (made here) is sent to POST /api/v1/drafts/{id}/images as the editor
//    sends it, then the body naming it goes to POST /api/v1/drafts/preview, and the picture the
//    preview draws is fetched: the time from sending the file to the picture's bytes, against 3 s.
//    --restarts rounds, each on a server started afresh (its own data folder) that takes --uploads
//    uploads: the first upload after a start and the later ones are reported apart (medians of
//    each, and every time), with the time to the upload's answer and to the preview's.
//
// --only bytes: steps 1–2; --only uploads: step 4 alone (no build; the server needs no site).
//
// Bytes do not depend on the machine's load; times do: the load average is printed with them.
// Raw figures go to bench/results/post-images-<time>.json. Exit status 1 when a target is missed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { lighthouseRun } from './lab/lighthouse-run.mjs';
import {
  arg,
  BUILD_LOCK,
  chromiumFlags,
  chromiumPath,
  loadAverage,
  median,
  root,
  serveBuiltCopy,
} from './lib.mjs';
import { noisyPhoto } from './photos.mjs';

const port = arg('port', 9400);
const runs = arg('runs', 3);
const uploads = arg('uploads', 3);
const restarts = arg('restarts', 3);
const only = String(arg('only', ''));
const ratios = String(arg('ratios', '1,1.75,2.625')).split(',').map(Number);
const outArg = arg('out', '');
const siteArg = arg('site', '');
const base = `http://127.0.0.1:${port}`;
const admin = { username: 'bench-admin', password: 'bench-password-123' };
const BYTES_TARGET = 250 * 1024;
const UPLOAD_TARGET_MS = 3000;
const LCP_RATIO_TARGET = 1.1;
const PHOTOS = 5;
const WITH = 'bench-photos';
const WITHOUT = 'bench-no-photos';

if (
  ![port, runs, uploads, restarts].every((n) => Number.isInteger(n) && n > 0) ||
  ratios.some((r) => !(r > 0)) ||
  !['', 'bytes', 'uploads'].includes(only)
) {
  console.error(
    'Usage: node bench/post-images.mjs [--port 9400] [--runs 3] [--uploads 3] [--restarts 3] [--ratios 1,1.75,2.625] [--out DIR | --site DIR] [--only bytes|uploads]',
  );
  process.exit(1);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const started = new Date();
const figures = { date: started.toISOString(), loadBefore: loadAverage() };
console.log(`Post images benchmark, ${started.toISOString()}, load average ${figures.loadBefore}`);

/** The post's text: paragraphs, with the photos between them when `photos` is given. */
function postFile(slug, title, photos) {
  const paragraph = (n) =>
    `Paragraph ${n} of a field report: what the agent did on site, which tools it called, where ` +
    'it waited for a person and how long each step took. The numbers come from the traces we ' +
    'keep for every run, and the photos show the whiteboard sessions where the loop was drawn.';
  const parts = [];
  for (let i = 1; i <= PHOTOS; i++) {
    parts.push(`## Session ${i}`, paragraph(i * 2 - 1));
    if (photos)
      parts.push(`![Whiteboard session ${i}: the agent loop drawn as boxes](media/photo-${i}.jpg)`);
    parts.push(paragraph(i * 2));
  }
  return [
    '---',
    `title: "${title}"`,
    `slug: ${slug}`,
    'description: "A field report with whiteboard photos, for the image benchmark."',
    `date: ${started.toISOString().slice(0, 10)}`,
    'category: engineering',
    'author: "Bench Editor"',
    'tags: [benchmark]',
    '---',
    '',
    parts.join('\n\n'),
    '',
  ].join('\n');
}

/** A copy of the site with the two posts, built; returns its folder. */
async function buildCopy() {
  const dir = outArg
    ? path.resolve(outArg)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'agentworks-post-images-'));
  const skip = [
    'node_modules',
    '.git',
    '.cache',
    'public',
    '.post-images',
    'data',
    'coverage',
    'playwright-report',
    'test-results',
    'bench',
    'server/node_modules',
    'contracts/node_modules',
  ];
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(root, dir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return !skip.some((s) => relative === s || relative.startsWith(`${s}/`));
    },
  });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const media = path.join(dir, 'content/blog-media', WITH);
  fs.mkdirSync(media, { recursive: true });
  let photoBytes = 0;
  for (let i = 1; i <= PHOTOS; i++) {
    const photo = await noisyPhoto({ seed: i });
    photoBytes += photo.length;
    fs.writeFileSync(path.join(media, `photo-${i}.jpg`), photo);
  }
  console.log(`${PHOTOS} photos of 4240 × 2832 made: ${(photoBytes / 1e6).toFixed(1)} MB in all`);
  figures.photoBytes = photoBytes;
  fs.writeFileSync(
    path.join(dir, `content/blog/${WITH}.md`),
    postFile(WITH, 'Five whiteboard sessions', true),
  );
  fs.writeFileSync(
    path.join(dir, `content/blog/${WITHOUT}.md`),
    postFile(WITHOUT, 'Five whiteboard sessions, in words', false),
  );
  spawnSync(process.execPath, ['scripts/copy-vendor.mjs'], { cwd: dir, stdio: 'ignore' });
  console.log(`Building ${dir} (load average ${loadAverage()})…`);
  const t0 = performance.now();
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' };
  delete env.BLOG_CONTENT_DIR;
  const built = spawnSync('flock', [BUILD_LOCK, 'node_modules/.bin/gatsby', 'build'], {
    cwd: dir,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const log = `${built.stdout ?? ''}${built.stderr ?? ''}`;
  if (built.status !== 0) {
    console.error(log.split('\n').slice(-40).join('\n'));
    throw new Error(`gatsby build failed in ${dir} (exit ${built.status})`);
  }
  // Gatsby wraps long lines of its log: read it as one line.
  const pictures =
    /Blog: \d+ post pictures.*?found kept in \S+/.exec(log.replace(/\s*\n\s*/g, ' '))?.[0] ??
    '(no picture line)';
  console.log(
    `Built in ${((performance.now() - t0) / 1000).toFixed(0)} s (load ${loadAverage()}); ${pictures}`,
  );
  return dir;
}

/** Bytes of post pictures and CLS for one visit of `pathname` at 412 px and `ratio`. */
async function visit(browser, pathname, ratio) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: ratio,
    isMobile: true,
  });
  const tab = await context.newPage();
  const images = [];
  tab.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/static/post-images/')) return;
    images.push(
      request.sizes().then((sizes) => ({
        url: new URL(request.url()).pathname,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      })),
    );
  });
  await tab.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__shifts.push(entry);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await tab.goto(`${base}${pathname}`, { waitUntil: 'load' });
  // Down the page a screen at a time, so each lazy photo is asked for as a reader reaches it.
  const height = await tab.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 600) {
    await tab.evaluate((top) => window.scrollTo(0, top), y);
    await tab.waitForTimeout(150);
  }
  await tab.waitForFunction(() =>
    Array.from(document.querySelectorAll('article img')).every((img) => img.complete),
  );
  await tab.waitForLoadState('networkidle');
  const cls = await tab.evaluate(() =>
    window.__shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0),
  );
  const pictures = await tab.evaluate(() => document.querySelectorAll('article picture').length);
  const rows = await Promise.all(images);
  await context.close();
  return { rows, total: rows.reduce((sum, r) => sum + r.bytes, 0), cls, pictures };
}

async function api(method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Milliseconds from sending a 10 MB photo to having the picture the preview draws. */
async function uploadOnce(token, draftId, photo) {
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const stored = await api('POST', `/api/v1/drafts/${draftId}/images`, token, form);
  const storedMs = performance.now() - t0;
  const preview = await api('POST', '/api/v1/drafts/preview', token, {
    body: `A photo.\n\n![A whiteboard](${stored.src})\n`,
  });
  const previewMs = performance.now() - t0;
  const src = /<img[^>]*\ssrc="([^"]+)"/.exec(preview.html)?.[1];
  if (!src) throw new Error('the preview draws no picture');
  const picture = await fetch(new URL(src.replaceAll('&amp;', '&'), base), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!picture.ok) throw new Error(`the preview's picture ${src} answers ${picture.status}`);
  await picture.arrayBuffer();
  return {
    storedMs,
    previewMs,
    shownMs: performance.now() - t0,
    width: stored.width,
    bytes: stored.bytes,
  };
}

/** One round of step 4: a server started afresh, logged in, a draft, `uploads` uploads. */
async function uploadRound(siteDir, photo) {
  const server = await serveBuiltCopy(siteDir, port, {
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMITS: 'off',
    // The compile limit (2 s) is for hostile bodies; on a shared machine under heavy load the
    // preview's plain body can take longer on its low-priority worker, which is not what is timed.
    COMPILE_TIMEOUT_SECONDS: '20',
  });
  try {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      body: new URLSearchParams(admin),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const { access_token: token } = await login.json();
    const draft = await api('POST', '/api/v1/drafts', token, {
      title: `Upload bench ${Date.now()}`,
      description: 'A draft for the upload benchmark.',
      category: 'engineering',
      author: '',
      tags: [],
      series: '',
      series_order: null,
      body: 'A photo.\n',
    });
    const times = [];
    for (let i = 0; i < uploads; i++) times.push(await uploadOnce(token, draft.id, photo));
    return times;
  } finally {
    await server.stop();
  }
}

let failed = false;
/** For --only uploads: a site folder with nothing built (the API needs none). */
function emptySite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentworks-post-images-empty-'));
  fs.mkdirSync(path.join(dir, 'public'));
  return dir;
}
const siteDir = siteArg
  ? path.resolve(siteArg)
  : only === 'uploads'
    ? emptySite()
    : await buildCopy();
const served =
  only === 'uploads'
    ? null
    : await serveBuiltCopy(siteDir, port, {
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        RATE_LIMITS: 'off',
      });
let browser;
let chrome;
try {
  if (served) {
    // 2. Bytes and CLS in Chromium.
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    figures.bytes = [];
    for (const ratio of ratios) {
      const result = await visit(browser, `/blog/${WITH}`, ratio);
      const ok = result.total <= BYTES_TARGET && result.cls === 0;
      if (!ok) failed = true;
      figures.bytes.push({ ratio, total: result.total, cls: result.cls, rows: result.rows });
      console.log(
        `412 px @${ratio}x: ${result.pictures} pictures, ${result.rows.length} files, ${kb(result.total)} KB ` +
          `(target ≤ 250 KB), CLS ${result.cls.toFixed(3)}${ok ? '' : '  MISSED'}` +
          result.rows.map((r) => `\n  ${r.url} ${kb(r.bytes)} KB`).join(''),
      );
    }
    const plain = await visit(browser, `/blog/${WITHOUT}`, 1.75);
    console.log(
      `plain post @1.75x: CLS ${plain.cls.toFixed(3)}, ${plain.rows.length} post pictures`,
    );
    await browser.close();
    browser = undefined;
  }
  if (served && only === '') {
    // 3. Lighthouse, both posts in turn in one Chrome.
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
    const samples = { [WITH]: [], [WITHOUT]: [] };
    for (let run = 0; run < runs; run++) {
      for (const slug of [WITH, WITHOUT]) {
        samples[slug].push(await lighthouseRun(chrome, `${base}/blog/${slug}`, ['performance']));
      }
    }
    const summary = (slug) => {
      const done = samples[slug].filter((s) => s.runtimeError === null);
      if (done.length === 0) throw new Error(`Lighthouse could not measure /blog/${slug}`);
      return {
        performance: median(done.map((s) => s.performance)),
        lcp: median(done.map((s) => s.lcp)),
        cls: median(done.map((s) => s.cls)),
        each: done.map((s) => ({ performance: s.performance, lcp: Math.round(s.lcp), cls: s.cls })),
      };
    };
    const withPhotos = summary(WITH);
    const withoutPhotos = summary(WITHOUT);
    const lcpRatio = withPhotos.lcp / withoutPhotos.lcp;
    figures.lighthouse = { runs, withPhotos, withoutPhotos, lcpRatio, load: loadAverage() };
    const lhOk =
      withPhotos.performance === 100 && withPhotos.cls === 0 && lcpRatio <= LCP_RATIO_TARGET;
    if (!lhOk) failed = true;
    console.log(
      `Lighthouse (mobile, median of ${runs}, load ${loadAverage()}): with photos ${withPhotos.performance}, ` +
        `LCP ${Math.round(withPhotos.lcp)} ms, CLS ${withPhotos.cls}; without ${withoutPhotos.performance}, ` +
        `LCP ${Math.round(withoutPhotos.lcp)} ms, CLS ${withoutPhotos.cls}; LCP ratio ${lcpRatio.toFixed(2)} ` +
        `(targets 100, CLS 0, ≤ ${LCP_RATIO_TARGET}×)${lhOk ? '' : '  MISSED'}`,
    );
    await chrome.kill();
    chrome = undefined;
  }
  await served?.stop();

  // 4. Uploading a 10 MB photo until the preview has it, on servers started afresh.
  if (only !== 'bytes') {
    const photo = await noisyPhoto({ seed: 42, quality: 95, grain: 20 });
    const rounds = [];
    for (let r = 0; r < restarts; r++) rounds.push(await uploadRound(siteDir, photo));
    const firsts = rounds.map((times) => times[0]);
    const laters = rounds.flatMap((times) => times.slice(1));
    const ms = (values) => values.map((v) => Math.round(v)).join(', ');
    const firstShown = median(firsts.map((t) => t.shownMs));
    const laterShown = laters.length > 0 ? median(laters.map((t) => t.shownMs)) : null;
    figures.upload = {
      photoBytes: photo.length,
      restarts,
      uploads,
      rounds,
      medianFirstShownMs: firstShown,
      medianLaterShownMs: laterShown,
      load: loadAverage(),
    };
    const missed = firstShown > UPLOAD_TARGET_MS || (laterShown ?? 0) > UPLOAD_TARGET_MS;
    if (missed) failed = true;
    console.log(
      `Upload of a ${(photo.length / 1e6).toFixed(1)} MB photo (4240 × 2832), ${restarts} server starts × ${uploads} uploads, load ${loadAverage()} (target ≤ 3,000 ms)${missed ? '  MISSED' : ''}:\n` +
        `  first after a start: shown by the preview in ${Math.round(firstShown)} ms (median; each ${ms(firsts.map((t) => t.shownMs))}), stored in ${ms(firsts.map((t) => t.storedMs))}, previewed by ${ms(firsts.map((t) => t.previewMs))}\n` +
        (laterShown === null
          ? ''
          : `  later uploads: shown in ${Math.round(laterShown)} ms (median; each ${ms(laters.map((t) => t.shownMs))}), stored in ${ms(laters.map((t) => t.storedMs))}, previewed by ${ms(laters.map((t) => t.previewMs))}`),
    );
  }
} finally {
  await browser?.close();
  await chrome?.kill();
  await served?.stop();
  if (!siteArg && !outArg) fs.rmSync(siteDir, { recursive: true, force: true });
}
figures.loadAfter = loadAverage();
const resultsDir = path.join(root, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `post-images-${Date.now()}.json`);
fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
console.log(`Load average after: ${figures.loadAfter}. Raw figures: ${path.relative(root, file)}`);
process.exit(failed ? 1 : 0);
