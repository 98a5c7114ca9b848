import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import {
  ALLOW_UNORDERED_MIGRATIONS,
  type MigrationContext,
  migrationProviderWith,
} from './migrations';
import { cachingStatements, type CachingSqliteDatabase } from './statement-cache';
import { type Dialect, recordDialect } from './dialect';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Migrations this process applied at start (empty when another process, or an earlier start, had). */
  migrated: string[];
  /**
   * Takes the lock `name` for as long as this process wants it, if no other process holds it;
   * null when one does. The lock goes when the returned release runs, or with the process.
   */
  tryLock(name: string): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: run everything inside this schema (tests use one schema per app). */
  schema?: string;
  /**
   * PostgreSQL only: the name this connection shows in pg_stat_activity. Servers say
   * "agentworks-server", which is how `npm run restore` sees that one is still connected.
   */
  applicationName?: string;
  /** What some migrations need from the program (the site's time zone and rules wording). */
  migrations?: MigrationContext;
}

function sqliteFile(url: string, cwd: string): string {
  const target = url.slice('sqlite:'.length);
  return target === ':memory:' ? ':memory:' : path.resolve(cwd, target);
}

/**
 * The database file holds personal data: it is created 0600 (for the server's user only), and an
 * existing one that others may read is narrowed to that at start, with its -wal, -shm and
 * -journal. SQLite gives the -wal and -shm files it creates the mode of the database file. A file
 * owned by another user, or on a read-only filesystem, is left as it is.
 */
function createPrivately(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      const mode = fs.statSync(name).mode & 0o777;
      if ((mode & 0o077) !== 0) fs.chmodSync(name, mode & 0o700);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM' && code !== 'EROFS') throw error;
    }
  }
}

/** How long a starting process waits for another one's migrations before giving up. */
const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * Holds a lock that only one process at a time can have while it migrates, so two processes
 * started together never run the same migration twice: the second waits, then finds nothing left
 * to do. SQLite: an exclusive transaction on a small lock database beside the data file (the
 * operating system drops it if the process dies). PostgreSQL: a session advisory lock on one
 * connection, dropped by the server if the connection goes.
 */
async function withMigrationLock<T>(
  target: { sqliteFile: string } | { pool: pg.Pool; key: string },
  work: () => Promise<T>,
): Promise<T> {
  if ('sqliteFile' in target) {
    if (target.sqliteFile === ':memory:') return work();
    createPrivately(`${target.sqliteFile}.migration-lock`);
    const lock = new SqliteDatabase(`${target.sqliteFile}.migration-lock`);
    try {
      lock.pragma(`busy_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
      lock.exec('begin exclusive');
      return await work();
    } finally {
      lock.close();
    }
  }
  const client = await target.pool.connect();
  try {
    await client.query(`set lock_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
    await client.query('select pg_advisory_lock(hashtext($1))', [target.key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [target.key]);
    }
  } finally {
    client.release();
  }
}

/**
 * Turns on WAL. When several processes open a new database at once, this switch can fail with
 * SQLITE_BUSY even with a busy timeout set (seen: two servers starting together on a fresh
 * file), so it is tried again, 100 ms apart, for up to 5 s before giving up.
 */
function switchToWal(sqlite: SqliteDatabase.Database): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 1; ; attempt += 1) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 50) throw error;
      Atomics.wait(pause, 0, 0, 100);
    }
  }
}

function openSqlite(url: string, cwd: string): SqliteDatabase.Database {
  const file = sqliteFile(url, cwd);
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    createPrivately(file);
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('busy_timeout = 5000');
  switchToWal(sqlite);
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // What is deleted (an erasure) is overwritten with zeros in the file, not only unlinked.
  sqlite.pragma('secure_delete = ON');

  // Refuse to run with weaker durability or privacy than intended (e.g. a read-only or odd
  // filesystem, or a SQLite built without secure_delete).
  const journal = sqlite.pragma('journal_mode', { simple: true }) as string;
  const synchronous = sqlite.pragma('synchronous', { simple: true }) as number;
  const foreignKeys = sqlite.pragma('foreign_keys', { simple: true }) as number;
  const secureDelete = sqlite.pragma('secure_delete', { simple: true }) as number;
  if (
    (file !== ':memory:' && journal !== 'wal') ||
    synchronous !== 2 ||
    foreignKeys !== 1 ||
    secureDelete !== 1
  ) {
    sqlite.close();
    throw new Error(
      `SQLite at ${file} did not accept the required settings (journal_mode=${journal}, synchronous=${synchronous}, foreign_keys=${foreignKeys}, secure_delete=${secureDelete}).`,
    );
  }
  return sqlite;
}

