import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { PublishedPost, PublishJob } from '@site/contracts';
import type { Database, DraftsTable, PublishJobsTable } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import { blogDir, readPublishedFiles } from '../posts/store';
import { DraftRejected, readyToPublish, type DraftsContext } from '../drafts/service';
import {
  MediaMissing,
  placePostMedia,
  postMediaFolder,
  removePostMedia,
  settlePostMedia,
  undoPostMedia,
} from '../images/post-media';
import { collectImages, ownMediaFiles, readPostFile } from '@site/pipeline';
import { commitPostChange } from './git';
import { tailOf } from './log-tail';

type JobRow = Selectable<PublishJobsTable>;

function toJob(row: JobRow): PublishJob {
  return {
    id: row.id,
    action: row.action,
    slug: row.slug,
    title: row.title,
    mode: row.mode,
    status: row.status,
    log_tail: row.log_tail,
    requested_by: row.requested_by,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

interface PublishOptions {
  mode: 'build' | 'git';
  username: string;
  /** Starts the rebuild queue (build mode). */
  kick: () => void;
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Why a job's change cannot be applied when its turn comes. */
export class ChangeRefused extends Error {}

/**
 * Applies a job's change to content/blog/ and records the file as it was. Publish never
 * overwrites a file; replace and unpublish need the file to still be there.
 */
export async function applyChange(
  db: Kysely<Database>,
  contentDir: string,
  job: JobRow,
  uploadsDir: string | null = null,
) {
  const file = path.join(blogDir(contentDir), job.file);
  const previous = await readIfExists(file);
  if (job.action === 'publish' && previous !== null) {
    throw new ChangeRefused(`content/blog/${job.file} already exists; choose another slug.`);
  }
  if (job.action !== 'publish' && previous === null) {
    throw new ChangeRefused(`content/blog/${job.file} is not there any more.`);
  }
  // The post's own pictures first (content/blog-media/<slug>/, exactly those it names), so a
  // picture that is stored nowhere refuses the change before anything else is touched.
  if (job.action === 'unpublish') {
    await removePostMedia(contentDir, job.slug, job.id);
  } else {
    try {
      await placePostMedia(uploadsDir, contentDir, job.slug, mediaOf(job), job.id);
    } catch (error) {
      if (error instanceof MediaMissing) throw new ChangeRefused(error.message);
      throw error;
    }
  }
  await db.updateTable('publish_jobs').set({ previous }).where('id', '=', job.id).execute();
  await fs.mkdir(blogDir(contentDir), { recursive: true });
  if (job.action === 'unpublish') {
    await fs.rm(file);
  } else {
    // Written beside the target and renamed over it, so a reader sees the old or the new file.
    const temp = `${file}.${job.id}.tmp`;
    await fs.writeFile(temp, job.content ?? '', { flag: 'w' });
    await fs.rename(temp, file);
  }
  return previous;
}

/** The post's own picture files a job's post file names (body and cover). */
function mediaOf(job: JobRow): string[] {
  const read = readPostFile(job.content ?? '', job.file);
  if (!read.ok) return [];
  const sources = collectImages(read.body).map((image) => image.src);
  if (read.fields.cover) sources.push(read.fields.cover);
  return ownMediaFiles(sources);
}

/** Puts content/blog/ back as it was before the job, and the job's draft back in Drafts. */
export async function undoChange(db: Kysely<Database>, contentDir: string, job: JobRow) {
  const file = path.join(blogDir(contentDir), job.file);
  const current = await readIfExists(file);
  const ours = job.action === 'unpublish' ? current === null : current === job.content;
  if (ours) {
    if (job.previous === null) await fs.rm(file, { force: true });
    else await fs.writeFile(file, job.previous);
    await undoPostMedia(contentDir, job.slug, job.id);
  }
  await restoreDraft(db, job);
}

/** A job's change went live: what was kept for undoing it goes. */
export async function settleChange(contentDir: string, job: Pick<JobRow, 'slug' | 'id'>) {
  await settlePostMedia(contentDir, job.slug, job.id);
}

/** Returns a job's draft to Drafts (the job's change was undone or never made). */
export async function restoreDraft(db: Kysely<Database>, job: JobRow): Promise<void> {
  if (!job.draft) return;
  const saved = JSON.parse(job.draft) as Selectable<DraftsTable>;
  const { id: _id, ...values } = saved;
  const clash = await db
    .selectFrom('drafts')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('slug', '=', values.slug ?? ''),
        ...(values.replaces_slug ? [eb('replaces_slug', '=', values.replaces_slug)] : []),
      ]),
    )
    .executeTakeFirst();
  // Back in Drafts as it was; if another draft took its slug meanwhile, without a slug.
  await db
    .insertInto('drafts')
    .values({ ...values, slug: clash ? null : values.slug, updated_at: new Date().toISOString() })
    .execute();
}

