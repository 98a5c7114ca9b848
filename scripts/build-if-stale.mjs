// Builds the API (TypeScript → server/dist) and the site (Gatsby → public/) only when their inputs
// changed since the last successful build, so `npm start` is quick after the first run.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Environment variables that are baked into the built site. */
const SITE_ENV = [
  'SITE_URL',
  'GATSBY_API_URL',
  'CONTACT_EMAIL',
  'CONTACT_PHONE',
  'BLOG_CONTENT_DIR',
];

const targets = {
  server: {
    inputs: [
      'server/src',
      'contracts/src',
      'pipeline/src',
      'server/tsconfig.json',
      'server/tsconfig.build.json',
      'contracts/tsconfig.json',
      'pipeline/tsconfig.json',
      'package-lock.json',
    ],
    stamp: 'server/dist/.build-stamp',
    env: [],
    steps: [['npx', ['tsc', '-b', 'server/tsconfig.build.json']]],
  },
  site: {
    inputs: [
      'src',
      'content',
      'static',
      'plugins',
      'contracts/src',
      'pipeline/src',
      'gatsby-config.ts',
      'gatsby-node.ts',
      'gatsby-browser.tsx',
      'gatsby-ssr.tsx',
      'tsconfig.json',
      'package-lock.json',
      'scripts/copy-vendor.mjs',
    ],
    stamp: 'public/.build-stamp',
    env: SITE_ENV,
    steps: [
      ['node', ['scripts/copy-vendor.mjs']],
      // The blog plugin requires @site/pipeline and @site/contracts from their built dist/.
      ['npx', ['tsc', '-b', 'pipeline/tsconfig.json']],
      ['npx', ['gatsby', 'build']],
    ],
  },
};

function walk(target, out) {
  const full = path.join(root, target);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(full).sort()) {
      if (entry === 'node_modules' || entry === '__tests__' || entry === 'vendor') continue;
      // Written by the Gatsby build itself (graphqlTypegen), so it must not make the next run stale.
      if (entry === 'gatsby-types.d.ts') continue;
      walk(path.join(target, entry), out);
    }
  } else {
    out.push(`${target}\0${stat.size}\0${Math.round(stat.mtimeMs)}`);
  }
}

function fingerprint({ inputs, env }) {
  const entries = [];
  for (const input of inputs) walk(input, entries);
  for (const name of env) entries.push(`env:${name}=${process.env[name] ?? ''}`);
  return createHash('sha256').update(entries.join('\n')).digest('hex');
}

export function buildIfStale(name, { force = false, quiet = false } = {}) {
  const target = targets[name];
  const stampFile = path.join(root, target.stamp);
  const current = fingerprint(target);
  const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && previous === current) {
    if (!quiet) console.log(`[build] ${name}: up to date`);
    return;
  }
  console.log(`[build] ${name}: building…`);
  for (const [command, args] of target.steps) {
    if (command === 'node' && !fs.existsSync(path.join(root, args[0]))) continue;
    const result = spawnSync(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
    });
    if (result.status !== 0) {
      console.error(
        `[build] ${name}: "${command} ${args.join(' ')}" failed; see the output above.`,
      );
      process.exit(result.status ?? 1);
    }
  }
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, `${current}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  // --quiet: say nothing when already up to date (commands whose own output is one line).
  const quiet = process.argv.includes('--quiet');
  const which = process.argv.filter((a) => a === 'server' || a === 'site');
  for (const name of which.length > 0 ? which : ['server', 'site'])
    buildIfStale(name, { force, quiet });
}
