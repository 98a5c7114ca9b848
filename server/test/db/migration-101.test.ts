import type { Kysely } from 'kysely';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db';

/*
 * Upgrading a database with enquiries in it: those already received count as read (the inbox does
 * not open with the whole history as new); enquiries received afterwards are unread. Down and up
 * again works.
 */

jest.setTimeout(60_000);

let test_db: MigrationTestDb;
beforeAll(async () => {
  test_db = await openMigrationTestDb();
});
afterAll(() => test_db.dropAndClose());

test('enquiries received before the upgrade count as read', async () => {
  const { migrator, connection } = test_db;
  expect((await migrator.migrateTo('100-giveaway-desk')).error).toBeUndefined();
  const at = '2026-01-10T10:00:00.000Z';
  const old = {
    name: 'Old',
    email: 'old@example.com',
    phone: '',
    company: '',
    message: 'Hello',
    service: '',
    created_at: at,
  };
  // Before the upgrade the table has no read_at column: insert through an untyped view of it.
  await (connection.db as unknown as Kysely<{ contact_enquiries: typeof old }>)
    .insertInto('contact_enquiries')
    .values(old)
    .execute();

  expect((await migrator.migrateTo('101-enquiry-read')).error).toBeUndefined();
  const db = connection.db;
  await db
    .insertInto('contact_enquiries')
    .values({ ...old, name: 'New', created_at: '2026-02-01T10:00:00.000Z', read_at: null })
    .execute();
  const rows = await db
    .selectFrom('contact_enquiries')
    .select(['name', 'read_at'])
    .orderBy('id')
    .execute();
  expect(rows).toEqual([
    { name: 'Old', read_at: at },
    { name: 'New', read_at: null },
  ]);

  expect((await migrator.migrateTo('100-giveaway-desk')).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
