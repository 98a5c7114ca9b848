#!/usr/bin/env node
/**
 * `npm run site:deploy`: builds the site from CONTENT_DIR aside (scripts/build-site-aside.mjs, in
 * PUBLISH_WORK_DIR) and points DATA_DIR/site-builds/current.json at it. Every running server
 * process watches that file and switches to the new build within a few seconds; nothing restarts.
 * This is the deployment step for PUBLISH_MODE=git (run it after each commit, e.g. from a hook),
 * and works the same after editing content/ by hand. Prints one line; on failure a sentence and
 * exit 1, and the servers keep serving the previous build.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const contentDir = path.resolve(process.env.CONTENT_DIR || 'content');
const workDir = path.resolve(process.env.PUBLISH_WORK_DIR || '.publish');
const buildsDir = path.join(dataDir, 'site-builds');

function fail(sentence) {
  console.error(sentence);
  process.exit(1);
}

if (!fs.existsSync(path.join(contentDir, 'blog')))
  fail(`There is no blog folder in ${contentDir}.`);
fs.mkdirSync(workDir, { recursive: true });
// One deploy at a time: a second one waits for no one and says so.
const lock = path.join(workDir, 'deploy.lock');
try {
  fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
} catch {
  const holder = Number(fs.readFileSync(lock, 'utf8'));
  let alive = false;
  try {
    process.kill(holder, 0);
    alive = true;
  } catch {
    alive = false;
  }
  if (alive)
    fail(`Another site deploy (pid ${holder}) is running; try again when it has finished.`);
  fs.writeFileSync(lock, String(process.pid));
}

try {
  const out = path.join(workDir, 'deploy-out');
  fs.rmSync(out, { recursive: true, force: true });
  const started = Date.now();
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-site-aside.mjs')], {
    cwd: workDir,
    env: {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: '1',
      SITE_BUILD_OUT: out,
      CONTENT_DIR: contentDir,
    },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (build.status !== 0 || !fs.existsSync(path.join(out, 'public', 'index.html'))) {
    const tail = `${build.stdout ?? ''}${build.stderr ?? ''}`
      .trim()
      .split('\n')
      .slice(-15)
      .join('\n');
    fail(`The site build failed; the servers keep serving the previous build.\n${tail}`);
  }
  fs.mkdirSync(buildsDir, { recursive: true });
  const served = path.join(buildsDir, `deploy-${Date.now()}`);
  try {
    fs.renameSync(out, served);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    fs.cpSync(out, served, { recursive: true });
    fs.rmSync(out, { recursive: true, force: true });
  }
  const current = path.join(buildsDir, 'current.json');
  const temp = `${current}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify({ dir: served, switched_at: new Date().toISOString() }));
  fs.renameSync(temp, current);
  // Keep the new build and the one before it (requests in flight may still read it).
  const old = fs
    .readdirSync(buildsDir)
    .filter((name) => /^deploy-\d+$/.test(name))
    .map((name) => path.join(buildsDir, name))
    .filter((dir) => dir !== served)
    .sort()
    .reverse();
  for (const dir of old.slice(1)) fs.rmSync(dir, { recursive: true, force: true });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `Built the site from ${contentDir} in ${seconds} s and switched servers to ${served}.`,
  );
} finally {
  fs.rmSync(lock, { force: true });
}
