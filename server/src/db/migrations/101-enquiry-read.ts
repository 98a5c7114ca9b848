import type { Kysely } from 'kysely';

/*
 * An enquiry is read once an admin has marked it read in the inbox (or replied from there):
 * `read_at` is when. The inbox counts the enquiries without it as unread.
 *
 * Existing data: every enquiry received before this change counts as read, so the inbox does not
 * open with the whole history as new.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_enquiries').addColumn('read_at', 'text').execute();
  await (db as Kysely<{ contact_enquiries: { read_at: string | null; created_at: string } }>)
    .updateTable('contact_enquiries')
    .set((eb) => ({ read_at: eb.ref('created_at') }))
    .execute();
  await db.schema
    .createIndex('contact_enquiries_unread_idx')
    .on('contact_enquiries')
    .column('read_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contact_enquiries_unread_idx').execute();
  await db.schema.alterTable('contact_enquiries').dropColumn('read_at').execute();
}
