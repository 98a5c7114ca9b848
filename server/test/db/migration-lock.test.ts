import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { testDialect } from '../helpers/build';

/**
 * Two real processes (the built server code, as production runs it) open one fresh database at
 * the same moment. Each applies what it finds missing under the migration lock, so between them
 * every migration runs exactly once and both start.
 */

const root = path.resolve(__dirname, '../../..');

/** A child that waits for "go" on stdin, then connects and prints the migrations it applied. */
const CHILD = `
const { connect } = require(${JSON.stringify(path.join(root, 'server/dist/db/connect.js'))});
process.stdin.once('data', async () => {
  try {
    const db = await connect(process.env.URL, process.cwd(), process.env.SCHEMA ? { schema: process.env.SCHEMA } : {});
    process.stdout.write(JSON.stringify(db.migrated) + '\\n');
    await db.close();
    process.exit(0);
  } catch (error) {
    process.stderr.write(String(error && error.stack || error) + '\\n');
    process.exit(1);
  }
});
process.stdout.write('ready\\n');
`;

function child(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['-e', CHILD], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (out.includes('ready\n')) {
        clearInterval(check);
        resolve();
      } else if (proc.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`child exited early: ${err}`));
      }
    }, 20);
  });
  const done = new Promise<string[]>((resolve, reject) => {
    proc.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`child failed (${code}): ${err}`));
      const line = out.split('\n').find((l) => l.startsWith('['));
      resolve(JSON.parse(line ?? '[]') as string[]);
    });
  });
  return { proc, ready, done };
}

async function startTogether(env: Record<string, string>): Promise<[string[], string[]]> {
  const a = child(env);
  const b = child(env);
  const procs: ChildProcess[] = [a.proc, b.proc];
  try {
    await Promise.all([a.ready, b.ready]);
    for (const proc of procs) proc.stdin?.write('go\n');
    return await Promise.all([a.done, b.done]);
  } finally {
    for (const proc of procs) if (proc.exitCode === null) proc.kill('SIGKILL');
  }
}

let allMigrations: string[] = [];
beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
  // The list of every migration, from the same built code the children run.
  const list = spawnSync(
    process.execPath,
    [
      '-e',
      `require(${JSON.stringify(path.join(root, 'server/dist/db/migrations/index.js'))}).migrationProvider.getMigrations().then((m) => console.log(JSON.stringify(Object.keys(m))))`,
    ],
    { encoding: 'utf8' },
  );
  allMigrations = JSON.parse(list.stdout) as string[];
}, 180_000);

test('two processes starting together on one fresh database run each migration once', async () => {
  expect(allMigrations.length).toBeGreaterThan(5);
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let applied: () => Promise<string[]>;
  if (testDialect() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `mlock_${crypto.randomBytes(5).toString('hex')}`;
    env = { URL: url, SCHEMA: schema };
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    applied = async () =>
      (
        await pool.query<{ name: string }>(
          `select name from "${schema}".kysely_migration order by name`,
        )
      ).rows.map((r) => r.name);
    cleanup = async () => {
      await pool.query(`drop schema if exists "${schema}" cascade`);
      await pool.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-mlock-'));
    env = { URL: `sqlite:${path.join(dir, 'site.db')}` };
    applied = async () => {
      // Read with the sqlite3 driver the server uses, through a short child (no native module in Jest twice).
      const out = spawnSync(
        process.execPath,
        [
          '-e',
          `const D=require('better-sqlite3');const d=new D(${JSON.stringify(path.join(dir, 'site.db'))},{readonly:true});console.log(JSON.stringify(d.prepare('select name from kysely_migration order by name').all().map(r=>r.name)))`,
        ],
        { cwd: root, encoding: 'utf8' },
      );
      return JSON.parse(out.stdout) as string[];
    };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  try {
    const [first, second] = await startTogether(env);
    // Between them every migration ran, and none ran in both.
    expect([...first, ...second].sort()).toEqual([...allMigrations].sort());
    expect(first.filter((name) => second.includes(name))).toEqual([]);
    expect(await applied()).toEqual([...allMigrations].sort());
    // A third start finds nothing to do.
    const [again, againToo] = await startTogether(env);
    expect([...again, ...againToo]).toEqual([]);
  } finally {
    await cleanup();
  }
}, 120_000);
