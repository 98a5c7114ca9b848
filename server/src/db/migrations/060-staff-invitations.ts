import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

/**
 * Staff join by invitation: an admin names an e-mail address and a role, the address gets a
 * single-use link, and whoever opens it sets their own username and password. Users also get the
 * time of their last login, for the staff list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'editor')`))
    // SHA-256 of the token: the link itself exists only in the e-mail.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text')
    .execute();
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  // The address an invitation went to: where "send a test to me" mails go. Null for accounts made
  // with the command line.
  await db.schema.alterTable('users').addColumn('email', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email').execute();
  await db.schema.alterTable('users').dropColumn('last_login_at').execute();
  await db.schema.dropTable('staff_invitations').execute();
}
