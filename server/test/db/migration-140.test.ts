import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db';

/*
 * Upgrading to reports of a taken handle: an existing giveaway gets none, a report goes with its
 * giveaway when that is deleted, and down and up again works.
 */

jest.setTimeout(60_000);

let test_db: MigrationTestDb;
beforeAll(async () => {
  test_db = await openMigrationTestDb();
});
afterAll(() => test_db.dropAndClose());

test('reports are added empty, go with their giveaway, and the table comes and goes', async () => {
  const { migrator, connection } = test_db;
  expect((await migrator.migrateTo('130-draft-schedules')).error).toBeUndefined();
  const at = '2026-01-10T10:00:00.000Z';
  const { id } = await connection.db
    .insertInto('giveaways')
    .values({
      title: 'Old giveaway',
      description: 'D',
      prize: 'P',
      start_date: '2026-01-10',
      created_at: at,
      updated_at: at,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();

  expect((await migrator.migrateTo('140-handle-reports')).error).toBeUndefined();
  expect(await connection.db.selectFrom('giveaway_handle_reports').selectAll().execute()).toEqual(
    [],
  );
  await connection.db
    .insertInto('giveaway_handle_reports')
    .values({
      giveaway_id: id,
      instagram_handle: 'ann',
      email: 'ann@example.com',
      note: null,
      created_at: at,
    })
    .execute();
  await connection.db.deleteFrom('giveaways').where('id', '=', id).execute();
  expect(await connection.db.selectFrom('giveaway_handle_reports').selectAll().execute()).toEqual(
    [],
  );

  expect((await migrator.migrateTo('130-draft-schedules')).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
