import type { Kysely } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

/**
 * Reports of a taken Instagram handle: someone says an entry of a giveaway was made with their
 * handle, gives an address to be answered at and, if they like, a note. The giveaway's desk lists
 * them with the entries holding that handle; the owner marks each handled. They go with the
 * giveaway (deleted with it, and with its entrants by the retention schedule) and with the
 * reporter's address (export and erasure).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('giveaway_handle_reports')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('giveaway_id', 'integer', (c) =>
      c.notNull().references('giveaways.id').onDelete('cascade'),
    )
    /** Without the leading @, as typed (matched to entries without regard to case). */
    .addColumn('instagram_handle', 'text', (c) => c.notNull())
    /** The reporter's address, trimmed and lower-cased. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    /** ISO-8601 UTC. */
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .addColumn('handled_by', 'text')
    .execute();
  await db.schema
    .createIndex('giveaway_handle_reports_giveaway_idx')
    .on('giveaway_handle_reports')
    .columns(['giveaway_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('giveaway_handle_reports').execute();
}
