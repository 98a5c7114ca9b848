import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

/*
 * The results mail after a draw, to the entrants who asked for it.
 *
 * - `participants.results_consent`: 1 when the entrant ticked "Tell me the results" (optional);
 *   withdrawn (0) by the unsubscribe link in a results mail, for every entry of that mailbox.
 * - `giveaway_results_mails`: one row per giveaway whose results mail was sent; its primary key
 *   makes "sent once" hold across processes.
 * - `giveaway_results_recipients`: the queue the newsletter's sender works through at its rate,
 *   with the hash of each recipient's unsubscribe token.
 *
 * Existing data: no entry asked for the results mail (0), and no giveaway has sent one.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .alterTable('participants')
    .addColumn('results_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('giveaway_results_mails')
    .addColumn('giveaway_id', 'integer', (c) =>
      c.primaryKey().references('giveaways.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('giveaway_results_recipients')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('giveaway_id', 'integer', (c) =>
      c.notNull().references('giveaway_results_mails.giveaway_id').onDelete('cascade'),
    )
    .addColumn('participant_id', 'integer', (c) =>
      c.references('participants.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('queued', 'sending', 'sent', 'failed', 'skipped')`),
    )
    .addColumn('claim', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('unsubscribe_hash', 'text')
    .addColumn('reason', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('giveaway_results_recipients_once', ['giveaway_id', 'email'])
    .execute();
  await db.schema
    .createIndex('giveaway_results_recipients_due')
    .on('giveaway_results_recipients')
    .columns(['state', 'id'])
    .execute();
  await db.schema
    .createIndex('giveaway_results_recipients_unsubscribe')
    .on('giveaway_results_recipients')
    .column('unsubscribe_hash')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('giveaway_results_recipients').execute();
  await db.schema.dropTable('giveaway_results_mails').execute();
  await db.schema.alterTable('participants').dropColumn('results_consent').execute();
}
