import crypto from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { connect, type Db } from '../../src/db/connect';
import { migrationProvider } from '../../src/db/migrations';
import { testDialect } from '../helpers/build';

/*
 * Drafts saved before who-saved-last was recorded: the author counts as the last editor.
 */

jest.setTimeout(60_000);

let connection: Db;
let schema: string | undefined;
let migrator: Migrator;

beforeAll(async () => {
  const url =
    testDialect() === 'postgres' ? (process.env.TEST_DATABASE_URL ?? '') : 'sqlite::memory:';
  schema =
    testDialect() === 'postgres' ? `mig_${crypto.randomBytes(5).toString('hex')}` : undefined;
  connection = await connect(url, process.cwd(), { schema });
  migrator = new Migrator({
    db: connection.db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
});

afterAll(async () => {
  if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(connection.db);
  await connection.close();
});

test('existing drafts get their author as the one who saved them last', async () => {
  expect((await migrator.migrateTo('080-usernames-case-insensitive')).error).toBeUndefined();
  const db = connection.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const at = '2026-01-10T10:00:00.000Z';
  await sql`insert into drafts (title, slug, description, category, author, tags, series,
      series_order, body, created_by, created_at, updated_at)
    values ('Old', 'old', '', '', '', '[]', '', null, 'Body', 'dana', ${at}, ${at})`.execute(db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await sql<{ created_by: string; updated_by: string }>`
    select created_by, updated_by from drafts`.execute(db);
  expect(rows.rows).toEqual([{ created_by: 'dana', updated_by: 'dana' }]);
  expect((await migrator.migrateTo('080-usernames-case-insensitive')).error).toBeUndefined();
});
