import type { Kysely } from 'kysely';

/**
 * Editing and unpublishing posts from the site, with a record of every change.
 *
 * drafts.replaces_slug / replaces_date: a draft opened from a published post keeps that post's
 * slug and date, and publishing it replaces the post.
 *
 * publish_jobs.action: publish, replace or unpublish, and `file`, the name of the post's file in
 * content/blog/ (a new post is "{slug}.md"; an edited one keeps the name it has). A job carries the change itself (`content`,
 * the file it writes; null when it removes one) and is applied only when its turn comes, right
 * before its build, so each build adds exactly one change to the live posts. `previous` keeps the
 * file as it was and `draft` the draft it came from, so a failed build is undone: the file goes
 * back as it was and the draft returns to the editor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drafts').addColumn('replaces_slug', 'text').execute();
  await db.schema.alterTable('drafts').addColumn('replaces_date', 'text').execute();
  await db.schema
    .alterTable('publish_jobs')
    .addColumn('action', 'text', (c) => c.notNull().defaultTo('publish'))
    .execute();
  await db.schema
    .alterTable('publish_jobs')
    .addColumn('file', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('publish_jobs').addColumn('content', 'text').execute();
  await db.schema.alterTable('publish_jobs').addColumn('previous', 'text').execute();
  await db.schema.alterTable('publish_jobs').addColumn('draft', 'text').execute();
  await db.schema.createIndex('publish_jobs_slug').on('publish_jobs').column('slug').execute();
  await db.schema.createIndex('publish_jobs_status').on('publish_jobs').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('publish_jobs_status').execute();
  await db.schema.dropIndex('publish_jobs_slug').execute();
  for (const column of ['draft', 'previous', 'content', 'file', 'action']) {
    await db.schema.alterTable('publish_jobs').dropColumn(column).execute();
  }
  await db.schema.alterTable('drafts').dropColumn('replaces_date').execute();
  await db.schema.alterTable('drafts').dropColumn('replaces_slug').execute();
}
