import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('giveaways')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('prize', 'text', (c) => c.notNull())
    .addColumn('prize_image', 'text')
    // Calendar dates (YYYY-MM-DD) in the site's time zone; compared as text.
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('max_participants', 'integer')
    .addColumn('is_accepting', 'integer', (c) => c.notNull().defaultTo(1))
    // Kept in step with the participants table inside the entry transaction; the conditional
    // increment on this column is what enforces the cap under concurrency.
    .addColumn('participant_count', 'integer', (c) => c.notNull().defaultTo(0))
    // No foreign key: participants reference giveaways, and giveaway_draws holds the checked link.
    .addColumn('winner_id', 'integer')
    .addColumn('winner_selected_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('giveaways_is_accepting_bool', sql`is_accepting in (0, 1)`)
    .addCheckConstraint(
      'giveaways_max_positive',
      sql`max_participants is null or max_participants >= 1`,
    )
    .addCheckConstraint('giveaways_dates_ordered', sql`end_date is null or end_date >= start_date`)
    // The last line of defence for the cap: even a faulty query cannot store more entrants.
    .addCheckConstraint(
      'giveaways_count_within_cap',
      sql`participant_count >= 0 and (max_participants is null or participant_count <= max_participants)`,
    )
    .execute();
  await db.schema
    .createIndex('giveaways_created_at')
    .on('giveaways')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('participants')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('giveaway_id', 'integer', (c) =>
      c.notNull().references('giveaways.id').onDelete('cascade'),
    )
    // Trimmed and lower-cased before storing.
    .addColumn('email', 'text', (c) => c.notNull())
    // Without the leading @, as typed otherwise; uniqueness ignores case (Instagram does too).
    .addColumn('instagram_handle', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('participants_giveaway_email_key')
    .on('participants')
    .columns(['giveaway_id', 'email'])
    .unique()
    .execute();
  await sql`create unique index participants_giveaway_handle_key on participants (giveaway_id, lower(instagram_handle))`.execute(
    db,
  );

  await db.schema
    .createTable('giveaway_draws')
    // One draw per giveaway, enforced by the key itself.
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
    // The username at the time, so the record survives the account.
    .addColumn('drawn_by', 'text', (c) => c.notNull())
    .addColumn('drawn_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'giveaway_draws_index_in_range',
      sql`drawn_index >= 0 and drawn_index < entrant_count`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('giveaway_draws').execute();
  await db.schema.dropTable('participants').execute();
  await db.schema.dropTable('giveaways').execute();
}
