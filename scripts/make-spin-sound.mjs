// Writes static/sounds/spin.wav: the draw's sound effect, synthesized here so the site ships no
// third-party audio. Run: node scripts/make-spin-sound.mjs
//
// The site plays it from 1 s in and spins for (length − 4 s), so with this 9 s file the names
// spin for 5 s. The ticks follow the spin's phases on that timeline: fast ticks while the names
// race (1–4 s), slower ones while they slow down (4–5.5 s), two heavy clicks in the final phase,
// then a chime as the winner lands (6 s) that rings into the winner screen.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SAMPLE_RATE = 22050;
const SECONDS = 9;
const out = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'static',
  'sounds',
  'spin.wav',
);

const samples = new Float32Array(SAMPLE_RATE * SECONDS);

// A fixed-seed generator so every run writes the same file.
let seed = 0x2025;
function noise() {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 0x80000000 - 1;
}

function addTick(atSeconds, { frequency = 2400, gain = 0.5, decay = 0.008 } = {}) {
  const start = Math.round(atSeconds * SAMPLE_RATE);
  const length = Math.round(decay * 6 * SAMPLE_RATE);
  for (let i = 0; i < length && start + i < samples.length; i += 1) {
    const t = i / SAMPLE_RATE;
    const envelope = Math.exp(-t / decay);
    samples[start + i] +=
      gain * envelope * (Math.sin(2 * Math.PI * frequency * t) * 0.7 + noise() * 0.3);
  }
}

function addChime(atSeconds, lengthSeconds) {
  const start = Math.round(atSeconds * SAMPLE_RATE);
  const length = Math.round(lengthSeconds * SAMPLE_RATE);
  const notes = [1046.5, 1318.5, 1568.0, 2093.0];
  for (let i = 0; i < length && start + i < samples.length; i += 1) {
    const t = i / SAMPLE_RATE;
    const attack = Math.min(1, t / 0.01);
    let value = 0;
    notes.forEach((frequency, index) => {
      value +=
        (Math.sin(2 * Math.PI * frequency * t) * Math.exp(-t * (1.6 + index * 0.5))) / notes.length;
    });
    samples[start + i] += 0.6 * attack * value;
  }
}

// A low rushing bed under the fast part, fading out as the spin slows.
let low = 0;
for (let i = 0; i < samples.length; i += 1) {
  const t = i / SAMPLE_RATE;
  const level = t < 1 ? t * 0.12 : t < 4 ? 0.12 : t < 6 ? 0.12 * (1 - (t - 4) / 2) : 0;
  low += (noise() - low) * 0.05;
  samples[i] += low * level * 4;
}

for (let t = 0.2; t < 4; t += 0.06) addTick(t, { gain: 0.35 });
for (let t = 4; t < 5.5; t += 0.12) addTick(t, { gain: 0.45, frequency: 2000 });
for (const t of [5.5, 5.85]) addTick(t, { gain: 0.6, frequency: 1500, decay: 0.015 });
addChime(6, SECONDS - 6);

const data = Buffer.alloc(samples.length);
for (let i = 0; i < samples.length; i += 1) {
  const clamped = Math.max(-1, Math.min(1, samples[i]));
  data[i] = Math.round(128 + clamped * 127);
}

// 8-bit unsigned mono PCM in a RIFF/WAVE container.
const header = Buffer.alloc(44);
header.write('RIFF', 0, 'ascii');
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8, 'ascii');
header.write('fmt ', 12, 'ascii');
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(SAMPLE_RATE, 24);
header.writeUInt32LE(SAMPLE_RATE, 28);
header.writeUInt16LE(1, 32);
header.writeUInt16LE(8, 34);
header.write('data', 36, 'ascii');
header.writeUInt32LE(data.length, 40);

mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([header, data]));
console.log(
  `Wrote ${path.relative(process.cwd(), out)} (${SECONDS} s, ${SAMPLE_RATE} Hz, 8-bit mono, ${header.length + data.length} bytes)`,
);
