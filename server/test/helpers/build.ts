import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type App, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { connect } from '../../src/db/connect';
import { rulesWriter } from '../../src/services/giveaways/rules-store';

/** Which database the API tests run against: SQLite unless TEST_DB=postgres (with TEST_DATABASE_URL). */
export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

/** The settings every test app starts from: quiet, its own folders, the given database. */
export function testEnv(dataDir: string, databaseUrl: string): Record<string, string> {
  return {
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'public'),
    PUBLISH_WORK_DIR: `${dataDir}-publish`,
    DATABASE_URL: databaseUrl,
  };
}

export interface TestApp {
  app: App;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds a complete app on a fresh, empty database: an in-memory SQLite database, or a private
 * PostgreSQL schema that is dropped afterwards. Environment overrides go through the real config
 * parser.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void }; clock?: () => Date } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const dialect = testDialect();
  let databaseUrl = 'sqlite::memory:';
  let schema: string | undefined;
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    databaseUrl = url;
    schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  }
  const config = loadConfig({ ...testEnv(dataDir, databaseUrl), ...env });
  const connection = await connect(config.databaseUrl, process.cwd(), {
    schema,
    migrations: { giveawayRules: rulesWriter(config.siteTimezone) },
  });
  let app: App;
  try {
    app = await buildApp({
      config,
      connection,
      logStream: options.logStream,
      clock: options.clock,
    });
    await app.ready();
  } catch (error) {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(connection.db);
    await connection.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    app,
    config,
    async close() {
      if (schema) await dropSchema(app, schema);
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}-publish`, { recursive: true, force: true });
    },
  };
}

/**
 * Drops a test's PostgreSQL schema while the app still runs: its background work (the publish
 * scheduler, the retention schedule, the picture mover) may hold a lock on one of the schema's
 * tables, and PostgreSQL then ends the drop as a deadlock; the drop is tried again.
 */
async function dropSchema(app: App, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(app.db);
      return;
    } catch (error) {
      const deadlock = (error as { code?: unknown }).code === '40P01';
      if (!deadlock || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Creates a user directly in the database, starts a session, and returns its bearer header. */
export async function userWithToken(
  app: App,
  role: 'admin' | 'editor',
  username = `${role}-${crypto.randomBytes(3).toString('hex')}`,
): Promise<{ id: number; username: string; authorization: string }> {
  const now = new Date().toISOString();
  const row = await app.db
    .insertInto('users')
    .values({
      username,
      password_hash: 'not-a-real-hash',
      role,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await app.startSession(row.id, 'jest');
  return { id: row.id, username, authorization: `Bearer ${token}` };
}
