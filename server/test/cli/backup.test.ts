import { execFile, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import type { Picture } from '@site/contracts';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connect } from '../../src/db/connect';
import type { Database } from '../../src/db/database';
import { createUser } from '../../src/services/accounts';
import {
  createBackup,
  postgresInvocation,
  restoreBackup,
  type ToolRunner,
} from '../../src/services/backup';
import { markRunning } from '../../src/services/running-servers';
import { toPicture } from '../../src/services/images/service';
import { testDialect } from '../helpers/build';
import { makeContentDir, DRAFT } from '../routes/v1/drafts/fixtures';
import { createGiveaway, enter } from '../routes/v1/giveaways/fixtures';

/**
 * `npm run backup` / `npm run restore` on the database the suite runs on (SQLite, or PostgreSQL
 * with TEST_DB=postgres): a backup taken while entries pour in, restored into a fresh DATA_DIR,
 * content/ and database, compared table by table and row by row; then the real commands (built
 * server/dist, as npm runs them) on a quiet site, whose restore must answer with the same
 * giveaways, entries, drafts, accounts, sessions and posts.
 */

const root = path.resolve(__dirname, '../../..');
const PASSWORD = 'owner-password-1234';
const dialect = testDialect();
let work: string;
let adminPool: pg.Pool | null = null;
const databases: string[] = [];

/** A fresh, empty database of the suite's kind. */
async function freshDatabaseUrl(dir: string): Promise<string> {
  if (dialect === 'sqlite') return `sqlite:${path.join(dir, 'data', 'site.db')}`;
  const base = process.env.TEST_DATABASE_URL as string;
  adminPool ??= new pg.Pool({ connectionString: base, max: 1 });
  const name = `backup_${crypto.randomBytes(5).toString('hex')}`;
  await adminPool.query(`create database ${name}`);
  databases.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Site {
  env: Record<string, string>;
  dir: string;
}

async function newSite(label: string): Promise<Site> {
  const dir = path.join(work, label);
  fs.mkdirSync(dir, { recursive: true });
  return {
    dir,
    env: {
      DATABASE_URL: await freshDatabaseUrl(dir),
      DATA_DIR: path.join(dir, 'data'),
      CONTENT_DIR: path.join(dir, 'content'),
      SITE_DIR: path.join(dir, 'public'),
      PUBLISH_WORK_DIR: path.join(dir, 'publish'),
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'off',
    },
  };
}

/** The app on a site's settings, as the server builds it (JWT secret generated in DATA_DIR). */
async function open(site: Site): Promise<App> {
  const config = loadConfig(site.env);
  const connection = await connect(config.databaseUrl);
  const app = await buildApp({ config, connection });
  await app.ready();
  return app;
}

/** Every table, each as its rows in a stable order (JSON text per row). */
async function snapshot(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const tables =
    dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
            db,
          )
        ).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows.map((r) => r.name);
  const out: Record<string, string[]> = {};
  for (const table of tables.sort()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db,
    );
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

function cli(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [`server/dist/cli/${command}.js`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function login(app: App): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: 'owner', password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return `Bearer ${res.json<{ access_token: string }>().access_token}`;
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-'));
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
}, 180_000);

afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  if (adminPool) {
    for (const name of databases) await adminPool.query(`drop database if exists ${name}`);
    await adminPool.end();
  }
});

