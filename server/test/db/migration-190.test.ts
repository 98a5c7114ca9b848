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

/**
 * The message a query fails with ('none' when it succeeds), read by shape: the driver's error may
 * come from another realm (a module loaded by an earlier test file), where instanceof Error fails.
 */
function failure(query: Promise<unknown>): Promise<string> {
  return query.then(
    () => 'none',
    (error: { message?: unknown }) => String(error?.message),
  );
}

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
  expect(
    await failure(
      connection.db
        .insertInto('instagram_connection')
        .values(row(2, 'instagram') as never)
        .execute(),
    ),
  ).toContain('instagram_connection_one_row');
  await connection.db.deleteFrom('instagram_connection').execute();
  expect(
    await failure(
      connection.db
        .insertInto('instagram_connection')
        .values(row(1, 'twitter') as never)
        .execute(),
    ),
  ).toContain('instagram_connection_login');
  expect(await table.execute()).toEqual([]);

  expect((await migrator.migrateDown()).error).toBeUndefined();
  expect(await failure(table.execute())).toMatch(
    /no such table: instagram_connection|relation "instagram_connection" does not exist/,
  );
  expect((await migrator.migrateTo('190-instagram-connection')).error).toBeUndefined();
  expect(await table.execute()).toEqual([]);
});
