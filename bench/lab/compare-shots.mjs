/**
 * Compares two folders of screenshots (bench/lab/first-frame.mjs --shots) picture by picture.
 *
 *   node bench/lab/compare-shots.mjs BEFORE_DIR AFTER_DIR [--diff OUT_DIR] [--threshold 32]
 *
 * For each PNG in both folders: whether the sizes match (a page that grew or shrank changed its
 * layout), and the share of pixels whose largest channel difference exceeds --threshold (0-255;
 * antialiasing and subpixel text differ by less than a layout change does). With --diff it writes,
 * for each picture that differs, an image with the differing pixels in red over a faded copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { arg } from '../lib.mjs';

const [beforeDir, afterDir] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const diffDir = arg('diff', null);
const threshold = arg('threshold', 32);
if (!beforeDir || !afterDir) {
  console.error(
    'Usage: node bench/lab/compare-shots.mjs BEFORE_DIR AFTER_DIR [--diff OUT] [--threshold N]',
  );
  process.exit(2);
}
if (diffDir) fs.mkdirSync(diffDir, { recursive: true });

const raw = (file) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

console.log('| picture | size before | size after | pixels differing |');
console.log('| --- | --- | --- | ---: |');
for (const name of fs
  .readdirSync(beforeDir)
  .filter((f) => f.endsWith('.png'))
  .sort()) {
  const other = path.join(afterDir, name);
  if (!fs.existsSync(other)) {
    console.log(`| ${name} | | missing | |`);
    continue;
  }
  const a = await raw(path.join(beforeDir, name));
  const b = await raw(other);
  const sizeA = `${a.info.width}×${a.info.height}`;
  const sizeB = `${b.info.width}×${b.info.height}`;
  // Compared over the common area; a different height is reported as such.
  const width = Math.min(a.info.width, b.info.width);
  const height = Math.min(a.info.height, b.info.height);
  const out = diffDir ? Buffer.alloc(width * height * 4) : null;
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * a.info.width + x) * 4;
      const j = (y * b.info.width + x) * 4;
      const d = Math.max(
        Math.abs(a.data[i] - b.data[j]),
        Math.abs(a.data[i + 1] - b.data[j + 1]),
        Math.abs(a.data[i + 2] - b.data[j + 2]),
      );
      const k = (y * width + x) * 4;
      if (d > threshold) {
        differing += 1;
        if (out) out.set([255, 0, 0, 255], k);
      } else if (out) {
        const grey = 200 + Math.round((a.data[i] + a.data[i + 1] + a.data[i + 2]) / 3 / 5);
        out.set([grey, grey, grey, 255], k);
      }
    }
  }
  const share = (differing / (width * height)) * 100;
  console.log(`| ${name} | ${sizeA} | ${sizeB} | ${share.toFixed(3)} % (${differing}) |`);
  if (out && (differing > 0 || sizeA !== sizeB))
    await sharp(out, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(path.join(diffDir, name));
}
