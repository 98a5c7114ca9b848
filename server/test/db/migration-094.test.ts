import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Giveaway, GiveawayVerification } from '@site/contracts';
import { type Migrator, sql } from 'kysely';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/connect';
import { userWithToken } from '../helpers/build';
import { openMigrationTestDb } from '../helpers/migration-db';
import { referenceDraw, referenceFingerprint } from '../helpers/reference-draw';

/*
 * Upgrading to the weighted several-winner draw: a giveaway whose list was frozen before keeps
 * "aw-draw-v1" (its published list and fingerprint unchanged, its draw made and recomputed the
 * one-winner way), while one still taking entries moves to "aw-draw-v2". Every frozen line gets
 * weight 1 and every drawn round place 1; the way down puts the algorithm back.
 */

jest.setTimeout(60_000);

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

let connection: Db;
let schema: string | undefined;
let migrator: Migrator;
let owned = true;
let dropAndClose: () => Promise<void>;

beforeAll(async () => {
  ({ connection, migrator, schema, dropAndClose } = await openMigrationTestDb());
});

afterAll(async () => {
  if (owned) await dropAndClose();
});

test('a list frozen before keeps the one-winner method; an open giveaway moves to the weighted one', async () => {
  expect((await migrator.migrateTo('093-growing-giveaways')).error).toBeUndefined();
  const db = connection.db;
  const at = '2026-01-10T10:00:00.000Z';
  const seed = sha('a seed of before');
  const receipts = Array.from({ length: 7 }, (_, i) => sha(`receipt ${i}`));
  const fingerprint = referenceFingerprint(receipts);
  const base = {
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
    commitment: sha(seed),
    committed_at: at,
  };
  const frozen = await db
    .insertInto('giveaways')
    .values({
      ...base,
      title: 'Frozen before',
      is_accepting: 0,
      participant_count: 7,
      frozen_at: at,
      frozen_reason: 'stopped',
      frozen_count: 7,
      frozen_fingerprint: fingerprint,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const open = await db
    .insertInto('giveaways')
    .values({ ...base, title: 'Still open', is_accepting: 1, participant_count: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const g of [frozen, open])
    await db.insertInto('giveaway_seeds').values({ giveaway_id: g.id, seed }).execute();
  for (const [i, hash] of receipts.entries()) {
    const p = await db
      .insertInto('participants')
      .values({
        giveaway_id: frozen.id,
        email: `e${i}@example.com`,
        instagram_handle: `e_${i}`,
        created_at: at,
        receipt_hash: hash,
        rules_version: 1,
        confirmed_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('giveaway_frozen_entries')
      .values({ giveaway_id: frozen.id, position: i, receipt_hash: hash, participant_id: p.id })
      .execute();
  }

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const algorithms = async () =>
    (await db.selectFrom('giveaways').select(['id', 'algorithm']).orderBy('id').execute()).map(
      (r) => r.algorithm,
    );
  expect(await algorithms()).toEqual(['aw-draw-v1', 'aw-draw-v2']);
  expect((await migrator.migrateTo('093-growing-giveaways')).error).toBeUndefined();
  expect(await algorithms()).toEqual(['aw-draw-v1', 'aw-draw-v1']);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const weights = await db
    .selectFrom('giveaway_frozen_entries')
    .select('weight')
    .where('giveaway_id', '=', frozen.id)
    .execute();
  expect(weights.map((w) => w.weight)).toEqual(receipts.map(() => 1));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-mig-'));
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'public'),
      RATE_LIMITS: 'off',
    }),
    connection,
  });
  owned = false;
  await app.ready();
  try {
    const admin = (await userWithToken(app, 'admin')).authorization;
    // The list published before is the same file, with the same fingerprint.
    const file = await app.inject({ url: `/api/v1/giveaway/${frozen.id}/frozen-entries.txt` });
    expect(file.body).toBe(receipts.map((h) => `${h}\n`).join(''));

    const drawn = await app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${frozen.id}/select-winner`,
      headers: { authorization: admin },
      payload: { close_now: true },
    });
    expect(drawn.statusCode).toBe(200);
    const v = (
      await app.inject({ url: `/api/v1/giveaway/${frozen.id}/verification` })
    ).json<GiveawayVerification>();
    expect(v.algorithm).toBe('aw-draw-v1');
    expect(v.winner_count).toBe(1);
    expect(v.draws).toHaveLength(1);
    expect({ position: v.draws[0]?.position, counter: v.draws[0]?.counter }).toEqual(
      referenceDraw({ seed, external: '', fingerprint, round: 1, listLength: 7, excluded: [] }),
    );
    expect(v.draws[0]).toMatchObject({ place: 1, algorithm: 'aw-draw-v1' });

    // The open giveaway takes a number of winners and is drawn by the weighted method.
    const g = (await app.inject({ url: `/api/v1/giveaway/${open.id}` })).json<Giveaway>();
    expect(g).toMatchObject({ winner_count: 1, winners: [] });
  } finally {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(app.db);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
