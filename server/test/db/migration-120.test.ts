import type { Kysely } from 'kysely';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db';

/*
 * Upgrading a database whose giveaways name their prize image by address: each keeps its address
 * and has no stored picture yet (the background move fetches it), with no tries counted. Down and
 * up again works.
 */

jest.setTimeout(60_000);

let test_db: MigrationTestDb;
beforeAll(async () => {
  test_db = await openMigrationTestDb();
});
afterAll(() => test_db.dropAndClose());

test('giveaways keep their address and wait for their picture', async () => {
  const { migrator, connection } = test_db;
  expect((await migrator.migrateTo('096-entry-confirmation-tokens')).error).toBeUndefined();
  const at = '2026-01-10T10:00:00.000Z';
  const old = {
    title: 'Old giveaway',
    description: 'D',
    prize: 'P',
    prize_image: 'https://scontent.cdninstagram.com/v/t51/prize.jpg',
    start_date: '2026-01-10',
    created_at: at,
    updated_at: at,
  };
  // Before the upgrade the table has no picture columns: insert through an untyped view of it.
  await (connection.db as unknown as Kysely<{ giveaways: typeof old }>)
    .insertInto('giveaways')
    .values(old)
    .execute();

  expect((await migrator.migrateTo('120-images')).error).toBeUndefined();
  const rows = await connection.db
    .selectFrom('giveaways')
    .select(['title', 'prize_image', 'prize_image_id', 'prize_image_attempts'])
    .execute();
  expect(rows).toEqual([
    {
      title: 'Old giveaway',
      prize_image: old.prize_image,
      prize_image_id: null,
      prize_image_attempts: 0,
    },
  ]);
  expect(await connection.db.selectFrom('images').selectAll().execute()).toEqual([]);

  expect((await migrator.migrateTo('096-entry-confirmation-tokens')).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
