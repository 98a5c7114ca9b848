import type { Kysely } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

/**
 * The record of deleted drafts: which draft (its id, title and slug at the time), whose it was,
 * who deleted it and when. Written in the same transaction as the deletion; nothing else deletes
 * these rows. Drafts deleted before this record existed left no trace and are not in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('draft_deletions')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('draft_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('deleted_by', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('draft_deletions_deleted_at')
    .on('draft_deletions')
    .column('deleted_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('draft_deletions').execute();
}
