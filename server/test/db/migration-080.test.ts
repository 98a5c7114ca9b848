import { type Migrator, sql, type Kysely } from 'kysely';
import type { Db } from '../../src/db/connect';
import { testDialect } from '../helpers/build';
import { openMigrationTestDb } from '../helpers/migration-db';

/*
 * Usernames unique without regard to letter case: an existing database that holds `BOSS` beside
 * `boss` is left exactly as it is and the migration stops, naming them; once one is renamed the
 * migration goes through and the database refuses any new pair.
 */

jest.setTimeout(60_000);

let connection: Db;
let migrator: Migrator;

let dropAndClose: () => Promise<void>;

beforeAll(async () => {
  ({ connection, migrator, dropAndClose } = await openMigrationTestDb());
});

afterAll(() => dropAndClose());

test('a database with names differing only in case is not changed, and the message names them', async () => {
  expect((await migrator.migrateTo('061-newsletter-issues')).error).toBeUndefined();
  const db = connection.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const at = '2026-01-10T10:00:00.000Z';
  for (const name of ['boss', 'BOSS', 'Boss', 'dana', 'DANA', 'alone']) {
    await sql`insert into users (username, password_hash, role, created_at, updated_at)
      values (${name}, 'x', 'editor', ${at}, ${at})`.execute(db);
  }

  const refused = await migrator.migrateToLatest();
  expect(refused.error).toBeInstanceOf(Error);
  const message = (refused.error as Error).message;
  expect(message).toMatch(/^usernames must differ in more than letter case/);
  expect(message).toContain('"boss" and "BOSS" and "Boss"');
  expect(message).toContain('"dana" and "DANA"');
  expect(message).not.toContain('alone');
  expect(message).toContain('Nothing was changed.');
  const names = await sql<{ username: string }>`select username from users order by username`
    .execute(db)
    .then((result) => result.rows.map((row) => row.username).sort());
  expect(names).toEqual(['BOSS', 'Boss', 'DANA', 'alone', 'boss', 'dana']);
  const applied = (await migrator.getMigrations()).filter((m) => m.executedAt).map((m) => m.name);
  expect(applied).not.toContain('080-usernames-case-insensitive');

  // The operator decides: one account is renamed, another removed; then the migration runs.
  await sql`update users set username = 'boss-2' where username = 'BOSS'`.execute(db);
  await sql`delete from users where username in ('Boss', 'DANA')`.execute(db);
  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();

  expect(up.results?.map((result) => [result.migrationName, result.status])).toContainEqual([
    '080-usernames-case-insensitive',
    'Success',
  ]);
  const index =
    testDialect() === 'postgres'
      ? sql`select indexname as name from pg_indexes
          where indexname = 'users_username_lower' and schemaname = current_schema()`
      : sql`select name from sqlite_master where type = 'index' and name = 'users_username_lower'`;
  expect((await index.execute(db)).rows).toEqual([{ name: 'users_username_lower' }]);

  // From now on the database itself refuses a name that differs only in case.
  // Compared as text: in a Jest worker that loaded better-sqlite3 for an earlier test file, its
  // errors are built from that file's Error class, which `rejects.toThrow` does not recognise.
  const refusal =
    await sql`insert into users (username, password_hash, role, created_at, updated_at)
      values ('BoSs', 'x', 'editor', ${at}, ${at})`
      .execute(db)
      .then(
        () => 'accepted',
        (error: unknown) => String(error),
      );
  expect(refusal).toMatch(/unique|UNIQUE/);
});
