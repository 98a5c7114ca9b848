#!/usr/bin/env node
// The lock file must carry every platform's optional packages (native builds of @swc/core,
// msgpackr-extract, lmdb, sharp …), or `npm ci` on another platform refuses it with
// "Missing: … from lock file". npm leaves such entries out when the registry has no build of that
// exact version for some platform; pinning a version that has all of them is the fix.
// Every locked package must also run on the oldest Node the project supports (its own
// `engines.node`) and on a current Node 22; a dependency that asks for newer is replaced through
// `overrides` in package.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { packages } = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const ownRange = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const oldestNode = semver.minVersion(ownRange).version;

/** Where Node would find `name` when required from the package at `location`. */
function resolve(location, name) {
  let base = location;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut >= 0 ? base.slice(0, cut) : '';
  }
}

const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolve(location, name))
      missing.push(`${name} (optional dependency of ${location || 'the root'})`);
  }
}
const tooNew = Object.entries(packages)
  .filter(([, entry]) => typeof entry.engines?.node === 'string')
  .filter(
    ([, entry]) =>
      !semver.satisfies(oldestNode, entry.engines.node) ||
      !semver.intersects('^22.0.0', entry.engines.node),
  )
  .map(
    ([location, entry]) => `${location} ${entry.version} (engines.node "${entry.engines.node}")`,
  );
if (tooNew.length > 0) {
  console.error(
    `package-lock.json holds ${tooNew.length} package(s) that do not support Node ${oldestNode} or Node 22:\n  ${tooNew.join('\n  ')}\nPin an older version through "overrides" in package.json.`,
  );
  process.exit(1);
}
if (missing.length > 0) {
  console.error(
    `package-lock.json lacks ${missing.length} optional platform package(s), so \`npm ci\` fails on a fresh clone:\n  ${missing.join('\n  ')}\nPin the parent to a version whose platform packages are all published, then run \`npm install\`.`,
  );
  process.exit(1);
}
console.log(
  `package-lock.json: every optional platform package is locked, and every package supports Node ${oldestNode} and Node 22 (${Object.keys(packages).length} entries).`,
);
