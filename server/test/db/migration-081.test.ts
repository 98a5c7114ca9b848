import { type Migrator, sql, type Kysely } from 'kysely';
import type { Db } from '../../src/db/connect';
import { openMigrationTestDb } from '../helpers/migration-db';

/*
 * Drafts saved before who-saved-last was recorded: the author counts as the last editor.
 */

jest.setTimeout(60_000);

let connection: Db;
let migrator: Migrator;

let dropAndClose: () => Promise<void>;

beforeAll(async () => {
  ({ connection, migrator, dropAndClose } = await openMigrationTestDb());
});

afterAll(() => dropAndClose());

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
