import { type Kysely, sql } from 'kysely';
import { mailboxOf } from '../../lib/email-address';

/*
 * One person, one entry: an entry also keeps its address's mailbox (`mailboxOf`: lower case,
 * "+tag" dropped, Gmail's dots dropped), and the uniqueness of address and handle per giveaway
 * holds for entries that count (confirmed, or made where no confirmation is asked): an
 * unconfirmed entry, which anyone could make with another person's address or handle, blocks no
 * one. Whichever of two such entries is confirmed first counts; the other cannot be confirmed.
 *
 * Existing data: entries already made stay. Where two entries of one giveaway share a mailbox
 * (made before this rule), the later one's mailbox is written with "#" and its id, so both stay
 * and neither blocks anyone new.
 */

type Row = { id: number; giveaway_id: number; email: string; mailbox: string | null };

export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<{ participants: Row }>;
  await db.schema.alterTable('participants').addColumn('mailbox', 'text').execute();
  const rows = await typed
    .selectFrom('participants')
    .select(['id', 'giveaway_id', 'email'])
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  for (const row of rows) {
    let mailbox = mailboxOf(row.email);
    const key = `${row.giveaway_id} ${mailbox}`;
    if (seen.has(key)) mailbox = `${mailbox}#${row.id}`;
    seen.add(key);
    await typed.updateTable('participants').set({ mailbox }).where('id', '=', row.id).execute();
  }
  await db.schema.dropIndex('participants_giveaway_email_key').execute();
  await db.schema.dropIndex('participants_giveaway_handle_key').execute();
  await sql`create unique index participants_giveaway_mailbox_key on participants (giveaway_id, mailbox) where confirmed_at is not null`.execute(
    db,
  );
  await sql`create unique index participants_giveaway_handle_key on participants (giveaway_id, lower(instagram_handle)) where confirmed_at is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('participants_giveaway_mailbox_idx')
    .on('participants')
    .columns(['giveaway_id', 'mailbox'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('participants_giveaway_mailbox_idx').execute();
  await db.schema.dropIndex('participants_giveaway_handle_key').execute();
  await db.schema.dropIndex('participants_giveaway_mailbox_key').execute();
  await sql`create unique index participants_giveaway_handle_key on participants (giveaway_id, lower(instagram_handle))`.execute(
    db,
  );
  await db.schema
    .createIndex('participants_giveaway_email_key')
    .on('participants')
    .columns(['giveaway_id', 'email'])
    .unique()
    .execute();
  await db.schema.alterTable('participants').dropColumn('mailbox').execute();
}
