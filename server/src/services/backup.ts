import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config';
import { runningServers } from './running-servers';

/**
 * Runs one tool (tar, pg_dump, psql) as a child process with exactly these arguments and this
 * environment. Tests pass their own to see what a child would be given.
 */
export type ToolRunner = (
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; maxBuffer: number },
) => Promise<{ stdout: string; stderr: string }>;

const execFileAsync = promisify(execFile);
const runTool: ToolRunner = (command, args, options) => execFileAsync(command, args, options);

export interface BackupOptions {
  run?: ToolRunner;
}

/** What a backup holds; restore checks it before touching anything. */
interface Manifest {
  format: 'agentworks-backup';
  version: 1;
  created_at: string;
  database: 'sqlite' | 'postgres';
  rows: number;
  tables: number;
  data_files: number;
  content_files: number;
}

export type BackupSettings = Pick<Config, 'databaseUrl' | 'dataDir' | 'contentDir'>;

/** A failure the operator can act on; the commands print its message as it is. */
export class BackupError extends Error {}

const SQLITE_DB = 'database/site.db';
const PG_DUMP = 'database/dump.sql';

/**
 * DATA_DIR entries that are not copied as files: the running servers' records, rebuilt sites
 * (publishing makes them again from content/) and leftovers of interrupted writes. The SQLite
 * database and its companions are taken through the backup API instead.
 */
function skipInDataDir(relative: string, sqliteFile: string | null, dataDir: string): boolean {
  const top = relative.split(path.sep)[0] ?? '';
  if (top === 'run' || top === 'site-builds') return true;
  if (relative.endsWith('.tmp')) return true;
  if (sqliteFile) {
    // The database and its companions: -wal, -shm, -journal and the lock files beside it
    // (.migration-lock, .publish-builds-lock).
    const full = path.join(dataDir, relative);
    if (full === sqliteFile) return true;
    const suffix = full.startsWith(sqliteFile) ? full.slice(sqliteFile.length) : '';
    if (/^(-wal|-shm|-journal|\.[a-z-]+-lock)$/.test(suffix)) return true;
  }
  return false;
}

function sqliteFileOf(settings: BackupSettings): string | null {
  if (!settings.databaseUrl.startsWith('sqlite:')) return null;
  const target = settings.databaseUrl.slice('sqlite:'.length);
  if (target === ':memory:') {
    throw new BackupError('DATABASE_URL is sqlite::memory:, which keeps nothing to back up.');
  }
  return path.resolve(target);
}

/** Copies a folder's files (not symbolic links' targets), returning how many were copied. */
function copyTree(from: string, to: string, skip: (relative: string) => boolean = () => false) {
  let count = 0;
  const walk = (relative: string) => {
    const source = path.join(from, relative);
    for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
      const rel = path.join(relative, entry.name);
      if (skip(rel)) continue;
      if (entry.isDirectory()) {
        fs.mkdirSync(path.join(to, rel), { recursive: true });
        walk(rel);
      } else if (entry.isFile()) {
        fs.mkdirSync(path.dirname(path.join(to, rel)), { recursive: true });
        fs.copyFileSync(path.join(from, rel), path.join(to, rel));
        fs.chmodSync(path.join(to, rel), fs.statSync(path.join(from, rel)).mode & 0o777);
        count += 1;
      }
    }
  };
  fs.mkdirSync(to, { recursive: true });
  if (fs.existsSync(from)) walk('');
  return count;
}

async function tool(
  run: ToolRunner,
  command: string,
  args: string[],
  what: string,
  env: NodeJS.ProcessEnv = process.env,
) {
  try {
    return await run(command, args, { maxBuffer: 64 * 1024 * 1024, env });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(
        `${command} was not found; install it (${command === 'tar' ? 'tar' : 'postgresql-client, the same major version as the server or newer'}) and try again.`,
      );
    }
    const reason = (failure.stderr ?? failure.message).trim().split('\n').slice(-3).join(' ');
    throw new BackupError(`${what} failed: ${reason}`);
  }
}

/** One field of a libpq password file: `:` and `\` are escaped with a backslash. */
const passfileField = (text: string) => text.replace(/[\\:]/g, (c) => `\\${c}`);

/**
 * How pg_dump and psql are told where the database is without showing its password to anyone who
 * can list processes: the URL without its password goes on the command line; the password, if
 * the URL has one, goes into a password file (mode 0600, in a folder of its own that only this
 * user can enter) named by PGPASSFILE in the child's environment. A PGPASSWORD of the caller's
 * own would outrank that file, so the child does not get it then. `remove` deletes the file.
 */
