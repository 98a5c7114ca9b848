import crypto from 'node:crypto';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db';

/*
 * Upgrading a database with entries in it: each gets its mailbox; two entries of one giveaway
 * that share a mailbox (made before the rule) both stay, and neither blocks anyone new; from then
 * on a second counting entry of one mailbox or handle is refused by the database itself, while
 * unconfirmed entries block no one. Down and up again works.
 */

jest.setTimeout(60_000);

let test_db: MigrationTestDb;
beforeAll(async () => {
  test_db = await openMigrationTestDb();
});
afterAll(() => test_db.dropAndClose());

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

test('existing entries get their mailbox; old look-alikes stay; new ones are refused', async () => {
  const { migrator, connection } = test_db;
  expect((await migrator.migrateTo('101-enquiry-read')).error).toBeUndefined();
  const db = connection.db;
  const at = '2026-01-10T10:00:00.000Z';
  const g = await db
    .insertInto('giveaways')
    .values({
      title: 'Before',
      description: 'D',
      prize: 'P',
      prize_image: null,
      start_date: '2026-01-01',
      end_date: null,
      max_participants: null,
      created_at: at,
      updated_at: at,
      min_age: 18,
      region: '',
      claim_days: 7,
      external_randomness: null,
      extra_terms: '',
      commitment: sha('seed'),
      committed_at: at,
      is_accepting: 1,
      participant_count: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let made = 0;
  const entry = (email: string, handle: string, confirmed: string | null = at) => ({
    giveaway_id: g.id,
    email,
    instagram_handle: handle,
    created_at: at,
    receipt_hash: sha(`receipt ${(made += 1)}`),
    rules_version: 1,
    confirmed_at: confirmed,
  });
  await db.insertInto('participants').values(entry('ann.lee@gmail.com', 'ann')).execute();
  await db.insertInto('participants').values(entry('annlee+x@gmail.com', 'ann_two')).execute();

  expect((await migrator.migrateTo('103-entry-mailboxes')).error).toBeUndefined();
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'email', 'mailbox'])
    .orderBy('id')
    .execute();
  expect(rows.map((r) => r.mailbox)).toEqual([
    'annlee@gmail.com',
    `annlee@gmail.com#${rows[1]?.id}`,
  ]);

  // The mailbox as the service writes it (mailboxOf): these addresses are already in that form.
  const insert = (email: string, handle: string, confirmed: string | null) =>
    db
      .insertInto('participants')
      .values({ ...entry(email, handle, confirmed), mailbox: email })
      .execute();
  // Counting entries: one per mailbox and one per handle (any case). Matched by the message: the
  // SQLite driver's error class belongs to whichever test file first loaded it in this worker, so
  // it is not an Error of this file's realm (toThrow() would see no error at all).
  const refused = { message: expect.stringMatching(/unique/i) };
  await expect(insert('annlee@gmail.com', 'new_one', at)).rejects.toMatchObject(refused);
  await expect(insert('bo@example.com', 'ANN', at)).rejects.toMatchObject(refused);
  // Unconfirmed ones block no one, and are blocked by no one.
  await insert('annlee@gmail.com', 'ann', null);
  await insert('annlee@gmail.com', 'ann', null);

  // Down again needs the old rule to hold: without the unconfirmed look-alikes it does.
  await db.deleteFrom('participants').where('confirmed_at', 'is', null).execute();
  expect((await migrator.migrateTo('102-mail-limits')).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
