#!/usr/bin/env node
/**
 * Builds the site away from the folder the server is serving, for publishing (PUBLISH_MODE=build).
 * Gatsby always writes into <project>/public while it builds, so the project is mirrored into a
 * work folder next to SITE_BUILD_OUT (kept between runs, so Gatsby's cache makes later builds
 * quicker), built there with CONTENT_DIR as its content/, and the finished public/ and the
 * client-only route table are copied to SITE_BUILD_OUT. The server switches to them only when
 * this script succeeds.
 *
 *   SITE_BUILD_OUT=/path/out CONTENT_DIR=./content node scripts/build-site-aside.mjs
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.env.SITE_BUILD_OUT;
if (!out) {
  console.error('SITE_BUILD_OUT must name the folder to build into.');
  process.exit(2);
}
const contentDir = path.resolve(root, process.env.CONTENT_DIR || 'content');
const work = path.join(path.dirname(path.resolve(out)), 'work');

/** What `gatsby build` reads from the project (see build-if-stale.mjs's site inputs). */
const SOURCES = [
  'src',
  'static',
  'plugins',
  'gatsby-config.ts',
  'gatsby-node.ts',
  'gatsby-browser.tsx',
  'gatsby-ssr.tsx',
  'tsconfig.json',
  'package.json',
];

function step(command, args, cwd) {
  console.log(`[build-aside] ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error(`[build-aside] "${command} ${args.join(' ')}" failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

fs.mkdirSync(work, { recursive: true });
for (const entry of [...SOURCES, 'content']) {
  fs.rmSync(path.join(work, entry), { recursive: true, force: true });
}
for (const entry of SOURCES) {
  const from = path.join(root, entry);
  if (!fs.existsSync(from)) continue;
  fs.cpSync(from, path.join(work, entry), {
    recursive: true,
    filter: (source) => !source.split(path.sep).includes('__tests__'),
  });
}
fs.cpSync(contentDir, path.join(work, 'content'), { recursive: true });
// Dependencies are shared, not copied: the work folder sees the project's node_modules.
const modules = path.join(work, 'node_modules');
if (!fs.existsSync(modules)) fs.symlinkSync(path.join(root, 'node_modules'), modules, 'dir');

// gatsby-node requires @site/contracts (the shared front matter rules) from its built dist/.
step('npx', ['tsc', '-b', 'contracts/tsconfig.json'], root);
step('npx', ['gatsby', 'build'], work);

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
fs.cpSync(path.join(work, 'public'), path.join(out, 'public'), { recursive: true });
fs.copyFileSync(path.join(work, '.cache', 'match-paths.json'), path.join(out, 'match-paths.json'));
console.log(`[build-aside] the site is built in ${out}`);
