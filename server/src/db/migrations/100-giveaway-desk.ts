import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

/*
 * The owner's desk for a giveaway.
 *
 * - An entry can be disqualified before the entry list is frozen: it keeps its row (so the same
 *   address or handle cannot simply enter again) but leaves the count, the frozen list and the
 *   draw. `giveaway_removals` is the public record of each disqualification: when, how many and
 *   why, never who.
 * - The winner's claim records what delivery needs (name and delivery details, with the time
 *   consent was given to use them for delivery) in `giveaway_claims`, which no public query
 *   reads; it is exported and erased with the rest of the entrant's data.
 *
 * Existing data: no entry is disqualified and no claim has delivery details.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('participants').addColumn('disqualified_at', 'text').execute();
  await db.schema.alterTable('participants').addColumn('disqualified_reason', 'text').execute();

  await db.schema
    .createTable('giveaway_removals')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('giveaway_id', 'integer', (c) =>
      c.notNull().references('giveaways.id').onDelete('cascade'),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // The round whose winner was disqualified (and drawn again at once); null before the draw.
    .addColumn('round', 'integer')
    .addCheckConstraint('giveaway_removals_count_ok', sql`count >= 1`)
    .execute();
  await db.schema
    .createIndex('giveaway_removals_giveaway_idx')
    .on('giveaway_removals')
    .column('giveaway_id')
    .execute();

  await db.schema
    .createTable('giveaway_claims')
    .addColumn('giveaway_id', 'integer', (c) =>
      c.notNull().references('giveaways.id').onDelete('cascade'),
    )
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('participant_id', 'integer', (c) =>
      c.references('participants.id').onDelete('set null'),
    )
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('delivery_address', 'text', (c) => c.notNull())
    .addColumn('consent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_claims_pkey', ['giveaway_id', 'round'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('giveaway_claims').execute();
  await db.schema.dropTable('giveaway_removals').execute();
  await db.schema.alterTable('participants').dropColumn('disqualified_reason').execute();
  await db.schema.alterTable('participants').dropColumn('disqualified_at').execute();
}
