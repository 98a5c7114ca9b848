import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('users')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'editor')`))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