/**
 * Refuses to run on PostgreSQL with weaker durability than intended, as openSqlite does for
 * SQLite: with synchronous_commit off (set for the cluster, the database, the role or in the
 * connection's options), a change the site has answered as saved can be lost in a crash. The
 * other values (on, local, remote_write, remote_apply) all wait for the local disk.
 */
async function checkPostgresDurability(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
  const value = rows[0]?.synchronous_commit;
  if (value === 'off') {
    throw new Error(
      'PostgreSQL runs this connection with synchronous_commit=off, so a change the site has answered as saved could be lost in a crash; set it to on (ALTER DATABASE … SET synchronous_commit = on, ALTER ROLE …, or postgresql.conf, and no "-c synchronous_commit=off" in the connection options) and start again.',
    );
  }
}

/** Opens the database named by DATABASE_URL and brings its schema up to date. */
export async function connect(
  url: string,
  cwd = process.cwd(),
  options: ConnectOptions = {},
): Promise<Db> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let sqlite: CachingSqliteDatabase | null = null;
  let lockTarget: Parameters<typeof withMigrationLock>[0];
  if (url.startsWith('sqlite:')) {
    dialect = 'sqlite';
    // The data file's folder must exist before the lock file can be made beside it.
    sqlite = cachingStatements(openSqlite(url, cwd));
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    lockTarget = { sqliteFile: sqliteFile(url, cwd) };
  } else {
    dialect = 'postgres';
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      application_name: options.applicationName ?? 'agentworks',
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    lockTarget = { pool, key: `agentworks-migrations:${options.schema ?? 'public'}` };
  }
  recordDialect(db, dialect);

  let migrated: string[];
  try {
    if (dialect === 'postgres') await checkPostgresDurability(db);
    migrated = await withMigrationLock(lockTarget, async () => {
      if (options.schema)
        await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
      const migrator = new Migrator({
        db,
        provider: migrationProviderWith(options.migrations ?? {}),
        allowUnorderedMigrations: ALLOW_UNORDERED_MIGRATIONS,
        ...(options.schema ? { migrationTableSchema: options.schema } : {}),
      });
      const { error, results } = await migrator.migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
        throw new Error(`Database migration ${failed} failed: ${(error as Error).message}`);
      }
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  sqlite?.clearStatements();

  const tryLock = async (name: string): Promise<(() => Promise<void>) | null> => {
    if (!/^[a-z-]+$/.test(name)) throw new Error(`bad lock name ${name}`);
    if ('sqliteFile' in lockTarget) {
      // In memory there is only this process.
      if (lockTarget.sqliteFile === ':memory:') return async () => undefined;
      // No waiting: the lock is either free now or held by another process.
      createPrivately(`${lockTarget.sqliteFile}.${name}-lock`);
      const lock = new SqliteDatabase(`${lockTarget.sqliteFile}.${name}-lock`, { timeout: 0 });
      try {
        lock.exec('begin exclusive');
      } catch {
        lock.close();
        return null;
      }
      return async () => {
        lock.close();
      };
    }
    // A connection of its own, outside the pool, held while the lock is.
    const client = new pg.Client({
      connectionString: url,
      application_name: options.applicationName ?? 'agentworks',
    });
    await client.connect();
    const { rows } = await client.query<{ held: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as held',
      [`agentworks-${name}:${options.schema ?? 'public'}`],
    );
    if (!rows[0]?.held) {
      await client.end();
      return null;
    }
    client.on('error', () => undefined);
    return async () => {
      await client.end().catch(() => undefined);
    };
  };

  return { db, dialect, migrated, tryLock, close: () => db.destroy() };
}
