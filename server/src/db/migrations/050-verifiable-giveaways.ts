import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

/*
 * Giveaways anyone can check: official rules with versions, entry receipts, a seed committed at
 * creation and revealed by the draw, the entry list frozen when entries close, draw rounds with
 * claims and re-draws, archiving, and the admins' change log.
 *
 * Existing data: giveaways not yet drawn get a seed and its commitment now (the verification
 * page says when the commitment came after entries); existing entries get a receipt hash of a
 * code nobody was given, so they keep their place in the frozen list. Giveaways drawn before
 * this migration keep their record as a "legacy" round (its fingerprint of sorted ids still
 * checks the entrant set; there is no seed to recompute).
 */

interface OldDraw {
  giveaway_id: number;
  participant_id: number;
  entrant_count: number;
  fingerprint: string;
  drawn_index: number;
  drawn_by_user_id: number | null;
  drawn_by: string;
  drawn_at: string;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const addColumns: [string, string][] = [
    ['min_age', 'integer not null default 18'],
    ['region', "text not null default ''"],
    ['claim_days', 'integer not null default 7'],
    ['external_randomness', 'text'],
    ['extra_terms', "text not null default ''"],
    ['rules_version', 'integer not null default 1'],
    ['commitment', 'text'],
    ['committed_at', 'text'],
    ['frozen_at', 'text'],
    ['frozen_reason', 'text'],
    ['frozen_count', 'integer'],
    ['frozen_fingerprint', 'text'],
    ['draw_round', 'integer'],
    ['archived', 'integer not null default 0'],
    ['algorithm', "text not null default 'aw-draw-v1'"],
  ];
  for (const [name, type] of addColumns) {
    await sql`alter table giveaways add column ${sql.raw(name)} ${sql.raw(type)}`.execute(db);
  }

