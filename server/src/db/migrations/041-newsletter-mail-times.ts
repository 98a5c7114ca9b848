import type { Kysely } from 'kysely';

/**
 * When the last confirmation mail and the last unsubscribe link went to each address. The resend
 * cool-down reads these, not the tokens, so unsubscribing (which deletes pending confirmation
 * tokens) cannot reset it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('newsletter_subscribers')
    .addColumn('confirm_sent_at', 'text')
    .execute();
  await db.schema
    .alterTable('newsletter_subscribers')
    .addColumn('unsubscribe_sent_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').dropColumn('unsubscribe_sent_at').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('confirm_sent_at').execute();
}
