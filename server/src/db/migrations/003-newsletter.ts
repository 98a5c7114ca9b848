import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    // Stored lower-cased so one address is one row whatever the visitor typed.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    .addColumn('consent_at', 'text', (c) => c.notNull())
    .addColumn('consent_source', 'text', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('newsletter_tokens')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('subscriber_id', 'integer', (c) =>
      c.notNull().references('newsletter_subscribers.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('confirm', 'unsubscribe')`),
    )
    // SHA-256 of the token: a leaked database does not let anyone confirm or unsubscribe.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_tokens_subscriber')
    .on('newsletter_tokens')
    .column('subscriber_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_tokens').execute();
  await db.schema.dropTable('newsletter_subscribers').execute();
}
