import { type Kysely, sql } from 'kysely';

/*
 * The site's Instagram connection: at most one row (id 1). How the account was connected
 * (`login`: 'instagram' or 'facebook'), the platform's account id and username, the Page for
 * Facebook Login, the access token only in its sealed form (services/instagram/token.ts), when
 * the token was obtained and when it expires, who connected it and when, and how its last
 * renewal went.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instagram_connection')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text')
    .addColumn('sealed_token', 'text', (c) => c.notNull())
    .addColumn('token_obtained_at', 'text', (c) => c.notNull())
    .addColumn('token_expires_at', 'text')
    .addColumn('connected_by', 'text', (c) => c.notNull())
    .addColumn('connected_at', 'text', (c) => c.notNull())
    .addColumn('last_refresh_at', 'text')
    .addColumn('last_refresh_error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('instagram_connection_one_row', sql`id = 1`)
    .addCheckConstraint('instagram_connection_login', sql`login in ('instagram', 'facebook')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instagram_connection').execute();
}