export function postgresInvocation(databaseUrl: string): {
  dbname: string;
  env: NodeJS.ProcessEnv;
  remove(): void;
} {
  const url = new URL(databaseUrl);
  const password = url.password
    ? decodeURIComponent(url.password)
    : (url.searchParams.get('password') ?? '');
  url.password = '';
  url.searchParams.delete('password');
  const dbname = url.toString();
  if (!password) return { dbname, env: process.env, remove: () => undefined };
  const dir = privateTempDir('agentworks-pgpass-');
  const passfile = path.join(dir, 'pgpass');
  fs.writeFileSync(passfile, `*:*:*:*:${passfileField(password)}\n`, { mode: 0o600, flag: 'wx' });
  fs.chmodSync(passfile, 0o600);
  const env: NodeJS.ProcessEnv = { ...process.env, PGPASSFILE: passfile };
  delete env.PGPASSWORD;
  return { dbname, env, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A new folder only this user can enter, under the system's temporary folder. */
function privateTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o700);
  return dir;
}

/** Rows per table of a SQLite file (every table but SQLite's own). */
function sqliteCounts(file: string): { rows: number; tables: number } {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[];
    let rows = 0;
    for (const { name } of tables) {
      const row = db.prepare(`select count(*) as n from "${name.replace(/"/g, '""')}"`).get() as {
        n: number;
      };
      rows += row.n;
    }
    return { rows, tables: tables.length };
  } finally {
    db.close();
  }
}

/** Rows per table in a plain pg_dump file: the lines of each COPY … FROM stdin block. */
function dumpCounts(file: string): { rows: number; tables: number } {
  let rows = 0;
  let tables = 0;
  let inCopy = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (inCopy) {
      if (line === '\\.') inCopy = false;
      else rows += 1;
    } else if (/^COPY .* FROM stdin;$/.test(line)) {
      inCopy = true;
      tables += 1;
    }
  }
  return { rows, tables };
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  bytes: number;
}

/**
 * Writes one archive (tar + gzip) of the database, DATA_DIR's files and the content/ folder while
 * servers keep running. SQLite is copied through its online backup API (a consistent snapshot
 * even while entries are written); PostgreSQL through pg_dump (one snapshot in one transaction).
 * The archive is written beside its final name and renamed into place when complete.
 */