  // The seed stays out of the giveaways row, so no query of giveaways can ever return it.
  await db.schema
    .createTable('giveaway_seeds')
    .addColumn('giveaway_id', 'integer', (c) =>
      c.primaryKey().references('giveaways.id').onDelete('cascade'),
    )
    .addColumn('seed', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('giveaway_rules')
    .addColumn('giveaway_id', 'integer', (c) =>
      c.notNull().references('giveaways.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    // JSON array of {heading, text}: the rules exactly as they were shown.
    .addColumn('sections', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_rules_pkey', ['giveaway_id', 'version'])
    .execute();

  await sql`alter table participants add column receipt_hash text`.execute(db);
  await sql`alter table participants add column rules_version integer`.execute(db);

  await db.schema
    .createTable('giveaway_frozen_entries')
    .addColumn('giveaway_id', 'integer', (c) =>
      c.notNull().references('giveaways.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('receipt_hash', 'text', (c) => c.notNull())
    // Erasing an entrant's data keeps their line in the published list.
    .addColumn('participant_id', 'integer', (c) =>
      c.references('participants.id').onDelete('set null'),
    )
    .addPrimaryKeyConstraint('giveaway_frozen_entries_pkey', ['giveaway_id', 'position'])
    .execute();

  await db.schema
    .createTable('giveaway_draw_rounds')
    .addColumn('giveaway_id', 'integer', (c) =>
      c.notNull().references('giveaways.id').onDelete('cascade'),
    )
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('participant_id', 'integer', (c) =>
      c.references('participants.id').onDelete('set null'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('eligible_count', 'integer', (c) => c.notNull())
    .addColumn('counter', 'integer')
    .addColumn('external_value', 'text')
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('receipt_hash', 'text')
    .addColumn('reason', 'text')
    // SHA-256 of the winner's claim token; the token itself exists only in the e-mail.
    .addColumn('claim_token_hash', 'text')
    .addColumn('claim_deadline', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('drawn_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('drawn_by', 'text', (c) => c.notNull())
    .addColumn('drawn_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_draw_rounds_pkey', ['giveaway_id', 'round'])
    .addCheckConstraint(
      'giveaway_draw_rounds_position_ok',
      sql`position >= 0 and eligible_count >= 1 and round >= 1`,
    )
    .execute();
  await db.schema
    .createIndex('giveaway_draw_rounds_claim_token')
    .on('giveaway_draw_rounds')
    .column('claim_token_hash')
    .unique()
    .execute();

  await db.schema
    .createTable('giveaway_changes')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    // No foreign key: the log outlives a deleted giveaway (its last line says so).
    .addColumn('giveaway_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // JSON array of {field, before, after}.
    .addColumn('fields', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('giveaway_changes_giveaway')
    .on('giveaway_changes')
    .columns(['giveaway_id', 'id'])
    .execute();

  // Existing entries: a receipt hash of a code nobody holds, so every entry has a line in the list.
  const entries = await sql<{ id: number }>`select id from participants`.execute(db);
  for (const { id } of entries.rows) {
    const hash = sha256(crypto.randomBytes(10).toString('hex'));
    await sql`update participants set receipt_hash = ${hash} where id = ${id}`.execute(db);
  }
  await sql`create unique index participants_giveaway_receipt_key on participants (giveaway_id, receipt_hash)`.execute(
    db,
  );

  // Drawn giveaways keep their record as a legacy round; the rest get a seed now.
  const oldDraws = await sql<OldDraw>`select * from giveaway_draws`.execute(db);
  for (const d of oldDraws.rows) {
    await sql`insert into giveaway_draw_rounds
      (giveaway_id, round, algorithm, participant_id, position, eligible_count, counter,
       external_value, fingerprint, receipt_hash, reason, claim_token_hash, claim_deadline,
       claimed_at, drawn_by_user_id, drawn_by, drawn_at)
      values (${d.giveaway_id}, 1, 'legacy', ${d.participant_id}, ${d.drawn_index},
       ${d.entrant_count}, null, null, ${d.fingerprint}, null, null, null, null, null,
       ${d.drawn_by_user_id}, ${d.drawn_by}, ${d.drawn_at})`.execute(db);
    await sql`update giveaways set algorithm = 'legacy', draw_round = 1, frozen_at = ${d.drawn_at},
      frozen_reason = 'drawn', frozen_count = ${d.entrant_count},
      frozen_fingerprint = ${d.fingerprint} where id = ${d.giveaway_id}`.execute(db);
  }
  const undrawn = await sql<{
    id: number;
  }>`select id from giveaways where algorithm = 'aw-draw-v1'`.execute(db);
  const now = new Date().toISOString();
  for (const { id } of undrawn.rows) {
    const seed = crypto.randomBytes(32).toString('hex');
    await sql`insert into giveaway_seeds (giveaway_id, seed) values (${id}, ${seed})`.execute(db);
    await sql`update giveaways set commitment = ${sha256(seed)}, committed_at = ${now} where id = ${id}`.execute(
      db,
    );
  }

  await db.schema.dropTable('giveaway_draws').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('giveaway_draws')
    .addColumn('giveaway_id', 'integer', (c) =>
      c.primaryKey().references('giveaways.id').onDelete('cascade'),
    )
    .addColumn('participant_id', 'integer', (c) =>
      c.notNull().references('participants.id').onDelete('cascade'),
    )
    .addColumn('entrant_count', 'integer', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('drawn_index', 'integer', (c) => c.notNull())
    .addColumn('drawn_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('drawn_by', 'text', (c) => c.notNull())
    .addColumn('drawn_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'giveaway_draws_index_in_range',
      sql`drawn_index >= 0 and drawn_index < entrant_count`,
    )
    .execute();
  // The current round of each drawn giveaway becomes its one draw record again.
  await sql`insert into giveaway_draws
    (giveaway_id, participant_id, entrant_count, fingerprint, drawn_index, drawn_by_user_id, drawn_by, drawn_at)
    select r.giveaway_id, r.participant_id, r.eligible_count, r.fingerprint, r.position,
      r.drawn_by_user_id, r.drawn_by, r.drawn_at
    from giveaway_draw_rounds r join giveaways g on g.id = r.giveaway_id and g.draw_round = r.round
    where r.participant_id is not null and r.position < r.eligible_count`.execute(db);

  await db.schema.dropTable('giveaway_changes').execute();
  await db.schema.dropTable('giveaway_draw_rounds').execute();
  await db.schema.dropTable('giveaway_frozen_entries').execute();
  await sql`drop index participants_giveaway_receipt_key`.execute(db);
  await sql`alter table participants drop column rules_version`.execute(db);
  await sql`alter table participants drop column receipt_hash`.execute(db);
  await db.schema.dropTable('giveaway_rules').execute();
  await db.schema.dropTable('giveaway_seeds').execute();
  for (const name of [
    'algorithm',
    'archived',
    'draw_round',
    'frozen_fingerprint',
    'frozen_count',
    'frozen_reason',
    'frozen_at',
    'committed_at',
    'commitment',
    'rules_version',
    'extra_terms',
    'external_randomness',
    'claim_days',
    'region',
    'min_age',
  ]) {
    await sql`alter table giveaways drop column ${sql.raw(name)}`.execute(db);
  }
}
