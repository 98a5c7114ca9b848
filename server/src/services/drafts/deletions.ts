import type { Kysely } from 'kysely';
import type { DraftDeletion } from '@site/contracts';
import type { Database } from '../../db/database';

/** How many deletions the record answers with, newest first. */
export const DELETIONS_SHOWN = 20;

/**
 * Deletes a draft and records the deletion (the draft's title, slug and author, who deleted it
 * and when) in the same transaction, so no draft goes without a trace. False when there is no
 * such draft.
 */
export async function deleteDraft(
  db: Kysely<Database>,
  id: number,
  username: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('drafts')
      .where('id', '=', id)
      .returning(['id', 'title', 'slug', 'created_by'])
      .executeTakeFirst();
    if (!gone) return false;
    await trx
      .insertInto('draft_deletions')
      .values({
        draft_id: gone.id,
        title: gone.title,
        slug: gone.slug,
        created_by: gone.created_by,
        deleted_by: username,
        deleted_at: new Date().toISOString(),
      })
      .execute();
    return true;
  });
}

/** The latest deletions, newest first. */
export async function listDraftDeletions(
  db: Kysely<Database>,
  limit = DELETIONS_SHOWN,
): Promise<DraftDeletion[]> {
  return db
    .selectFrom('draft_deletions')
    .select(['id', 'draft_id', 'title', 'slug', 'created_by', 'deleted_by', 'deleted_at'])
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
