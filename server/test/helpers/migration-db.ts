import crypto from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { connect, type Db } from '../../src/db/connect';
import { ALLOW_UNORDERED_MIGRATIONS, migrationProviderWith } from '../../src/db/migrations';
import { rulesWriter } from '../../src/services/giveaways/rules-store';
import { testDialect } from './build';

/** A database of its own for a migration test, and a migrator to move it up and down. */
export interface MigrationTestDb {
  connection: Db;
  migrator: Migrator;
  /** The PostgreSQL schema the test runs in (none on SQLite, which is in memory). */
  schema: string | undefined;
  /** Drops the test's schema and closes the connection. */
  dropAndClose(): Promise<void>;
}

/** SQLite in memory, or a fresh schema in TEST_DATABASE_URL's PostgreSQL database. */
export async function openMigrationTestDb(): Promise<MigrationTestDb> {
  const postgres = testDialect() === 'postgres';
  const url = postgres ? (process.env.TEST_DATABASE_URL ?? '') : 'sqlite::memory:';
  const schema = postgres ? `mig_${crypto.randomBytes(5).toString('hex')}` : undefined;
  const connection = await connect(url, process.cwd(), { schema });
  const migrator = new Migrator({
    db: connection.db,
    // The site's time zone in tests, as loadConfig sets it by default.
    provider: migrationProviderWith({ giveawayRules: rulesWriter('UTC') }),
    allowUnorderedMigrations: ALLOW_UNORDERED_MIGRATIONS,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  return {
    connection,
    migrator,
    schema,
    async dropAndClose() {
      if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(connection.db);
      await connection.close();
    },
  };
}
