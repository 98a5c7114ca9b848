import type { Kysely } from 'kysely';

/**
 * Change counters of the giveaway pages that servers draw and keep (lib/request-render.ts): one
 * row per scope (`list`, `giveaway:<id>`, `all`), its version raised by every change to what
 * that scope shows, before the request that made the change answers. Each process reads the
 * counter of a page when it is requested and draws it again when it moved, so a change made
 * through one process reaches the pages every other process serves at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('giveaway_page_versions')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('giveaway_page_versions').execute();
}