export async function createBackup(
  settings: BackupSettings,
  out: string,
  { run = runTool }: BackupOptions = {},
): Promise<BackupResult> {
  const target = path.resolve(out);
  if (!fs.existsSync(path.dirname(target))) {
    throw new BackupError(`The folder ${path.dirname(target)} does not exist.`);
  }
  const sqliteFile = sqliteFileOf(settings);
  // The copies of the database and the secrets wait in a folder only this user can enter.
  const stage = privateTempDir('agentworks-backup-');
  const partial = `${target}.${process.pid}.partial`;
  try {
    fs.mkdirSync(path.join(stage, 'database'));
    let counts: { rows: number; tables: number };
    if (sqliteFile) {
      if (!fs.existsSync(sqliteFile)) {
        throw new BackupError(`There is no SQLite database at ${sqliteFile}.`);
      }
      const source = new SqliteDatabase(sqliteFile, { fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        // All pages in one step: the step reads one consistent snapshot (in WAL mode writers go
        // on meanwhile). Copied in small steps, every write by a server would restart the copy,
        // and under steady load it would never finish.
        await source.backup(path.join(stage, SQLITE_DB), { progress: () => 0x7fffffff });
      } catch (error) {
        throw new BackupError(`Reading the SQLite database failed: ${(error as Error).message}`);
      } finally {
        source.close();
      }
      counts = sqliteCounts(path.join(stage, SQLITE_DB));
    } else {
      const { dbname, env, remove } = postgresInvocation(settings.databaseUrl);
      await tool(
        run,
        'pg_dump',
        [
          '--format=plain',
          '--no-owner',
          '--no-privileges',
          '--clean',
          '--if-exists',
          `--file=${path.join(stage, PG_DUMP)}`,
          `--dbname=${dbname}`,
        ],
        'pg_dump',
        env,
      ).finally(remove);
      counts = dumpCounts(path.join(stage, PG_DUMP));
    }
    const dataFiles = copyTree(settings.dataDir, path.join(stage, 'data'), (rel) =>
      skipInDataDir(rel, sqliteFile, settings.dataDir),
    );
    const contentFiles = copyTree(settings.contentDir, path.join(stage, 'content'));
    const manifest: Manifest = {
      format: 'agentworks-backup',
      version: 1,
      created_at: new Date().toISOString(),
      database: sqliteFile ? 'sqlite' : 'postgres',
      rows: counts.rows,
      tables: counts.tables,
      data_files: dataFiles,
      content_files: contentFiles,
    };
    fs.writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The archive holds personal data and the signing secret: it is made 0600 before tar
    // writes into it (tar keeps an existing file's mode), whatever the umask.
    fs.rmSync(partial, { force: true });
    fs.closeSync(fs.openSync(partial, 'wx', 0o600));
    fs.chmodSync(partial, 0o600);
    await tool(run, 'tar', ['-czf', partial, '-C', stage, '.'], 'Writing the archive');
    fs.renameSync(partial, target);
    return { file: target, manifest, bytes: fs.statSync(target).size };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

export interface RestoreResult {
  manifest: Manifest;
}

/** Other connections of our servers to the PostgreSQL database (they name themselves). */
async function otherPostgresServers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'agentworks-server' and pid <> pg_backend_pid()",
    );
    return Number(rows[0]?.n ?? 0);
  } catch (error) {
    throw new BackupError(`Could not connect to PostgreSQL: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Puts a backup back: the database, DATA_DIR's files and the content/ folder. Refuses while a
 * server uses the same DATA_DIR (or, on PostgreSQL, the same database), and checks the whole
 * archive before changing anything. Rebuilt sites in DATA_DIR/site-builds are removed: they may
 * show posts the restored content/ no longer has, so the site is built again from it.
 */
export async function restoreBackup(
  settings: BackupSettings,
  from: string,
  { run = runTool }: BackupOptions = {},
): Promise<RestoreResult> {
  const source = path.resolve(from);
  if (!fs.existsSync(source)) throw new BackupError(`There is no backup at ${source}.`);
  const servers = runningServers(settings.dataDir);
  if (servers.length > 0) {
    const first = servers[0] as (typeof servers)[number];
    throw new BackupError(
      `A server is using DATA_DIR ${settings.dataDir} (pid ${first.pid} on ${first.host}, port ${first.port}${servers.length > 1 ? `, and ${servers.length - 1} more` : ''}); stop it before restoring.`,
    );
  }
  const sqliteFile = sqliteFileOf(settings);
  if (!sqliteFile && (await otherPostgresServers(settings.databaseUrl)) > 0) {
    throw new BackupError(
      'A server is connected to this PostgreSQL database; stop every server before restoring.',
    );
  }

  const stage = privateTempDir('agentworks-restore-');
  try {
    await tool(run, 'tar', ['-xzf', source, '-C', stage], `Reading ${source}`);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(stage, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      throw new BackupError(`${source} is not a backup made by npm run backup (no manifest).`);
    }
    if (manifest.format !== 'agentworks-backup' || manifest.version !== 1) {
      throw new BackupError(`${source} is not a backup this version can restore.`);
    }
    const kind = sqliteFile ? 'sqlite' : 'postgres';
    if (manifest.database !== kind) {
      throw new BackupError(
        `The backup holds a ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database but DATABASE_URL names a ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} one.`,
      );
    }

    if (sqliteFile) {
      const copy = path.join(stage, SQLITE_DB);
      const check = new SqliteDatabase(copy, { readonly: true, fileMustExist: true });
      const verdict = check.pragma('integrity_check', { simple: true });
      check.close();
      if (verdict !== 'ok') throw new BackupError(`The database in ${source} is damaged.`);
      fs.mkdirSync(path.dirname(sqliteFile), { recursive: true });
      const incoming = `${sqliteFile}.restore.tmp`;
      // The copy takes the mode of its source: the database is for this user only.
      fs.chmodSync(copy, 0o600);
      fs.copyFileSync(copy, incoming);
      fs.chmodSync(incoming, 0o600);
      for (const suffix of ['-wal', '-shm', '-journal'])
        fs.rmSync(`${sqliteFile}${suffix}`, { force: true });
      fs.renameSync(incoming, sqliteFile);
    } else {
      const { dbname, env, remove } = postgresInvocation(settings.databaseUrl);
      await tool(
        run,
        'psql',
        [
          '--quiet',
          '--no-psqlrc',
          '--single-transaction',
          '--set=ON_ERROR_STOP=1',
          `--file=${path.join(stage, PG_DUMP)}`,
          `--dbname=${dbname}`,
        ],
        'Loading the database with psql',
        env,
      ).finally(remove);
    }

    copyTree(path.join(stage, 'data'), settings.dataDir);
    fs.rmSync(path.join(settings.dataDir, 'site-builds'), { recursive: true, force: true });

    // content/ is replaced whole: what was published after the backup goes with it.
    const incoming = `${settings.contentDir}.restore-${process.pid}`;
    fs.rmSync(incoming, { recursive: true, force: true });
    copyTree(path.join(stage, 'content'), incoming);
    fs.rmSync(settings.contentDir, { recursive: true, force: true });
    fs.renameSync(incoming, settings.contentDir);
    return { manifest };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
