#!/usr/bin/env node
/**
 * Copies the drowsiness tool's third-party runtime from node_modules into
 * static/tools/drowsiness/vendor/ (gitignored): face-api's browser bundle and the two small models
 * the tool runs. Shipping them from our own origin keeps the tool working offline and means no
 * request ever leaves the site. Runs before `gatsby build` / `gatsby develop`.
 */
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const packageDir = path.dirname(
  require.resolve('@vladmandic/face-api/package.json', { paths: [root] }),
);
const target = path.join(root, 'static', 'tools', 'drowsiness', 'vendor');

const MODELS = ['tiny_face_detector_model', 'face_landmark_68_tiny_model'];
const files = [
  ['dist/face-api.js', 'face-api.js'],
  ['LICENSE', 'face-api.LICENSE'],
  ...MODELS.flatMap((model) => [
    [`model/${model}-weights_manifest.json`, `models/${model}-weights_manifest.json`],
    [`model/${model}.bin`, `models/${model}.bin`],
  ]),
];

await rm(target, { recursive: true, force: true });
await mkdir(path.join(target, 'models'), { recursive: true });
for (const [from, to] of files) {
  await copyFile(path.join(packageDir, from), path.join(target, to));
}
console.log(
  `copy-vendor: ${files.length} files from ${path.relative(root, packageDir)} to ${path.relative(root, target)}`,
);
