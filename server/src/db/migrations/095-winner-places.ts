import type { Kysely } from 'kysely';

/*
 * Several winners: each draw round names the place (1 = first winner, 2 = second, …) it filled.
 * The first draw of a giveaway with N winners records rounds 1 … N for places 1 … N; a re-draw
 * after one winner is disqualified or lets the claim period pass fills that winner's place only,
 * as the next round.
 *
 * Existing data: every round drawn so far filled the one place there was.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('giveaway_draw_rounds')
    .addColumn('place', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('giveaway_draw_rounds').dropColumn('place').execute();
}
