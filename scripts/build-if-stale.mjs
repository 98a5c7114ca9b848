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
      'pipeline/assets/fonts',
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
      // The fonts the social cards are drawn with (the image service is pipeline/src).
      'pipeline/assets/fonts',
    ],
    stamp: 'public/.build-stamp',
    env: SITE_ENV,
    steps: [
      ['node', ['scripts/copy-vendor.mjs']],
      // The blog plugin requires @site/pipeline and @site/contracts from their built dist/.
      ['npx', ['tsc', '-b', 'pipeline/tsconfig.json']],
      ['npx', ['gatsby', 'build'], { usesCache: true }],
    ],
    // Gatsby's cache holds absolute paths of the folder it was built in: after the project is
    // moved or copied elsewhere, a build on that cache fails ("The result of this StaticQuery
    // could not be fetched"). A build from scratch removes what `gatsby clean` removes.
    cache: { folder: '.cache', clean: ['.cache', 'public'] },
  },
};

function walk(base, target, out) {
  const full = path.join(base, target);
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
      walk(base, path.join(target, entry), out);
    }
  } else {
    out.push(`${target}\0${stat.size}\0${Math.round(stat.mtimeMs)}`);
  }
}

function fingerprint({ inputs, env }, base) {
  const entries = [];
  for (const input of inputs) walk(base, input, entries);
  for (const name of env) entries.push(`env:${name}=${process.env[name] ?? ''}`);
  return createHash('sha256').update(entries.join('\n')).digest('hex');
}

/**
 * A stamp is the inputs' fingerprint on its first line and, from the second, `root=` and the
 * absolute folder the build ran in. A stamp of one line (written by an earlier version) has no
 * root.
 */
export function readStamp(stampFile) {
  let text;
  try {
    text = fs.readFileSync(stampFile, 'utf8');
  } catch {
    return { fingerprint: '', root: null };
  }
  const [fingerprint = '', ...rest] = text.split('\n');
  const rootLine = rest.find((line) => line.startsWith('root='));
  return {
    fingerprint: fingerprint.trim(),
    root: rootLine ? rootLine.slice('root='.length) : null,
  };
}

export function writeStamp(stampFile, fingerprint, buildRoot) {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, `${fingerprint}\nroot=${buildRoot}\n`);
}

/**
 * Whether a build must start from an empty cache: only when a cache is there and the last
 * successful build ran in another folder (the project was moved or copied). With no recorded
 * folder (a stamp of an earlier version, or none) the cache is used, and a failure is retried once
 * from scratch (see buildIfStale).
 */
export function cleanBeforeBuild({ cacheExists, builtIn, root: here }) {
  if (!cacheExists || builtIn === null || builtIn === here) return null;
  return `built in ${builtIn}, now in ${here}: Gatsby's cache holds the old paths, so building from scratch (removed .cache and public)`;
}

function defaultRun(command, args, cwd) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
  });
  return result.status ?? 1;
}

/**
 * Builds `name` when its inputs changed since the last successful build. The site is built from
 * scratch when the project has moved since that build, and once more from scratch when a build
 * on a kept cache fails; each says so in one line. Tests pass `root`, `run(command, args, cwd)`
 * (returns the exit status), `log`, `error` and `exit`.
 */
export function buildIfStale(
  name,
  {
    force = false,
    quiet = false,
    root: here = root,
    run = defaultRun,
    log = console.log,
    error = console.error,
    exit = process.exit,
  } = {},
) {
  const target = targets[name];
  const stampFile = path.join(here, target.stamp);
  const current = fingerprint(target, here);
  const previous = readStamp(stampFile);
  if (!force && previous.fingerprint === current) {
    if (!quiet) log(`[build] ${name}: up to date`);
    return;
  }
  log(`[build] ${name}: building…`);
  const removeCache = () => {
    for (const folder of target.cache?.clean ?? [])
      fs.rmSync(path.join(here, folder), { recursive: true, force: true });
  };
  const cacheExists = () =>
    target.cache !== undefined && fs.existsSync(path.join(here, target.cache.folder));
  if (target.cache) {
    const why = cleanBeforeBuild({
      cacheExists: cacheExists(),
      builtIn: previous.root,
      root: here,
    });
    if (why) {
      log(`[build] ${name}: ${why}.`);
      removeCache();
    }
  }
  let retried = false;
  for (let i = 0; i < target.steps.length; i += 1) {
    const [command, args, options = {}] = target.steps[i];
    if (command === 'node' && !fs.existsSync(path.join(here, args[0]))) continue;
    const hadCache = options.usesCache === true && cacheExists();
    const status = run(command, args, here);
    if (status === 0) continue;
    if (hadCache && !retried) {
      retried = true;
      log(
        `[build] ${name}: "${command} ${args.join(' ')}" failed on the cache of an earlier build; building once more from scratch (removed .cache and public).`,
      );
      removeCache();
      i -= 1;
      continue;
    }
    error(`[build] ${name}: "${command} ${args.join(' ')}" failed; see the output above.`);
    exit(status);
    return;
  }
  writeStamp(stampFile, current, here);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  // --quiet: say nothing when already up to date (commands whose own output is one line).
  const quiet = process.argv.includes('--quiet');
  const which = process.argv.filter((a) => a === 'server' || a === 'site');
  for (const name of which.length > 0 ? which : ['server', 'site'])
    buildIfStale(name, { force, quiet });
}
