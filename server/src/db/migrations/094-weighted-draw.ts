import { type Kysely, sql } from 'kysely';

/*
 * The weighted draw ("aw-draw-v2"): the frozen list carries each entry's weight (1 + its bonus
 * entries when the list was frozen), and one draw picks as many winners as the giveaway names.
 *
 * Existing data: every line of a list frozen so far has weight 1 (nobody could earn bonus entries
 * before). Giveaways whose list is already frozen keep "aw-draw-v1", the one-winner method their
 * published list and rules were made for, so their draws (past and future) are recomputed exactly
 * as before. Giveaways still taking entries switch to "aw-draw-v2": their list is not published
 * yet, and the seed committed at creation stays the same.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('giveaway_frozen_entries')
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update giveaways set algorithm = 'aw-draw-v2'
    where algorithm = 'aw-draw-v1' and frozen_at is null and draw_round is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update giveaways set algorithm = 'aw-draw-v1' where algorithm = 'aw-draw-v2'`.execute(
    db,
  );
  await db.schema.alterTable('giveaway_frozen_entries').dropColumn('weight').execute();
}
