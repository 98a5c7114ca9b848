/**
 * When `npm start` builds the site from scratch: after the project was moved or copied (Gatsby's
 * cache holds the old absolute paths), and once more when a build on a kept cache fails. The real
 * buildIfStale runs on a project folder made for each case, with the commands replaced by a fake
 * that records what it was asked and whether Gatsby's cache was there at that moment.
 *
 * The script is an ES module, which Jest's module system does not load, so each case runs in one
 * child Node process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.resolve(__dirname, '../build-if-stale.mjs');

interface Outcome {
  calls: { command: string; cache: boolean; public: boolean }[];
  logs: string[];
  errors: string[];
  exit: number | null;
  stamp: string | null;
}

/** The driver: builds the site in `root`; `gatsby build` answers the given statuses in turn. */
const DRIVER = `
import fs from 'node:fs';
import path from 'node:path';
const [scriptUrl, root, statusesJson] = process.argv.slice(2);
const { buildIfStale } = await import(scriptUrl);
const statuses = JSON.parse(statusesJson);
const out = { calls: [], logs: [], errors: [], exit: null, stamp: null };
buildIfStale('site', {
  root,
  run(command, args, cwd) {
    const line = [command, ...args].join(' ');
    out.calls.push({
      command: line,
      cache: fs.existsSync(path.join(cwd, '.cache')),
      public: fs.existsSync(path.join(cwd, 'public')),
    });
    if (line !== 'npx gatsby build') return 0;
    const status = statuses.shift() ?? 0;
    // A build leaves its cache and output behind, failed or not.
    fs.mkdirSync(path.join(cwd, '.cache'), { recursive: true });
    fs.writeFileSync(path.join(cwd, '.cache', 'paths'), cwd);
    fs.mkdirSync(path.join(cwd, 'public'), { recursive: true });
    return status;
  },
  log: (line) => out.logs.push(line),
  error: (line) => out.errors.push(line),
  exit: (status) => { out.exit = status; },
});
const stamp = path.join(root, 'public', '.build-stamp');
out.stamp = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : null;
process.stdout.write(JSON.stringify(out));
`;

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-stale-'));
  fs.writeFileSync(path.join(work, 'driver.mjs'), DRIVER);
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function build(root: string, gatsbyStatuses: number[] = []): Outcome {
  const output = execFileSync(
    process.execPath,
    [path.join(work, 'driver.mjs'), `file://${script}`, root, JSON.stringify(gatsbyStatuses)],
    { encoding: 'utf8' },
  );
  return JSON.parse(output) as Outcome;
}

/** A project folder with a site content file and, if asked, an earlier build's cache and stamp. */
function project(name: string, stamp: string | null): string {
  const root = path.join(work, name);
  fs.mkdirSync(path.join(root, 'content'), { recursive: true });
  fs.writeFileSync(path.join(root, 'content', 'home.yaml'), `title: ${name}\n`);
  if (stamp !== null) {
    fs.mkdirSync(path.join(root, '.cache'), { recursive: true });
    fs.writeFileSync(path.join(root, '.cache', 'paths'), '/where/it/was/built');
    fs.mkdirSync(path.join(root, 'public'), { recursive: true });
    fs.writeFileSync(path.join(root, 'public', 'index.html'), '<p>old</p>');
    fs.writeFileSync(path.join(root, 'public', '.build-stamp'), stamp);
  }
  return root;
}

const gatsbyCalls = (outcome: Outcome) =>
  outcome.calls.filter((call) => call.command === 'npx gatsby build');

test('a project built in another folder is built from scratch, saying so in one line', () => {
  const root = project('moved', 'stale-fingerprint\nroot=/where/it/was/built\n');
  const outcome = build(root);
  expect(outcome.logs).toEqual([
    '[build] site: building…',
    `[build] site: built in /where/it/was/built, now in ${root}: Gatsby's cache holds the old paths, so building from scratch (removed .cache and public).`,
  ]);
  // Gatsby started with neither the old cache nor the old output.
  expect(gatsbyCalls(outcome)).toEqual([
    { command: 'npx gatsby build', cache: false, public: false },
  ]);
  expect(outcome.exit).toBeNull();
  expect(outcome.stamp).toMatch(new RegExp(`^[0-9a-f]{64}\\nroot=${root}\\n$`));
});

test('a project built in the same folder keeps its cache', () => {
  const root = project('same-place', '');
  fs.writeFileSync(path.join(root, 'public', '.build-stamp'), `stale\nroot=${root}\n`);
  const outcome = build(root);
  expect(outcome.logs).toEqual(['[build] site: building…']);
  expect(gatsbyCalls(outcome)).toEqual([
    { command: 'npx gatsby build', cache: true, public: true },
  ]);
  expect(outcome.stamp).toMatch(new RegExp(`root=${root}\\n$`));
});

test('a build that fails on a kept cache is tried once more from scratch', () => {
  // A stamp of one line (an earlier version's) says nothing of where the build ran.
  const root = project('failed-with-cache', 'stale-fingerprint\n');
  const outcome = build(root, [1, 0]);
  expect(outcome.logs).toEqual([
    '[build] site: building…',
    '[build] site: "npx gatsby build" failed on the cache of an earlier build; building once more from scratch (removed .cache and public).',
  ]);
  expect(gatsbyCalls(outcome)).toEqual([
    { command: 'npx gatsby build', cache: true, public: true },
    { command: 'npx gatsby build', cache: false, public: false },
  ]);
  expect(outcome.exit).toBeNull();
  expect(outcome.errors).toEqual([]);
  expect(outcome.stamp).toMatch(new RegExp(`root=${root}\\n$`));
});

test('only once: a build that fails from scratch too stops with its status, the stamp unchanged', () => {
  const root = project('fails-twice', 'stale-fingerprint\n');
  const outcome = build(root, [1, 2]);
  expect(gatsbyCalls(outcome)).toHaveLength(2);
  expect(outcome.errors).toEqual([
    '[build] site: "npx gatsby build" failed; see the output above.',
  ]);
  expect(outcome.exit).toBe(2);
  expect(outcome.stamp).toBeNull();
});

test('a build that fails without a cache is not retried', () => {
  const root = project('no-cache', null);
  const outcome = build(root, [1]);
  expect(gatsbyCalls(outcome)).toEqual([
    { command: 'npx gatsby build', cache: false, public: false },
  ]);
  expect(outcome.exit).toBe(1);
});

test('a moved project whose site is up to date is not built at all', () => {
  const root = project('up-to-date', null);
  expect(build(root).exit).toBeNull();
  const stampFile = path.join(root, 'public', '.build-stamp');
  const [fingerprint] = fs.readFileSync(stampFile, 'utf8').split('\n');
  fs.writeFileSync(stampFile, `${fingerprint}\nroot=/where/it/was/built\n`);
  const outcome = build(root);
  expect(outcome.logs).toEqual(['[build] site: up to date']);
  expect(outcome.calls).toEqual([]);
});
