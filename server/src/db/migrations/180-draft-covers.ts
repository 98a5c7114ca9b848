import type { Kysely } from 'kysely';

/*
 * A post's cover, set in the editor: `cover` names one of the post's own pictures as
 * `media/<file>` (empty for none) and `cover_alt` says what it shows. Existing drafts have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('drafts')
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('drafts')
    .addColumn('cover_alt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drafts').dropColumn('cover_alt').execute();
  await db.schema.alterTable('drafts').dropColumn('cover').execute();
}