test('a backup taken under entry load restores, table by table and row by row, into a fresh DATA_DIR', async () => {
  const source = await newSite('source');
  const content = makeContentDir();
  fs.cpSync(content.dir, source.env.CONTENT_DIR as string, { recursive: true });
  content.remove();
  const app = await open(source);
  let restored: App | null = null;
  try {
    await createUser(app.db, 'owner', PASSWORD, 'admin');
    const admin = await login(app);
    const giveaway = await createGiveaway(app, admin);
    const draft = await app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: { authorization: admin },
      payload: DRAFT,
    });
    expect(draft.statusCode).toBe(201);
    const quiet = await snapshot(app.db);

    // Entries pour in from four clients at once until told to stop.
    const accepted: string[] = [];
    let stop = false;
    let failure: Error | null = null;
    let n = 0;
    const client = async () => {
      while (!stop) {
        n += 1;
        const handle = `entrant${n}`;
        const res = await enter(app, giveaway.id, `${handle}@example.com`, handle);
        if (res.statusCode !== 200) {
          failure = new Error(`entry failed: ${res.statusCode} ${res.body}`);
          stop = true;
          return;
        }
        accepted.push(handle);
      }
    };
    const untilAccepted = async (count: number) => {
      while (accepted.length < count) {
        if (failure) throw failure;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const load = Promise.all([client(), client(), client(), client()]);
    await untilAccepted(20);

    const archive = path.join(work, 'under-load.tar.gz');
    const before = [...accepted];
    const written = await createBackup(loadConfig(source.env), archive);
    const countAfterBackup = accepted.length;
    await untilAccepted(countAfterBackup + 20);
    stop = true;
    await load;
    expect(written.manifest.database).toBe(dialect);

    const target = await newSite('target');
    await restoreBackup(loadConfig(target.env), archive);
    restored = await open(target);
    const from = await snapshot(app.db);
    const to = await snapshot(restored.db);
    expect(Object.keys(to)).toEqual(Object.keys(from));

    // Tables the entries did not touch are identical; in the others, every restored row is a
    // row of the source exactly (a snapshot, never a torn or invented row).
    const grew = Object.keys(from).filter(
      (table) => JSON.stringify(from[table]) !== JSON.stringify(quiet[table]),
    );
    expect(grew).toContain('participants');
    for (const table of Object.keys(from)) {
      if (!grew.includes(table)) {
        expect({ table, rows: to[table] }).toEqual({ table, rows: from[table] });
      } else if (table !== 'giveaways' && table !== 'giveaway_page_versions') {
        // Those two change rows in place (entry counts, page change counters): checked below.
        const missing = (to[table] ?? []).filter((row) => !from[table]?.includes(row));
        expect({ table, missing }).toEqual({ table, missing: [] });
      }
    }
    // Every entry acknowledged before the backup started is in it, and the entry count the
    // giveaway row holds matches the entries restored with it.
    const handles = await restored.db
      .selectFrom('participants')
      .select('instagram_handle')
      .execute();
    const restoredHandles = new Set(handles.map((h) => h.instagram_handle));
    expect(before.filter((h) => !restoredHandles.has(h))).toEqual([]);
    expect(handles.length).toBeLessThan(accepted.length);
    const row = await restored.db
      .selectFrom('giveaways')
      .select('participant_count')
      .where('id', '=', giveaway.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.participant_count)).toBe(handles.length);
    // A page change counter comes back as it was at the backup: never ahead of the source's.
    const versions = async (db: typeof app.db) =>
      new Map(
        (await db.selectFrom('giveaway_page_versions').selectAll().execute()).map((v) => [
          v.scope,
          Number(v.version),
        ]),
      );
    const sourceVersions = await versions(app.db);
    for (const [scope, version] of await versions(restored.db)) {
      expect(version).toBeLessThanOrEqual(sourceVersions.get(scope) ?? 0);
    }
    // The signing secret came along: a session of the source works on the restored site.
    const jwtSecret = fs.readFileSync(
      path.join(source.env.DATA_DIR as string, 'jwt-secret'),
      'utf8',
    );
    expect(fs.readFileSync(path.join(target.env.DATA_DIR as string, 'jwt-secret'), 'utf8')).toBe(
      jwtSecret,
    );
  } finally {
    await app.close();
    await restored?.close();
  }
}, 120_000);

