import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Giveaway, GiveawayRules, GiveawayVerification } from '@site/contracts';
import { type Migrator, sql, type Kysely } from 'kysely';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/connect';
import { openMigrationTestDb } from '../helpers/migration-db';

/*
 * Upgrading a database that already holds giveaways: a drawn one keeps its record as a legacy
 * round, an undrawn one gets a seed and commitment, every entry a receipt hash, and the down
 * migration brings the old draw table back.
 */

jest.setTimeout(60_000);

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

let connection: Db;
let schema: string | undefined;
let migrator: Migrator;
/** The app closes the connection it was given; until one exists, the test closes it. */
let owned = true;

let dropAndClose: () => Promise<void>;

beforeAll(async () => {
  ({ connection, migrator, schema, dropAndClose } = await openMigrationTestDb());
});

afterAll(async () => {
  if (owned) await dropAndClose();
});

test('the migration goes down to the old schema, and giveaways stored there survive the way up', async () => {
  const down = await migrator.migrateTo('020-drafts');
  expect(down.error).toBeUndefined();
  const db = connection.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const at = '2026-01-10T10:00:00.000Z';
  await sql`insert into users (username, password_hash, role, token_version, created_at, updated_at)
    values ('owner', 'x', 'admin', 0, ${at}, ${at})`.execute(db);
  const giveaway = async (title: string) => {
    const row = await sql<{ id: number }>`insert into giveaways
      (title, description, prize, prize_image, start_date, end_date, max_participants, is_accepting,
       participant_count, winner_id, winner_selected_at, created_at, updated_at)
      values (${title}, 'D', 'P', null, '2026-01-01', null, null, 1, 2, null, null, ${at}, ${at})
      returning id`.execute(db);
    return row.rows[0]?.id as number;
  };
  const entrant = async (giveawayId: number, name: string) => {
    const row = await sql<{ id: number }>`insert into participants
      (giveaway_id, email, instagram_handle, created_at)
      values (${giveawayId}, ${`${name}@example.com`}, ${name}, ${at}) returning id`.execute(db);
    return row.rows[0]?.id as number;
  };
  const drawnId = await giveaway('Drawn long ago');
  const a = await entrant(drawnId, 'ann');
  const b = await entrant(drawnId, 'bob');
  const legacyFingerprint = sha(`${a},${b}`);
  await sql`update giveaways set winner_id = ${b}, winner_selected_at = ${at}, is_accepting = 0
    where id = ${drawnId}`.execute(db);
  await sql`insert into giveaway_draws
    (giveaway_id, participant_id, entrant_count, fingerprint, drawn_index, drawn_by_user_id, drawn_by, drawn_at)
    values (${drawnId}, ${b}, 2, ${legacyFingerprint}, 1, null, 'owner', ${at})`.execute(db);
  const openId = await giveaway('Still open');
  await entrant(openId, 'cat');
  await entrant(openId, 'dan');

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();

  const hashes = await sql<{
    receipt_hash: string;
  }>`select receipt_hash from participants`.execute(db);
  expect(hashes.rows).toHaveLength(4);
  for (const { receipt_hash } of hashes.rows) expect(receipt_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(new Set(hashes.rows.map((r) => r.receipt_hash)).size).toBe(4);
  const seed = await sql<{
    seed: string;
  }>`select seed from giveaway_seeds where giveaway_id = ${openId}`.execute(db);
  const noSeed = await sql`select seed from giveaway_seeds where giveaway_id = ${drawnId}`.execute(
    db,
  );
  expect(noSeed.rows).toEqual([]);

  // The app on the upgraded database: rules are written for both, the records read back.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-mig-'));
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'public'),
    }),
    connection,
  });
  owned = false;
  await app.ready();
  try {
    const drawn = (await app.inject({ url: `/api/v1/giveaway/${drawnId}` })).json<Giveaway>();
    expect(drawn).toMatchObject({
      status: 'winner_selected',
      winner_id: b,
      commitment: null,
      draw: { entrant_count: 2, fingerprint: legacyFingerprint, drawn_index: 1 },
      draws: [
        {
          round: 1,
          algorithm: 'legacy',
          position: 1,
          counter: null,
          receipt_hash: null,
          winner_handle: 'bob',
          claim_status: 'not_applicable',
        },
      ],
    });
    // Who drew is for admins only; the public view of the old draw leaves it out.
    expect(drawn.draw).not.toHaveProperty('drawn_by');
    const v = (
      await app.inject({ url: `/api/v1/giveaway/${drawnId}/verification` })
    ).json<GiveawayVerification>();
    expect(v).toMatchObject({ algorithm: 'legacy', seed: null, frozen_list_path: null });
    expect(
      (await app.inject({ url: `/api/v1/giveaway/${drawnId}/frozen-entries.txt` })).statusCode,
    ).toBe(409);

    const open = (await app.inject({ url: `/api/v1/giveaway/${openId}` })).json<Giveaway>();
    expect(open.commitment).toBe(sha(seed.rows[0]?.seed ?? ''));
    const openV = (
      await app.inject({ url: `/api/v1/giveaway/${openId}/verification` })
    ).json<GiveawayVerification>();
    // Still taking entries, so it moved on to the weighted method (its list is not published yet).
    expect(openV).toMatchObject({ algorithm: 'aw-draw-v2', committed_before_entries: false });
    for (const id of [drawnId, openId]) {
      const rules = (
        await app.inject({ url: `/api/v1/giveaway/${id}/rules` })
      ).json<GiveawayRules>();
      expect(rules.version).toBe(1);
    }
  } finally {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(app.db);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
