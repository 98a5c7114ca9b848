import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { migrationProvider } from './migrations';
import { cachingStatements, type CachingSqliteDatabase } from './statement-cache';
import type { Dialect } from './migrations/util';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: run everything inside this schema (tests use one schema per app). */
  schema?: string;
}

function openSqlite(url: string, cwd: string): SqliteDatabase.Database {
  const target = url.slice('sqlite:'.length);
  const file = target === ':memory:' ? ':memory:' : path.resolve(cwd, target);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');

  // Refuse to run with weaker durability than intended (e.g. a read-only or odd filesystem).
  const journal = sqlite.pragma('journal_mode', { simple: true }) as string;
  const synchronous = sqlite.pragma('synchronous', { simple: true }) as number;
  const foreignKeys = sqlite.pragma('foreign_keys', { simple: true }) as number;
  if ((file !== ':memory:' && journal !== 'wal') || synchronous !== 2 || foreignKeys !== 1) {
    sqlite.close();
    throw new Error(
      `SQLite at ${file} did not accept the required settings (journal_mode=${journal}, synchronous=${synchronous}, foreign_keys=${foreignKeys}).`,
    );
  }
  return sqlite;
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
  if (url.startsWith('sqlite:')) {
    dialect = 'sqlite';
    sqlite = cachingStatements(openSqlite(url, cwd));
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  } else {
    dialect = 'postgres';
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (options.schema)
      await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
  }

  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${(error as Error).message}`);
  }
  sqlite?.clearStatements();

  return { db, dialect, close: () => db.destroy() };
}