function newJob(
  base: Pick<JobRow, 'action' | 'file' | 'slug' | 'title' | 'mode' | 'requested_by'>,
  extra: Partial<JobRow> = {},
): Omit<JobRow, 'id'> {
  return {
    status: 'queued',
    log_tail: '',
    created_at: new Date().toISOString(),
    started_at: null,
    finished_at: null,
    content: null,
    previous: null,
    draft: null,
    ...base,
    ...extra,
  };
}

async function insertJob(db: Kysely<Database>, values: Omit<JobRow, 'id'>): Promise<JobRow> {
  return db.insertInto('publish_jobs').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Refuses a second change to a post while one is waiting or building. */
async function assertNoPendingChange(db: Kysely<Database>, slug: string): Promise<void> {
  const pending = await db
    .selectFrom('publish_jobs')
    .select('id')
    .where('slug', '=', slug)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (pending) {
    throw conflict(
      `A change to "${slug}" is already waiting or building; try again when it has finished.`,
    );
  }
}

/**
 * Git mode: the change is applied and committed at once (the deployment builds on push). A failed
 * commit undoes the change and keeps the draft.
 */
async function commitAtOnce(ctx: DraftsContext, job: JobRow): Promise<JobRow> {
  const now = new Date().toISOString();
  try {
    const previous = await applyChange(ctx.db, ctx.contentDir, job, ctx.uploadsDir ?? null);
    const commit = await commitPostChange(
      path.join(blogDir(ctx.contentDir), job.file),
      job.action,
      job.requested_by,
      job.title,
      [postMediaFolder(ctx.contentDir, job.slug)],
    );
    await settleChange(ctx.contentDir, job);
    await ctx.db
      .updateTable('publish_jobs')
      .set({
        status: 'succeeded',
        log_tail: `Committed ${commit}.`,
        started_at: now,
        finished_at: now,
        previous,
      })
      .where('id', '=', job.id)
      .execute();
  } catch (error) {
    const fresh = await ctx.db
      .selectFrom('publish_jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    // A refused change was never applied: only the draft goes back.
    if (error instanceof ChangeRefused) await restoreDraft(ctx.db, fresh);
    else await undoChange(ctx.db, ctx.contentDir, fresh);
    const reason = error instanceof Error ? tailOf(error.message) : String(error);
    await ctx.db
      .updateTable('publish_jobs')
      .set({
        status: 'failed',
        log_tail: `${reason}\nThe change could not be committed; nothing was published and the draft is back in Drafts.`,
        started_at: now,
        finished_at: new Date().toISOString(),
      })
      .where('id', '=', job.id)
      .execute();
  }
  return ctx.db
    .selectFrom('publish_jobs')
    .selectAll()
    .where('id', '=', job.id)
    .executeTakeFirstOrThrow();
}

/**
 * Publishes a ready draft: a new post, or, for a draft opened from a published post, its
 * replacement. The draft leaves Drafts and a job records the change. In build mode the change is
 * applied when the job's build starts, and undone (draft back in Drafts) if the build fails; in
 * git mode it is committed at once.
 */
export async function publishDraft(
  ctx: DraftsContext,
  id: number,
  { mode, username, kick }: PublishOptions,
): Promise<PublishJob> {
  const found = await readyToPublish(ctx, id);
  if (!found) throw notFound(`There is no draft ${id}; it may have been published or deleted.`);
  const { draft, row, ready } = found;
  const first = draft.problems[0];
  if (!ready || first) {
    throw new DraftRejected(
      400,
      `This draft cannot be published yet: ${first ? `${first.field} ${first.message}` : 'it is incomplete.'}`,
      draft.problems,
    );
  }
  await assertNoPendingChange(ctx.db, ready.fields.slug);
  let file = `${ready.fields.slug}.md`;
  if (row.replaces_slug) {
    const live = (await readPublishedFiles(ctx.contentDir)).find(
      (item) => item.slug === row.replaces_slug,
    );
    if (live) file = live.name;
  }
  const base = {
    action: row.replaces_slug ? ('replace' as const) : ('publish' as const),
    file,
    slug: ready.fields.slug,
    title: ready.fields.title,
    mode,
    requested_by: username,
  };
  const job = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('drafts').where('id', '=', id).execute();
    return insertJob(trx, newJob(base, { content: ready.file, draft: JSON.stringify(row) }));
  });
  if (mode === 'git') return toJob(await commitAtOnce(ctx, job));
  kick();
  return toJob(job);
}

