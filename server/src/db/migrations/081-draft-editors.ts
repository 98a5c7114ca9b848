import { type Kysely, sql } from 'kysely';

/**
 * Who last saved each draft (created_by already names who started it). Drafts saved before this
 * record were last saved, as far as anyone knows, by their author.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drafts').addColumn('updated_by', 'text').execute();
  await sql`update drafts set updated_by = created_by`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drafts').dropColumn('updated_by').execute();
}
