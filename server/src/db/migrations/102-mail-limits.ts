import type { Kysely } from 'kysely';

/*
 * The mail limits' windows, for servers without Redis: a key (an entry's or enquiry's cool-down,
 * or a hashed mailbox's hour or day), the uses taken in it and when it resets.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('uses', 'integer', (col) => col.notNull())
    .addColumn('resets_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_limits').execute();
}
