import type { Kysely } from 'kysely';

/**
 * Drafts set to publish themselves at a moment: one row per scheduled draft, gone with the draft
 * (publishing deletes the draft, so a schedule never outlives it). `claimed_at` is set by the one
 * server process that starts the publish; a claim left by a process that died is taken over when
 * it is older than the lease. `failure` says why a due publish was refused (the draft stays).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('draft_schedules')
    .addColumn('draft_id', 'integer', (c) =>
      c.primaryKey().references('drafts.id').onDelete('cascade'),
    )
    /** ISO-8601 UTC. */
    .addColumn('publish_at', 'text', (c) => c.notNull())
    .addColumn('scheduled_by', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('failure', 'text')
    .execute();
  await db.schema
    .createIndex('draft_schedules_publish_at')
    .on('draft_schedules')
    .column('publish_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('draft_schedules').execute();
}