/** Takes a published markdown post down: its file is removed and the site rebuilt (or committed). */
export async function unpublishPost(
  ctx: DraftsContext,
  slug: string,
  { mode, username, kick }: PublishOptions,
): Promise<PublishJob> {
  const file = (await readPublishedFiles(ctx.contentDir)).find((item) => item.slug === slug);
  if (!file) throw notFound(`There is no published post "${slug}".`);
  if (file.format === 'mdx') {
    throw conflict(`"${slug}" is an MDX post; MDX is code and is maintained through git only.`);
  }
  await assertNoPendingChange(ctx.db, slug);
  const job = await insertJob(
    ctx.db,
    newJob({
      action: 'unpublish',
      file: file.name,
      slug,
      title: file.fields?.title ?? slug,
      mode,
      requested_by: username,
    }),
  );
  if (mode === 'git') return toJob(await commitAtOnce(ctx, job));
  kick();
  return toJob(job);
}

export async function listJobs(db: Kysely<Database>, limit = 20): Promise<PublishJob[]> {
  const rows = await db
    .selectFrom('publish_jobs')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toJob);
}

/**
 * The live posts, newest first, with the last change made to each from the site. A file marked
 * `draft: true` is left out: the production build does not publish it.
 */
export async function listPublished(ctx: DraftsContext): Promise<PublishedPost[]> {
  const files = (await readPublishedFiles(ctx.contentDir)).filter(
    (file) => file.fields && !file.fields.draft,
  );
  const slugs = files.map((file) => file.slug);
  const jobs =
    slugs.length === 0
      ? []
      : await ctx.db
          .selectFrom('publish_jobs')
          .selectAll()
          .where('slug', 'in', slugs)
          .orderBy('id', 'asc')
          .execute();
  const lastChange = new Map<string, JobRow>();
  const pending = new Set<string>();
  for (const job of jobs) {
    if (job.status === 'queued' || job.status === 'running') pending.add(job.slug);
    if (job.status === 'succeeded' && job.action !== 'unpublish') lastChange.set(job.slug, job);
  }
  const editing = new Map<string, number>();
  for (const draft of await ctx.db
    .selectFrom('drafts')
    .select(['id', 'replaces_slug'])
    .where('replaces_slug', 'is not', null)
    .execute()) {
    if (draft.replaces_slug) editing.set(draft.replaces_slug, draft.id);
  }
  return files
    .map((file) => {
      const fields = file.fields as NonNullable<typeof file.fields>;
      const change = lastChange.get(file.slug);
      return {
        slug: file.slug,
        title: fields.title,
        description: fields.description,
        date: fields.date,
        category: fields.category,
        format: file.format,
        last_change: change ? toJob(change) : null,
        editing_draft_id: editing.get(file.slug) ?? null,
        pending: pending.has(file.slug),
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}
