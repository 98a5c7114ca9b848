import type { Kysely } from 'kysely';

/**
 * Networks each account has logged in from (a keyed digest of the address, its /64 for IPv6; never
 * the address itself). While an account's failures from all addresses are over their ceiling,
 * only these may still try it, so guessing slows down and the owner can still log in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_addresses_pkey', ['user_id', 'address_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_addresses').execute();
}
