import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db';

/*
 * The Instagram connection's table: added empty, one row at most (id 1), a login of 'instagram'
 * or 'facebook' only, and down and up again works.
 */

jest.setTimeout(60_000);

let test_db: MigrationTestDb;
beforeAll(async () => {
  test_db = await openMigrationTestDb();
});
afterAll(() => test_db.dropAndClose());

const at = '2026-11-30T06:00:00.000Z';
const row = (id: number, login: string) => ({
  id,
  login,
  account_id: '17841400000000001',
  username: 'owner.shop',
  page_id: null,
  sealed_token: 'igt1.abcd1234.iv.tag.body',
  token_obtained_at: at,
  token_expires_at: null,
  connected_by: 'boss',
  connected_at: at,
  last_refresh_at: null,
  last_refresh_error: null,
  updated_at: at,
});

test('the connection table holds one row with a known login, and comes and goes', async () => {
  const { migrator, connection } = test_db;
  expect((await migrator.migrateTo('180-draft-covers')).error).toBeUndefined();
  expect((await migrator.migrateTo('190-instagram-connection')).error).toBeUndefined();
  const table = connection.db.selectFrom('instagram_connection').selectAll();
  expect(await table.execute()).toEqual([]);

  await connection.db
    .insertInto('instagram_connection')
    .values(row(1, 'instagram') as never)
    .execute();
  await expect(
    connection.db
      .insertInto('instagram_connection')
      .values(row(2, 'instagram') as never)
      .execute(),
  ).rejects.toThrow();
  await connection.db.deleteFrom('instagram_connection').execute();
  await expect(
    connection.db
      .insertInto('instagram_connection')
      .values(row(1, 'twitter') as never)
      .execute(),
  ).rejects.toThrow();
  expect(await table.execute()).toEqual([]);

  expect((await migrator.migrateDown()).error).toBeUndefined();
  await expect(table.execute()).rejects.toThrow();
  expect((await migrator.migrateTo('190-instagram-connection')).error).toBeUndefined();
  expect(await table.execute()).toEqual([]);
});
