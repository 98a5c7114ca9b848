#!/usr/bin/env node
/**
 * Builds the site away from the folder the server is serving, for publishing (PUBLISH_MODE=build).
 * The server runs it in PUBLISH_WORK_DIR with an allowlisted environment:
 *
 *   SITE_BUILD_OUT   where to leave the result (public/ and site-manifest.json beside it)
 *   CONTENT_DIR      a copy of the content/ folder to build
 *
 * Gatsby always writes into <project>/public while it builds, so the project's code is mirrored
 * into a work folder next to SITE_BUILD_OUT (kept between runs, so Gatsby's cache makes later
 * builds quicker) and built there. The packages of the workspace (@site/contracts, @site/pipeline)
 * are used from their built dist/, which `npm start` and `npm run build` make (the image service
 * the blog's pictures and the social cards run, with the cards' fonts, among them).
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
const contentDir = path.resolve(process.env.CONTENT_DIR || path.join(root, 'content'));
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

for (const pkg of ['contracts', 'pipeline']) {
  if (!fs.existsSync(path.join(root, pkg, 'dist', 'index.js'))) {
    console.error(
      `[build-aside] ${pkg}/dist is missing: run \`npm run build\` (or npm start) once before publishing.`,
    );
    process.exit(1);
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
// Dependencies are shared, not copied: the work folder sees the project's node_modules. A work
// folder left by another checkout of the project points at that checkout's: it is pointed here.
const modules = path.join(work, 'node_modules');
const ownModules = path.join(root, 'node_modules');
let linked = null;
try {
  linked = fs.readlinkSync(modules);
} catch {
  // none yet, or not a link
}
if (linked !== ownModules) {
  fs.rmSync(modules, { recursive: true, force: true });
  fs.symlinkSync(ownModules, modules, 'dir');
}

function gatsbyBuild() {
  return spawnSync(process.execPath, [path.join(root, 'node_modules/gatsby/cli.js'), 'build'], {
    cwd: work,
    stdio: 'inherit',
    // The work folder is built again at every publish, so webpack's persistent cache pays for
    // itself here (a rebuild whose code did not change skips bundling), unlike in a one-off build.
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', WEBPACK_CACHE: 'on' },
  }).status;
}

console.log('[build-aside] gatsby build');
let status = gatsbyBuild();
// The kept cache can be one another version of the code cannot build on (a plugin that no longer
// exists owned its nodes): once more from scratch, as `gatsby clean` would leave it.
if (status !== 0 && fs.existsSync(path.join(work, '.cache'))) {
  console.log('[build-aside] the build failed on the kept cache; building once more from scratch');
  for (const entry of ['.cache', 'public']) {
    fs.rmSync(path.join(work, entry), { recursive: true, force: true });
  }
  status = gatsbyBuild();
}
if (status !== 0) {
  console.error(`[build-aside] gatsby build failed (exit ${status}).`);
  process.exit(status ?? 1);
}

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
fs.cpSync(path.join(work, 'public'), path.join(out, 'public'), { recursive: true });
// The manifest the site's Gatsby adapter wrote beside public/ (plugins/site-adapter): the server
// reads the client-only routes, cache headers and script hashes from it.
fs.copyFileSync(path.join(work, 'site-manifest.json'), path.join(out, 'site-manifest.json'));
console.log(`[build-aside] the site is built in ${out}`);