test('the commands on a quiet site: one line each, exact restore, refusal while a server runs, sentences on failure', async () => {
  const source = await newSite('quiet-source');
  const content = makeContentDir();
  fs.cpSync(content.dir, source.env.CONTENT_DIR as string, { recursive: true });
  content.remove();
  const app = await open(source);
  let restored: App | null = null;
  let token: string;
  let giveawayId: number;
  let picture: Picture;
  let from: Record<string, string[]>;
  try {
    await createUser(app.db, 'owner', PASSWORD, 'admin');
    token = await login(app);
    giveawayId = (await createGiveaway(app, token)).id;
    for (let i = 0; i < 5; i++) {
      expect((await enter(app, giveawayId, `q${i}@example.com`, `q${i}`)).statusCode).toBe(200);
    }
    // A stored picture: 400 px wide, so two widths (320, 400) in three formats under media/; and
    // the giveaway's social card (one JPEG under media/), drawn when it was saved.
    picture = toPicture(
      await app.images.store(
        await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
          .png()
          .toBuffer(),
      ),
    );
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/drafts',
          headers: { authorization: token },
          payload: DRAFT,
        })
      ).statusCode,
    ).toBe(201);
    from = await snapshot(app.db);
  } finally {
    await app.close();
  }

  const archive = path.join(work, 'quiet.tar.gz');
  const backup = cli('backup', ['--out', archive], source.env);
  expect(backup.stderr).toBe('');
  expect(backup.status).toBe(0);
  expect(backup.stdout.trim().split('\n')).toHaveLength(1);
  expect(backup.stdout).toMatch(
    /^Backed up the (SQLite|PostgreSQL) database \(\d+ rows in \d+ tables\), 8 files of DATA_DIR and 4 files of content\/ to .*quiet\.tar\.gz/,
  );

  const target = await newSite('quiet-target');
  // A server using the target's DATA_DIR (this process stands in for it) stops the restore.
  const unmark = markRunning(target.env.DATA_DIR as string, 8000);
  const refused = cli('restore', ['--from', archive], target.env);
  unmark();
  expect(refused.status).toBe(1);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toMatch(
    new RegExp(
      `^A server is using DATA_DIR .* \\(pid ${process.pid} on .*\\); stop it before restoring\\.\\n$`,
    ),
  );

  const restore = cli('restore', ['--from', archive], target.env);
  expect(restore.stderr).toBe('');
  expect(restore.status).toBe(0);
  expect(restore.stdout.trim().split('\n')).toHaveLength(1);
  expect(restore.stdout).toMatch(/^Restored the backup of \d{4}-/);

  try {
    restored = await open(target);
    expect(await snapshot(restored.db)).toEqual(from);
    // The restored site answers with the same account, session, giveaway, entries, draft and post.
    expect((await login(restored)).startsWith('Bearer ')).toBe(true);
    const me = await restored.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: token },
    });
    expect(me.statusCode).toBe(200);
    const giveaway = await restored.inject({
      method: 'GET',
      url: `/api/v1/giveaway/${giveawayId}`,
      headers: { authorization: token },
    });
    expect(giveaway.json<{ participant_count: number }>().participant_count).toBe(5);
    const drafts = await restored.inject({
      method: 'GET',
      url: '/api/v1/drafts',
      headers: { authorization: token },
    });
    expect(JSON.stringify(drafts.json())).toContain(DRAFT.title);
    const posts = await restored.inject({
      method: 'GET',
      url: '/api/v1/posts',
      headers: { authorization: token },
    });
    expect(posts.json<{ items: { slug: string }[] }>().items.map((p) => p.slug)).toEqual([
      'already-out',
    ]);
    // Stored pictures come back with their files.
    for (const address of [
      picture.src,
      ...picture.srcset.split(', ').map((e) => e.split(' ')[0]),
    ]) {
      const file = await restored.inject({ method: 'GET', url: address as string });
      expect(file.statusCode).toBe(200);
    }
  } finally {
    await restored?.close();
  }

  // Failures: a sentence on stderr and exit 1, nothing on stdout.
  const noFile = cli('restore', ['--from', path.join(work, 'nope.tar.gz')], target.env);
  expect([noFile.status, noFile.stdout]).toEqual([1, '']);
  expect(noFile.stderr).toMatch(/^There is no backup at .*nope\.tar\.gz\.\n$/);
  const noFolder = cli('backup', ['--out', path.join(work, 'missing', 'x.tar.gz')], source.env);
  expect([noFolder.status, noFolder.stdout]).toEqual([1, '']);
  expect(noFolder.stderr).toMatch(/^The folder .*missing does not exist\.\n$/);
  const noArgument = cli('backup', [], source.env);
  expect(noArgument.status).toBe(1);
  expect(noArgument.stderr).toMatch(/^Say where to write the backup\./);
  const notBackup = path.join(work, 'not-a-backup.tar.gz');
  fs.writeFileSync(notBackup, 'hello');
  const bad = cli('restore', ['--from', notBackup], target.env);
  expect(bad.status).toBe(1);
  expect(bad.stderr).toMatch(/^Reading .*not-a-backup\.tar\.gz failed: /);
}, 120_000);

