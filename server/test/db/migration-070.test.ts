import { type Migrator, sql, type Kysely } from 'kysely';
import type { Db } from '../../src/db/connect';
import { erasePersonalData, exportPersonalData } from '../../src/services/personal-data';
import { openMigrationTestDb } from '../helpers/migration-db';

/*
 * Upgrading a database whose outbox already holds mail: each kept mail's header addresses are
 * read from its stored headers into outbox_addresses, so personal-data requests find mail kept
 * before the upgrade by whole address, and only that.
 */

jest.setTimeout(60_000);

let connection: Db;
let migrator: Migrator;

let dropAndClose: () => Promise<void>;

beforeAll(async () => {
  ({ connection, migrator, dropAndClose } = await openMigrationTestDb());
});

afterAll(() => dropAndClose());

test('mail kept before the upgrade gets its header addresses, and is found by whole address only', async () => {
  const down = await migrator.migrateTo('061-newsletter-issues');
  expect(down.error).toBeUndefined();
  const db = connection.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const at = '2026-01-10T10:00:00.000Z';
  const kept = async (to: string, subject: string, headers: string) => {
    const row = await sql<{ id: number }>`insert into outbox
      (to_address, subject, text_body, html_body, headers, reason, created_at)
      values (${to}, ${subject}, 'body', null, ${headers}, 'no-smtp', ${at}) returning id`.execute(
      db,
    );
    return Number(row.rows[0]?.id);
  };
  const annNotice = await kept(
    'owner@agentworks.example',
    'New enquiry from Ann',
    JSON.stringify({ 'Reply-To': 'Ann@X.example' }),
  );
  const joannNotice = await kept(
    'owner@agentworks.example',
    'New enquiry from Joann',
    JSON.stringify({ 'Reply-To': 'joann@x.example' }),
  );
  const orgNotice = await kept(
    'owner@agentworks.example',
    'New enquiry from Ann of x.example.org',
    JSON.stringify({ 'reply-to': '"Ann O." <ann@x.example.org>' }),
  );
  const both = await kept(
    'owner@agentworks.example',
    'Two people',
    JSON.stringify({ Cc: 'joann@x.example, ANN@x.example' }),
  );
  const newsletter = await kept(
    'ann@x.example',
    'Confirm',
    JSON.stringify({ 'List-Unsubscribe': '<http://127.0.0.1/u?token=ann@x.example>' }),
  );
  const broken = await kept('owner@agentworks.example', 'Odd row', 'not json');

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();

  const rows = await sql<{ outbox_id: number; address: string }>`
    select outbox_id, address from outbox_addresses order by outbox_id, address`.execute(db);
  expect(rows.rows.map((r) => [Number(r.outbox_id), r.address])).toEqual([
    [annNotice, 'ann@x.example'],
    [joannNotice, 'joann@x.example'],
    [orgNotice, 'ann@x.example.org'],
    [both, 'ann@x.example'],
    [both, 'joann@x.example'],
  ]);
  expect(newsletter).toBeGreaterThan(0);
  expect(broken).toBeGreaterThan(0);

  const ann = await exportPersonalData(connection.db, 'ann@x.example');
  expect(ann.mail.map((m) => m.id).sort((a, b) => a - b)).toEqual([annNotice, both, newsletter]);

  const erased = await erasePersonalData(connection.db, 'ANN@x.example');
  expect(erased.mail).toBe(3);
  const left = await sql<{ id: number }>`select id from outbox order by id`.execute(db);
  expect(left.rows.map((r) => Number(r.id))).toEqual([joannNotice, orgNotice, broken]);
  // The erased mail's address rows went with it; the others' stayed.
  const addresses = await sql<{ outbox_id: number }>`
    select outbox_id from outbox_addresses order by outbox_id`.execute(db);
  expect(addresses.rows.map((r) => Number(r.outbox_id))).toEqual([joannNotice, orgNotice]);
});
