import type { Kysely } from 'kysely';

/*
 * Entries confirmed by mail: the confirmation link's token is looked up by its SHA-256, so that
 * hash gets a unique index (a token names one entry; null for entries that need no confirmation).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('participants_confirm_token_hash_key')
    .on('participants')
    .column('confirm_token_hash')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('participants_confirm_token_hash_key').execute();
}
