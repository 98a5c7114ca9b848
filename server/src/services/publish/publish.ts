import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import { serializePost, type PublishJob } from '@site/contracts';
import type { Database, PublishJobsTable } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import { blogDir } from '../drafts/content';
import { DraftRejected, readyToPublish, type DraftsContext } from '../drafts/service';
import { commitPost } from './git';
import { tailOf } from './site-builder';

export function toJob(row: Selectable<PublishJobsTable>): PublishJob {
  return { ...row };
}

interface PublishOptions {
  mode: 'build' | 'git';
  username: string;
  /** Starts the rebuild queue (build mode). */
  kick: () => void;
}

/**
 * Publishes a ready draft: writes content/blog/{slug}.md exactly as an editor would commit it,
 * removes the draft and records a job. In build mode the job queues a site rebuild; in git mode
 * the file is committed instead, and a failed commit leaves the draft and no file behind.
 */
export async function publishDraft(
  ctx: DraftsContext,
  id: number,
  { mode, username, kick }: PublishOptions,
): Promise<PublishJob> {
  const ready = await readyToPublish(ctx, id);
  if (!ready) throw notFound(`There is no draft ${id}; it may have been published or deleted.`);
  const { draft, fields } = ready;
  const first = draft.problems[0];
  if (!fields || first) {
    throw new DraftRejected(
      400,
      `This draft cannot be published yet: ${first ? `${first.field} ${first.message}` : 'it is incomplete.'}`,
      draft.problems,
    );
  }

  const dir = blogDir(ctx.contentDir);
  const file = path.join(dir, `${fields.slug}.md`);
  await fs.mkdir(dir, { recursive: true });
  try {
    // wx: two publishes racing for one slug cannot overwrite each other (or a hand-written post).
    await fs.writeFile(file, serializePost(fields, draft.body), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw conflict(`content/blog/${fields.slug}.md already exists; choose another slug.`);
    }
    throw error;
  }

  const now = new Date().toISOString();
  const base = {
    slug: fields.slug,
    title: fields.title,
    mode,
    requested_by: username,
    created_at: now,
  };
  if (mode === 'git') {
    try {
      const commit = await commitPost(file, username, fields.title);
      await ctx.db.deleteFrom('drafts').where('id', '=', id).execute();
      return toJob(
        await insertJob(ctx.db, {
          ...base,
          status: 'succeeded',
          log_tail: `Committed ${commit}.`,
          started_at: now,
          finished_at: now,
        }),
      );
    } catch (error) {
      await fs.rm(file, { force: true });
      const reason = error instanceof Error ? tailOf(error.message) : String(error);
      return toJob(
        await insertJob(ctx.db, {
          ...base,
          status: 'failed',
          log_tail: `${reason}\nThe post could not be committed; the draft is kept.`,
          started_at: now,
          finished_at: new Date().toISOString(),
        }),
      );
    }
  }

  const job = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('drafts').where('id', '=', id).execute();
    return insertJob(trx, {
      ...base,
      status: 'queued',
      log_tail: '',
      started_at: null,
      finished_at: null,
    });
  });
  kick();
  return toJob(job);
}

async function insertJob(
  db: Kysely<Database>,
  values: Omit<Selectable<PublishJobsTable>, 'id'>,
): Promise<Selectable<PublishJobsTable>> {
  return db.insertInto('publish_jobs').values(values).returningAll().executeTakeFirstOrThrow();
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
