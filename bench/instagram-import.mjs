// Importing a large Instagram post's comments and applying the giveaway rules: N comments (default
// 50,000) with replies on every 200th (30 each, 25 inline and the rest through the replies edge),
// served by the platform stand-in (server/test/helpers/instagram-stand-in.ts) in a child process on
// 127.0.0.1, in pages of 50 with a delay per answer (default 20 ms), read by the server's
// importComments and ruled by applyCommentRules (two tags, one entry per account, a closing time).
//
//   node --expose-gc bench/instagram-import.mjs [--comments 50000] [--page 50] [--delay 20] [--target 60]
//                                               [--keep 0]   (count the comments without keeping them)
//
// Prints the import time, the rules time, the requests made, this process's resident memory at each
// quarter of the import and its peak (the stand-in's memory is its own process's), the live heap
// after a full collection at each quarter when run with --expose-gc, and the load
// average; exits 1 when the import is incomplete, a comment is missing or repeated, or the total
// time is over the target. Nothing leaves the machine. The TypeScript sources are bundled with
// esbuild into a temporary folder first, as bench/draw-verify.mjs does.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { build } from 'esbuild';
import { arg, loadAverage, root } from './lib.mjs';

const total = arg('comments', 50_000);
const pageSize = arg('page', 50);
const delay = arg('delay', 20);
const target = arg('target', 60);
// --keep 0: the callback only counts, so the memory shown is the importer's alone (no rules).
const keep = arg('keep', 1) !== 0;
const token = 'IGAAbench-token-0123456789abcdefghijklmnop';
const mediaId = '17895695668004550';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'instagram-import-'));
let child = null;
try {
  await build({
    entryPoints: {
      importer: path.join(root, 'server/src/services/instagram/import.ts'),
      client: path.join(root, 'server/src/services/instagram/graph-client.ts'),
      rules: path.join(root, 'server/src/services/instagram/rules.ts'),
      token: path.join(root, 'server/src/services/instagram/token.ts'),
      'stand-in': path.join(root, 'server/test/helpers/instagram-stand-in.ts'),
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outdir: out,
    outExtension: { '.js': '.mjs' },
    logLevel: 'error',
  });
  // The stand-in and its data live in a child process, so the memory measured here is the import's.
  fs.writeFileSync(
    path.join(out, 'serve.mjs'),
    `import { startInstagramStandIn, platformTime } from './stand-in.mjs';
const [total, pageSize, delay] = process.argv.slice(2).map(Number);
const start = Date.parse('2026-11-01T00:00:00Z');
const comments = [];
for (let i = 1; i <= total; i += 1) {
  const at = start + i * 1000;
  const replies = i % 200 === 0
    ? Array.from({ length: 30 }, (_, r) => ({ id: String(9e12 + i * 100 + r), username: 'replier' + (i + r),
        text: 'good luck @fan' + i, timestamp: platformTime(new Date(at + (r + 1) * 10).toISOString()) }))
    : [];
  // Every 10th commenter comments twice; every 7th comment tags only one friend.
  const user = i % 10 === 0 ? 'fan' + (i - 1) : 'fan' + i;
  const tags = i % 7 === 0 ? '@friend' + i : '@friend' + i + ' @pal' + i;
  comments.push({ id: String(1e13 + i), username: user, text: 'Count me in ' + tags + ' #giveaway',
    timestamp: platformTime(new Date(at).toISOString()), like_count: i % 5, replies });
}
const s = await startInstagramStandIn({ token: ${JSON.stringify(token)}, mediaId: ${JSON.stringify(mediaId)},
  comments, pageSize, delayMs: delay, inlineReplies: 25 });
console.log(JSON.stringify({ url: s.url }));
process.stdin.on('end', () => s.close().then(() => process.exit(0)));
process.stdin.resume();
`,
  );
  child = spawn(process.execPath, [path.join(out, 'serve.mjs'), total, pageSize, delay], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const first = await new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the stand-in exited (${code})`)));
  });
  const { url } = JSON.parse(first);

  const { importComments } = await import(path.join(out, 'importer.mjs'));
  const { createGraphClient } = await import(path.join(out, 'client.mjs'));
  const { applyCommentRules } = await import(path.join(out, 'rules.mjs'));
  const { AccessToken } = await import(path.join(out, 'token.mjs'));

  const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  const heapStart = process.memoryUsage().heapUsed;
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 25);
  const quarters = [];
  const expectedPages = Math.ceil(total / pageSize);

  const client = createGraphClient({
    baseUrl: url,
    version: 'v21.0',
    token: new AccessToken(token),
  });
  const comments = [];
  const ids = new Set();
  let read = 0;
  const t0 = performance.now();
  const state = await importComments(client, {
    mediaId,
    onComments: (batch) => {
      read += batch.length;
      if (keep) for (const c of batch) comments.push(c);
      // Without keeping them, the check that no comment is repeated keeps numbers, not strings.
      else for (const c of batch) ids.add(Number(c.id));
    },
    onProgress: (s) => {
      if (s.pages % Math.ceil(expectedPages / 4) === 0 || s.status === 'complete') {
        // With --expose-gc, the live heap after a full collection: what the import really holds.
        const rss = process.memoryUsage().rss;
        global.gc?.();
        const heap = global.gc ? `, live heap ${mib(process.memoryUsage().heapUsed)} MiB` : '';
        quarters.push(`${s.pages} pages: RSS ${mib(rss)} MiB${heap}`);
      }
    },
  });
  const importSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const ruled = applyCommentRules(keep ? comments : [], {
    entriesPer: 'account',
    minMentions: 2,
    closesAt: new Date(Date.parse('2026-11-01T00:00:00Z') + total * 900).toISOString(),
    organiser: 'agentworks',
    excluded: ['fan1'],
    requiredWord: '#giveaway',
  });
  const rulesSeconds = (performance.now() - t1) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);

  const expected = total + Math.floor(total / 200) * 30;
  const unique = keep ? new Set(comments.map((c) => c.id)).size : ids.size;
  const seconds = importSeconds + rulesSeconds;
  console.log(
    `instagram-import: ${total.toLocaleString('en')} comments + ${(expected - total).toLocaleString('en')} replies, page ${pageSize}, ${delay} ms per answer`,
  );
  console.log(
    `  import ${importSeconds.toFixed(1)} s (${state.pages} pages, status ${state.status}), rules ${rulesSeconds.toFixed(2)} s, total ${seconds.toFixed(1)} s (target ≤ ${target} s)`,
  );
  console.log(
    `  read ${read.toLocaleString('en')}${keep ? '' : ' (not kept)'} (${unique.toLocaleString('en')} distinct, expected ${expected.toLocaleString('en')}); ${ruled.entries.length.toLocaleString('en')} entries counted`,
  );
  console.log(
    `  start: RSS ${mib(rssStart)} MiB, live heap ${mib(heapStart)} MiB; ${quarters.join('; ')}; peak ${mib(rssPeak)} MiB (${mib(process.resourceUsage().maxRSS * 1024)} MiB max RSS)`,
  );
  console.log(`  load average ${loadAverage()} (1, 5, 15 min), ${new Date().toISOString()}`);
  const ok =
    state.status === 'complete' && read === expected && unique === expected && seconds <= target;
  process.exitCode = ok ? 0 : 1;
} finally {
  if (child) {
    child.stdin.end();
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', resolve);
    });
  }
  fs.rmSync(out, { recursive: true, force: true });
}
