import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('outbox')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    // JSON object of extra headers (e.g. List-Unsubscribe), as text in both dialects.
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('no-smtp', 'no-recipient', 'smtp-failed')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
