import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/*
 * A fresh secret seed for every re-draw. When a round is drawn, the server makes the seed of the
 * next round and publishes only its SHA-256; the seed itself is revealed when that next round is
 * drawn. So nobody, knowing a round's result, can compute the next winner in advance.
 *
 * Existing data: rounds already drawn stay exactly as they are (their re-draws used the
 * giveaway's first seed, and the verification page still recomputes them that way). Every
 * drawn, verifiable giveaway gets the seed of its next round now, committed at upgrade time.
 */

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

export async function up(db: Kysely<unknown>): Promise<void> {
  // Like giveaway_seeds, the seed stays out of every row a public query reads.
  await db.schema
    .createTable('giveaway_round_seeds')
    .addColumn('giveaway_id', 'integer', (c) =>
      c.notNull().references('giveaways.id').onDelete('cascade'),
    )
    // The round that will use this seed: 2 for the first re-draw, and so on.
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    // SHA-256 of the seed's text: public from committed_at on.
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('committed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_round_seeds_pkey', ['giveaway_id', 'round'])
    .addCheckConstraint('giveaway_round_seeds_round_ok', sql`round >= 2`)
    .execute();

  const drawn = await sql<{ id: number; draw_round: number }>`
    select id, draw_round from giveaways
    where algorithm = 'aw-draw-v1' and draw_round is not null`.execute(db);
  const now = new Date().toISOString();
  for (const { id, draw_round } of drawn.rows) {
    const seed = crypto.randomBytes(32).toString('hex');
    await sql`insert into giveaway_round_seeds (giveaway_id, round, seed, commitment, committed_at)
      values (${id}, ${Number(draw_round) + 1}, ${seed}, ${sha256(seed)}, ${now})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('giveaway_round_seeds').execute();
}
