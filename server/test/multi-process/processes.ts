import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connect } from '../../src/db/connect';
import { testDialect } from '../helpers/build';

/*
 * Several server processes on one database, one DATA_DIR and one content folder, as two
 * processes on one machine share them: a SQLite file in the test's folder, or a private
 * PostgreSQL schema that is dropped afterwards.
 */

export interface SharedDatabase {
  url: string;
  schema: string | undefined;
}

/** The database the processes of one test file share; `prefix` names its PostgreSQL schema. */
export function sharedDatabase(dir: string, prefix: string): SharedDatabase {
  if (testDialect() === 'postgres') {
    return {
      url: process.env.TEST_DATABASE_URL as string,
      schema: `${prefix}_${crypto.randomBytes(5).toString('hex')}`,
    };
  }
  return { url: `sqlite:${path.join(dir, 'data', 'site.db')}`, schema: undefined };
}

/** Drops the shared PostgreSQL schema (nothing to do on SQLite: the folder goes with the test). */
export async function dropSharedDatabase(db: SharedDatabase | undefined): Promise<void> {
  if (!db?.schema) return;
  const cleanup = await connect(db.url, process.cwd(), { schema: db.schema });
  await sql`drop schema if exists ${sql.id(db.schema)} cascade`.execute(cleanup.db);
  await cleanup.close();
}

/** The settings every process of a test shares; `env` adds or overrides. */
export function processEnv(
  dir: string,
  contentDir: string,
  db: SharedDatabase,
  env: Record<string, string>,
): Record<string, string> {
  return {
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATABASE_URL: db.url,
    DATA_DIR: path.join(dir, 'data'),
    SITE_DIR: path.join(dir, 'public'),
    PUBLISH_WORK_DIR: path.join(dir, 'publish'),
    CONTENT_DIR: contentDir,
    RATE_LIMITS: 'off',
    ...env,
  };
}

/** Starts one process on the shared database, ready to answer. */
export async function startProcess(
  env: Record<string, string>,
  db: SharedDatabase,
  options: { clock?: () => Date; logStream?: { write(line: string): void } } = {},
): Promise<App> {
  const config = loadConfig(env);
  const connection = await connect(config.databaseUrl, process.cwd(), { schema: db.schema });
  const app = await buildApp({ config, connection, ...options });
  await app.ready();
  return app;
}

/** Polls `probe` every 100 ms until it gives a value, or fails after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
