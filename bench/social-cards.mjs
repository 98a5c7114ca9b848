/**
 * Social cards: how long drawing a card takes, as the build draws them (two at a time).
 *
 *   node bench/social-cards.mjs [--cards 200] [--concurrency 2] [--rounds 3] [--covers 0]
 *                               [--module A=path/to/image-service/index.js,B=...]
 *
 * Draws `--cards` cards with distinct titles and category labels (every `--covers`-th one with a
 * cover picture, as a post with a cover has), `--concurrency` at a time, and prints the time per
 * card. With `--module`, each named build of the image service (the compiled
 * pipeline/dist/image-service/index.js by default) draws the same cards, in turns (A, B, A, B …
 * for `--rounds` rounds), so the ratio between them comes from one run; the last round's cards of
 * each are compared byte for byte.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { arg, loadAverage, median, root } from './lib.mjs';

const require = createRequire(import.meta.url);
const cards = Number(arg('cards', '200'));
const concurrency = Number(arg('concurrency', '2'));
const rounds = Number(arg('rounds', '3'));
const coverEvery = Number(arg('covers', '0'));
const modules = String(
  arg('module', `ours=${path.join(root, 'pipeline/dist/image-service/index.js')}`),
)
  .split(',')
  .map((part) => {
    const [name, file] = part.includes('=') ? part.split('=') : [part, part];
    return { name, service: require(path.resolve(file)) };
  });

const WORDS = 'agent ship voice retrieval workflow support invoice triage model secure team'.split(
  ' ',
);
const LABELS = ['Engineering', 'Case study', 'Security', 'Voice', null];
const cover = await require('sharp')({
  create: { width: 1600, height: 1000, channels: 3, background: '#0e7490' },
})
  .jpeg()
  .toBuffer();
const inputs = Array.from({ length: cards }, (_, i) => ({
  title: `${WORDS[i % WORDS.length]} ${i}: ${WORDS.slice(0, 3 + (i % 7)).join(' ')} in production`,
  label: LABELS[i % LABELS.length],
  picture: coverEvery > 0 && i % coverEvery === 0 ? cover : null,
}));

async function drawAll(service) {
  const out = new Array(inputs.length);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < inputs.length) {
        const at = next++;
        out[at] = await service.drawSocialCard(inputs[at]);
      }
    }),
  );
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, out };
}

console.log(
  `Social cards, ${new Date().toISOString()}: ${cards} cards, ${concurrency} at a time, ` +
    `${rounds} rounds; load average ${loadAverage()}`,
);
const times = new Map(modules.map(({ name }) => [name, []]));
const last = new Map();
for (let round = 0; round < rounds; round++) {
  for (const { name, service } of modules) {
    const { ms, out } = await drawAll(service);
    times.get(name).push(ms);
    last.set(name, out);
    console.log(
      `  round ${round + 1} ${name}: ${(ms / 1000).toFixed(2)} s, ${(ms / cards).toFixed(1)} ms/card`,
    );
  }
}
const first = modules[0].name;
for (const { name } of modules) {
  const ms = median(times.get(name));
  const ratio = ms / median(times.get(first));
  const same = last.get(name).filter((bytes, i) => bytes.equals(last.get(first)[i])).length;
  const bytes = last.get(name).reduce((sum, card) => sum + card.length, 0) / cards;
  console.log(
    `${name}: median ${(ms / 1000).toFixed(2)} s (${(ms / cards).toFixed(1)} ms/card), ` +
      `${(bytes / 1024).toFixed(1)} KiB a card, ` +
      `${ratio.toFixed(3)}× ${first}; ${same}/${cards} cards byte-identical to ${first}'s`,
  );
}
console.log(`Load average after: ${loadAverage()}`);