/** What each child process of a backup or restore was given, and what it could see then. */
interface ChildCall {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Mode of the folder the child reads or writes (tar's -C, pg_dump's and psql's --file). */
  folderMode: number | null;
  /** Mode of the archive tar writes into, as tar starts. */
  archiveMode: number | null;
  /** The password file named in the child's environment: its mode and text, as the child starts. */
  passfile: { path: string; mode: number; folderMode: number; text: string } | null;
}

/** Runs the real tools, noting what each child got. */
function recordingRunner(calls: ChildCall[]): ToolRunner {
  const real: ToolRunner = (command, args, options) =>
    new Promise((resolve, reject) => {
      execFile(command, args, options, (error, stdout, stderr) =>
        error ? reject(Object.assign(error, { stderr })) : resolve({ stdout, stderr }),
      );
    });
  const mode = (file: string) => fs.statSync(file).mode & 0o777;
  return async (command, args, options) => {
    const fileArg = args.find((a) => a.startsWith('--file='));
    const folder =
      args.indexOf('-C') >= 0
        ? args[args.indexOf('-C') + 1]
        : fileArg
          ? path.dirname(path.dirname(fileArg.slice('--file='.length)))
          : undefined;
    const passfile = options.env.PGPASSFILE;
    calls.push({
      command,
      args,
      env: options.env,
      folderMode: folder ? mode(folder) : null,
      archiveMode: command === 'tar' && args[0] === '-czf' ? mode(args[1] as string) : null,
      passfile: passfile
        ? {
            path: passfile,
            mode: mode(passfile),
            folderMode: mode(path.dirname(passfile)),
            text: fs.readFileSync(passfile, 'utf8'),
          }
        : null,
    });
    return real(command, args, options);
  };
}

test('the archive, the restored database and every temporary file are for this user only; no password on a command line', async () => {
  const source = await newSite('private-source');
  const PASSWORD_IN_URL = 'pw:with\\odd@chars';
  if (dialect === 'postgres') {
    // The test cluster trusts loopback, so any password is accepted; what matters is where it goes.
    const url = new URL(source.env.DATABASE_URL as string);
    url.password = PASSWORD_IN_URL;
    source.env.DATABASE_URL = url.toString();
  }
  fs.mkdirSync(source.env.CONTENT_DIR as string, { recursive: true });
  const app = await open(source);
  try {
    await createUser(app.db, 'owner', PASSWORD, 'admin');
  } finally {
    await app.close();
  }

  const archive = path.join(work, 'private.tar.gz');
  // An older archive of the same name, readable by all, is replaced by a private one.
  fs.writeFileSync(archive, 'older', { mode: 0o644 });
  fs.chmodSync(archive, 0o644);
  const calls: ChildCall[] = [];
  const umask = process.umask(0o022);
  try {
    await createBackup(loadConfig(source.env), archive, { run: recordingRunner(calls) });
  } finally {
    process.umask(umask);
  }
  expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
  const tar = calls.find((c) => c.command === 'tar');
  expect(tar).toMatchObject({ archiveMode: 0o600, folderMode: 0o700 });

  if (dialect === 'postgres') {
    const dump = calls.find((c) => c.command === 'pg_dump') as ChildCall;
    expect(dump.folderMode).toBe(0o700);
    for (const secret of [PASSWORD_IN_URL, encodeURIComponent(PASSWORD_IN_URL), 'pw%3A'])
      expect(dump.args.join(' ')).not.toContain(secret);
    expect(dump.args).toContain(
      `--dbname=${(source.env.DATABASE_URL as string).replace(/:[^:@/]+@/, '@')}`,
    );
    expect(dump.env.PGPASSWORD).toBeUndefined();
    expect(dump.passfile).toEqual({
      path: expect.any(String),
      mode: 0o600,
      folderMode: 0o700,
      text: '*:*:*:*:pw\\:with\\\\odd@chars\n',
    });
    // Gone once pg_dump has finished.
    expect(fs.existsSync(dump.passfile?.path as string)).toBe(false);
  }

  const target = await newSite('private-target');
  if (dialect === 'postgres') {
    const url = new URL(target.env.DATABASE_URL as string);
    url.password = PASSWORD_IN_URL;
    target.env.DATABASE_URL = url.toString();
  }
  const restoreCalls: ChildCall[] = [];
  const umask2 = process.umask(0o022);
  try {
    await restoreBackup(loadConfig(target.env), archive, { run: recordingRunner(restoreCalls) });
  } finally {
    process.umask(umask2);
  }
  expect(restoreCalls.find((c) => c.command === 'tar')?.folderMode).toBe(0o700);
  if (dialect === 'sqlite') {
    const file = (target.env.DATABASE_URL as string).slice('sqlite:'.length);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  } else {
    const psql = restoreCalls.find((c) => c.command === 'psql') as ChildCall;
    expect(psql.args.join(' ')).not.toContain('pw');
    expect(psql.env.PGPASSWORD).toBeUndefined();
    expect(psql.passfile).toMatchObject({ mode: 0o600, folderMode: 0o700 });
    expect(fs.existsSync(psql.passfile?.path as string)).toBe(false);
  }
  expect(fs.statSync(path.join(target.env.DATA_DIR as string, 'jwt-secret')).mode & 0o777).toBe(
    0o600,
  );
  const restored = await open(target);
  try {
    expect((await login(restored)).startsWith('Bearer ')).toBe(true);
  } finally {
    await restored.close();
  }
}, 120_000);

test('the PostgreSQL password goes into a private password file, never into the arguments', () => {
  const saved = process.env.PGPASSWORD;
  process.env.PGPASSWORD = 'the-callers-own';
  try {
    const withPassword = postgresInvocation(
      'postgres://agentworks:change%20this:pw@db.example:5432/agentworks?sslmode=require',
    );
    expect(withPassword.dbname).toBe(
      'postgres://agentworks@db.example:5432/agentworks?sslmode=require',
    );
    const file = withPassword.env.PGPASSFILE as string;
    expect(fs.readFileSync(file, 'utf8')).toBe('*:*:*:*:change this\\:pw\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    // The caller's PGPASSWORD would outrank the file.
    expect(withPassword.env.PGPASSWORD).toBeUndefined();
    withPassword.remove();
    expect(fs.existsSync(path.dirname(file))).toBe(false);

    const inQuery = postgresInvocation(
      'postgres://agentworks@db.example/agentworks?password=s3cret&sslmode=require',
    );
    expect(inQuery.dbname).toBe('postgres://agentworks@db.example/agentworks?sslmode=require');
    expect(fs.readFileSync(inQuery.env.PGPASSFILE as string, 'utf8')).toBe('*:*:*:*:s3cret\n');
    inQuery.remove();

    // Without a password in the URL, the environment is the caller's, as it was.
    const without = postgresInvocation('postgres://agentworks@127.0.0.1:5432/agentworks');
    expect(without.dbname).toBe('postgres://agentworks@127.0.0.1:5432/agentworks');
    expect(without.env.PGPASSFILE).toBeUndefined();
    expect(without.env.PGPASSWORD).toBe('the-callers-own');
  } finally {
    if (saved === undefined) delete process.env.PGPASSWORD;
    else process.env.PGPASSWORD = saved;
  }
});
