import type { Kysely } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('drafts')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('title', 'text', (c) => c.notNull())
    // Null while the title is empty; unique otherwise (two drafts never share a slug).
    .addColumn('slug', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    /** JSON array of strings. */
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('series_order', 'integer')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drafts_slug').on('drafts').column('slug').unique().execute();
  await db.schema.createIndex('drafts_updated_at').on('drafts').column('updated_at').execute();

  await db.schema
    .createTable('publish_jobs')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('log_tail', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('publish_jobs').execute();
  await db.schema.dropTable('drafts').execute();
}
