// Writes static/favicon.ico from static/favicon.svg: browsers, feed readers and crawlers ask
// /favicon.ico whatever the page's <link rel="icon"> says (Chromium does while a move inside the
// app swaps the head), so it must answer. An ICO file here holds PNG images (16, 32 and 48 px),
// which every current browser reads. Run again after changing the SVG:
//   node scripts/make-favicon.mjs
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const svg = await readFile(path.join(root, 'static', 'favicon.svg'));
const sizes = [16, 32, 48];
const pngs = await Promise.all(
  sizes.map((size) =>
    sharp(svg, { density: (72 * size) / 32 })
      .resize(size, size)
      .png()
      .toBuffer(),
  ),
);

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1 = icon
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((size, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry); // width (0 would mean 256)
  header.writeUInt8(size, entry + 1); // height
  header.writeUInt8(0, entry + 2); // no palette
  header.writeUInt8(0, entry + 3); // reserved
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(pngs[i].length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += pngs[i].length;
});
await writeFile(path.join(root, 'static', 'favicon.ico'), Buffer.concat([header, ...pngs]));
console.log(`static/favicon.ico: ${offset} bytes`);
