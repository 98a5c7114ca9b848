import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

/**
 * Newsletter issues: one post mailed to the confirmed subscribers. Each recipient is a row with
 * its own state, so sending can stop at any moment (crash, restart, cancel) and carry on exactly
 * where it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('newsletter_issues')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('post_url', 'text', (c) => c.notNull())
    // The mail's bodies with the unsubscribe link left as a placeholder, filled per recipient.
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('sending', 'sent', 'cancelled')`),
    )
    .addColumn('recipient_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();

  await db.schema
    .createTable('newsletter_issue_recipients')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('issue_id', 'integer', (c) =>
      c.notNull().references('newsletter_issues.id').onDelete('cascade'),
    )
    // Erasing a subscriber's personal data removes their rows too.
    .addColumn('subscriber_id', 'integer', (c) =>
      c.notNull().references('newsletter_subscribers.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .check(sql`state in ('queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    // While sending: who holds the row (a random claim id) and until when.
    .addColumn('claim', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('reason', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('newsletter_issue_recipients_once', ['issue_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_issue_recipients_due')
    .on('newsletter_issue_recipients')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('newsletter_issue_recipients_issue')
    .on('newsletter_issue_recipients')
    .columns(['issue_id', 'state'])
    .execute();
  await db.schema
    .createIndex('newsletter_issue_recipients_subscriber')
    .on('newsletter_issue_recipients')
    .column('subscriber_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_issue_recipients').execute();
  await db.schema.dropTable('newsletter_issues').execute();
}
