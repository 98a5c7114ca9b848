import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GiveawayVerification, OutboxListResponse } from '@site/contracts';
import { type Migrator, sql } from 'kysely';
import { buildApp } from '../../src/app';
import { outboxCommand } from '../../src/cli/outbox';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/connect';
import { userWithToken } from '../helpers/build';
import { openMigrationTestDb } from '../helpers/migration-db';
import { referenceDraw, referenceFingerprint, referenceRoundSeed } from '../helpers/reference-draw';

/*
 * Upgrading a database that holds a giveaway already re-drawn with the first seed, and mail with
 * the recipients' links in the outbox: the drawn rounds stay as they were and still recompute,
 * the next re-draw gets a seed committed at upgrade time and uses it, and the kept mail is split
 * into the admins' copy without the links and the delivered copy that only the command line
 * reads. The down migrations put the mail back as it was.
 */

jest.setTimeout(60_000);

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const token = (name: string) => crypto.createHash('sha256').update(name).digest('base64url');

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

test('old re-draws stay checkable, the next one gets a committed seed, and kept links leave the admin view', async () => {
  const down = await migrator.migrateTo('061-newsletter-issues');
  expect(down.error).toBeUndefined();
  const db = connection.db;
  const at = '2026-01-10T10:00:00.000Z';
  const past = '2026-01-20T10:00:00.000Z';

  // A giveaway drawn twice the old way: both rounds from the first seed.
  const seed = sha('the first seed');
  const receipts = Array.from({ length: 6 }, (_, i) => sha(`receipt ${i}`));
  const fingerprint = referenceFingerprint(receipts);
  const g = await db
    .insertInto('giveaways')
    .values({
      title: 'Drawn twice',
      description: 'D',
      prize: 'P',
      prize_image: null,
      start_date: '2026-01-01',
      end_date: null,
      max_participants: null,
      is_accepting: 0,
      participant_count: 6,
      created_at: at,
      updated_at: at,
      min_age: 18,
      region: '',
      claim_days: 7,
      external_randomness: null,
      extra_terms: '',
      commitment: sha(seed),
      committed_at: at,
      frozen_at: at,
      frozen_reason: 'stopped',
      frozen_count: 6,
      frozen_fingerprint: fingerprint,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('giveaway_seeds').values({ giveaway_id: g.id, seed }).execute();
  const ids: number[] = [];
  for (const [i, hash] of receipts.entries()) {
    const p = await db
      .insertInto('participants')
      .values({
        giveaway_id: g.id,
        email: `e${i}@example.com`,
        instagram_handle: `e_${i}`,
        created_at: at,
        receipt_hash: hash,
        rules_version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(p.id);
    await db
      .insertInto('giveaway_frozen_entries')
      .values({ giveaway_id: g.id, position: i, receipt_hash: hash, participant_id: p.id })
      .execute();
  }
  const excluded: number[] = [];
  for (const round of [1, 2]) {
    const { position, counter } = referenceDraw({
      seed,
      external: '',
      fingerprint,
      round,
      listLength: 6,
      excluded,
    });
    await db
      .insertInto('giveaway_draw_rounds')
      .values({
        giveaway_id: g.id,
        round,
        algorithm: 'aw-draw-v1',
        participant_id: ids[position] ?? null,
        position,
        eligible_count: 6 - excluded.length,
        counter,
        external_value: null,
        fingerprint,
        receipt_hash: receipts[position] ?? null,
        reason: round === 1 ? null : 'Not claimed',
        claim_token_hash: sha(`claim ${round}`),
        claim_deadline: past,
        claimed_at: null,
        drawn_by_user_id: null,
        drawn_by: 'owner',
        drawn_at: `2026-01-1${round}T10:00:00.000Z`,
      })
      .execute();
    excluded.push(position);
  }
  await db
    .updateTable('giveaways')
    .set({ draw_round: 2, winner_id: ids[excluded[1] ?? 0], winner_selected_at: at })
    .where('id', '=', g.id)
    .execute();
  const roundsBefore = await db
    .selectFrom('giveaway_draw_rounds')
    .selectAll()
    .where('giveaway_id', '=', g.id)
    .orderBy('round')
    .execute();

  // Mail kept by the old server, links in full.
  const invitation = token('invitation');
  const unsubscribe = token('unsubscribe');
  const invitationText = `Hello,\n\nTo accept, open this link:\n\nhttps://site.example/accept-invite?token=${invitation}\n\nThe link works once.`;
  const issueText = `News.\n\nUnsubscribe with one click: https://site.example/newsletter/unsubscribe?token=${unsubscribe}\n`;
  const issueHtml = `<p>News. <a href="https://site.example/blog/x">Read</a> <a href="https://site.example/newsletter/unsubscribe?token=${unsubscribe}">Unsubscribe</a></p>`;
  const issueHeaders = JSON.stringify({
    'List-Unsubscribe': `<https://site.example/api/v1/newsletter/unsubscribe/one-click?token=${unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  const kept = [
    { to: 'new.editor@example.com', text: invitationText, html: null, headers: '{}' },
    { to: 'reader@example.com', text: issueText, html: issueHtml, headers: issueHeaders },
    {
      to: '',
      text: 'New enquiry from Ada: https://site.example/admin/inbox',
      html: null,
      headers: '{}',
    },
  ];
  for (const [i, m] of kept.entries()) {
    await db
      .insertInto('outbox')
      .values({
        to_address: m.to,
        subject: `Mail ${i}`,
        text_body: m.text,
        html_body: m.html,
        headers: m.headers,
        reason: 'no-smtp',
        created_at: `2026-01-1${i}T09:00:00.000Z`,
      })
      .execute();
  }

  // Up, down (the mail comes back whole) and up again.
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect((await migrator.migrateTo('061-newsletter-issues')).error).toBeUndefined();
  const restored = await db
    .selectFrom('outbox')
    .select(['text_body', 'html_body', 'headers'])
    .orderBy('id')
    .execute();
  expect(restored).toEqual(
    kept.map((m) => ({ text_body: m.text, html_body: m.html, headers: m.headers })),
  );
  expect((await migrator.migrateToLatest()).error).toBeUndefined();

  // The drawn rounds are untouched; round 3's seed is committed, not revealed.
  expect(
    await db
      .selectFrom('giveaway_draw_rounds')
      .selectAll()
      .where('giveaway_id', '=', g.id)
      .orderBy('round')
      .execute(),
  ).toEqual(roundsBefore.map((r) => ({ ...r, place: 1 })));
  const next = await db
    .selectFrom('giveaway_round_seeds')
    .selectAll()
    .where('giveaway_id', '=', g.id)
    .execute();
  expect(next.map((r) => [r.round, r.commitment === sha(r.seed)])).toEqual([[3, true]]);
  const seed3 = next[0]?.seed ?? '';

  // The admins' copy holds no token; the delivered copy is beside it.
  const rows = await db.selectFrom('outbox').selectAll().orderBy('id').execute();
  expect(rows.map((r) => r.text_body)).toEqual([
    invitationText.replace(/https:\/\/\S+/, '[link sent to the recipient]'),
    'News.\n\nUnsubscribe with one click: [link sent to the recipient]\n',
    kept[2]?.text,
  ]);
  expect(rows[1]?.html_body).toBe(
    '<p>News. <a href="https://site.example/blog/x">Read</a> <a href="[link sent to the recipient]">Unsubscribe</a></p>',
  );
  expect(JSON.parse(rows[1]?.headers ?? '{}')).toEqual({
    'List-Unsubscribe': '<[link sent to the recipient]>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  const sealed = await db.selectFrom('outbox_sealed').selectAll().orderBy('outbox_id').execute();
  expect(sealed).toEqual([
    { outbox_id: rows[0]?.id, text_body: invitationText, html_body: null, headers: '{}' },
    { outbox_id: rows[1]?.id, text_body: issueText, html_body: issueHtml, headers: issueHeaders },
  ]);

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
    const outbox = await app.inject({
      url: '/api/v1/outbox/?per_page=100',
      headers: { authorization: admin },
    });
    expect(outbox.json<OutboxListResponse>().total).toBe(3);
    for (const secret of [invitation, unsubscribe]) expect(outbox.body).not.toContain(secret);
    let printed = '';
    await outboxCommand([], app, {
      stdin: process.stdin,
      stdout: { write: (text: string) => (printed += text) },
      stderr: { write: () => true },
    });
    expect(printed).toContain(`https://site.example/accept-invite?token=${invitation}`);
    expect(printed).toContain(
      `List-Unsubscribe: <https://site.example/api/v1/newsletter/unsubscribe/one-click?token=${unsubscribe}>`,
    );

    const verification = async () =>
      (
        await app.inject({ url: `/api/v1/giveaway/${g.id}/verification` })
      ).json<GiveawayVerification>();
    const before = await verification();
    expect(before.seed).toBe(seed);
    expect(before.redraw_seeds).toEqual([
      { round: 3, commitment: sha(seed3), committed_at: next[0]?.committed_at, seed: null },
    ]);
    expect(JSON.stringify(before)).not.toContain(seed3);

    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/redraw`,
      headers: { authorization: admin },
      payload: { reason: 'Not claimed either' },
    });
    expect(again.statusCode).toBe(200);
    const after = await verification();
    expect(after.redraw_seeds.map((r) => [r.round, r.seed])).toEqual([
      [3, seed3],
      [4, null],
    ]);

    // Rounds 1 and 2 recompute with the first seed, round 3 with its own.
    const done: number[] = [];
    for (const round of after.draws) {
      const roundSeed = referenceRoundSeed(round.round, after.seed ?? '', after.redraw_seeds, {
        legacy: round.round < 3,
      });
      expect(roundSeed).toBe(round.round < 3 ? seed : seed3);
      expect({ position: round.position, counter: round.counter }).toEqual(
        referenceDraw({
          seed: roundSeed,
          external: '',
          fingerprint,
          round: round.round,
          listLength: 6,
          excluded: done,
        }),
      );
      done.push(round.position);
    }
    expect(after.draws).toHaveLength(3);
  } finally {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(app.db);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
