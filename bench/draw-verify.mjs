// The verification page's recompute of a weighted draw of several winners, timed in Chromium at
// 4× CPU throttling: a frozen list of N entries (default 10,000) with random weights, drawn by the
// server's own procedure, then checked in the page by the browser's (Web Crypto) implementation.
//
//   node bench/draw-verify.mjs [--entries 10000] [--winners 100] [--redraws 3] [--runs 5] [--rate 4]
//
// Prints the median and slowest check (list hash, parse, every place and re-draw), and the load
// average; exits 1 when a check does not verify. Nothing leaves the machine: the page is served
// from memory to a route on http://localhost (a secure context, as Web Crypto needs).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { arg, chromiumFlags, chromiumPath, loadAverage, median, root } from './lib.mjs';

const entries = arg('entries', 10_000);
const winners = arg('winners', 100);
const redraws = arg('redraws', 3);
const runs = arg('runs', 5);
const rate = arg('rate', 4);

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-verify-'));
try {
  // The server's procedure for Node, the browser's for the page: the code the site and API ship.
  await build({
    entryPoints: [path.join(root, 'server/src/services/giveaways/draw.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: path.join(out, 'server-draw.mjs'),
    logLevel: 'error',
  });
  const page = await build({
    entryPoints: [path.join(root, 'src/features/giveaway/verify/draw-check.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'DrawCheck',
    write: false,
    logLevel: 'error',
  });
  const server = await import(path.join(out, 'server-draw.mjs'));

  // A record as the server publishes it, drawn with the server's own procedure.
  const seed = randomBytes(32).toString('hex');
  const lines = Array.from({ length: entries }, (_, i) => ({
    receipt_hash: server.sha256Hex(`receipt ${i} ${seed}`),
    weight: 1 + (i % 7 === 0 ? (i % 5) + 1 : 0),
  }));
  const weights = lines.map((l) => l.weight);
  const list = server.weightedListText(lines);
  const fingerprint = server.sha256Hex(list);
  const at = (n) => new Date(Date.UTC(2026, 3, 1, 10, n)).toISOString();
  const picks = server.weightedDraw({ seed, external: '', fingerprint, weights, count: winners });
  const draws = picks.map((p) => ({
    round: p.round,
    place: p.place,
    algorithm: 'aw-draw-v2',
    drawn_at: at(1),
    reason: null,
    eligible_count: p.eligible,
    position: p.position,
    counter: p.counter,
    receipt_hash: lines[p.position].receipt_hash,
    winner_handle: `w${p.place}`,
    claim_deadline: at(50),
    claimed_at: null,
    claim_status: 'awaiting_claim',
  }));
  const redrawSeeds = [];
  for (let r = 0; r < redraws; r += 1) {
    const round = draws.length + 1;
    const roundSeed = randomBytes(32).toString('hex');
    redrawSeeds.push({
      round,
      commitment: server.sha256Hex(roundSeed),
      committed_at: at(round - 1),
      seed: roundSeed,
    });
    const out = new Set(draws.map((d) => d.position));
    const eligible = weights.map((_, i) => i).filter((i) => !out.has(i));
    const pick = server.weightedPick({
      seed: roundSeed,
      external: '',
      fingerprint,
      round,
      eligible,
      weights,
    });
    draws.push({
      ...draws[0],
      round,
      place: 1 + (r % winners),
      drawn_at: at(round),
      reason: 'Disqualified.',
      eligible_count: eligible.length,
      position: pick.position,
      counter: pick.counter,
      receipt_hash: lines[pick.position].receipt_hash,
    });
  }
  const verification = {
    giveaway_id: 1,
    title: 'Bench',
    algorithm: 'aw-draw-v2',
    commitment: server.sha256Hex(seed),
    committed_at: at(0),
    committed_before_entries: true,
    seed,
    external_randomness: null,
    external_value: '',
    frozen: { frozen_at: at(0), reason: 'stopped', entrant_count: entries, fingerprint },
    frozen_list_path: '/list.txt',
    draws,
    winner_count: winners,
    redraw_seeds: redrawSeeds,
  };

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const tab = await browser.newPage();
    const html = `<!doctype html><meta charset="utf-8"><script>${page.outputFiles[0].text}</script>`;
    await tab.route('http://localhost/bench', (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    );
    await tab.goto('http://localhost/bench');
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const times = [];
    for (let i = 0; i < runs; i += 1) {
      const result = await tab.evaluate(
        async ({ v, text }) => {
          const start = performance.now();
          // eslint-disable-next-line no-undef -- the bundle's global, in the page
          const check = await DrawCheck.checkDraw(v, text);
          return {
            ms: performance.now() - start,
            verified: check.verified,
            steps: check.steps.length,
          };
        },
        { v: verification, text: list },
      );
      if (!result.verified) {
        console.error('The check did not verify: the browser and the server disagree.');
        process.exitCode = 1;
      }
      times.push(result.ms);
      console.log(
        `run ${i + 1}: ${result.ms.toFixed(0)} ms, ${result.steps} steps, verified ${result.verified}`,
      );
    }
    console.log(
      `${entries} entries, ${winners} places + ${redraws} re-draws, CPU ${rate}× slower: median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms (target < 2000 ms); load average ${loadAverage()}`,
    );
  } finally {
    await browser.close();
  }
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
