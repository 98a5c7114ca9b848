import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type {
  DraftSchedule,
  DraftScheduleAnswer,
  ScheduledDraftListResponse,
} from '@site/contracts';
import type { Database, DraftSchedulesTable } from '../../db/database';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { formatDate, momentOfWallTime, todayIn, wallTimeIn } from '../../lib/dates';
import { formatDeadline } from '../giveaways/mails';
import { publishDraft } from '../publish/publish';
import { DraftRejected, readyToPublish, type DraftsContext } from './service';

/** How far ahead a draft may be scheduled. */
export const MAX_SCHEDULE_DAYS = 366;

/**
 * A claim older than this belongs to a process that stopped before the publish was made (a made
 * publish deletes the draft and with it the schedule), so another process takes it over.
 */
export const SCHEDULE_CLAIM_LEASE_MS = 2 * 60 * 1000;

export interface ScheduleContext extends DraftsContext {
  /** The site's time zone: typed times are read and shown in it, and it sets the post's date. */
  timeZone: string;
  now: Date;
}

type ScheduleRow = Selectable<DraftSchedulesTable>;

const TYPED =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The moment a typed time names: with an offset as written, without one on the site's clock. */
export function parsePublishAt(typed: string, timeZone: string): Date {
  const match = TYPED.exec(typed.trim());
  const shape =
    'Give the time as YYYY-MM-DDTHH:MM on the site’s clock (or an ISO-8601 moment with Z or an offset).';
  if (!match) throw badRequest(`"${typed}" is not a date and time. ${shape}`);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second) + Number(match[7] ?? 0) * 1000;
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    throw badRequest(`"${typed}" is not a date and time on the calendar. ${shape}`);
  }
  const offset = match[8];
  if (offset) {
    const sign = offset.startsWith('-') ? -1 : 1;
    const minutes = offset === 'Z' ? 0 : Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4));
    return new Date(wall - sign * minutes * 60 * 1000);
  }
  const moment = momentOfWallTime(wall, timeZone);
  if (!moment) {
    throw badRequest(
      `${typed.slice(0, 16).replace('T', ' ')} does not happen in ${timeZone}: the clocks skip it. Choose another time.`,
    );
  }
  return moment;
}

function statusOf(row: ScheduleRow): DraftSchedule['status'] {
  if (row.failure !== null) return 'failed';
  return row.claimed_at === null ? 'waiting' : 'publishing';
}

function toSchedule(
  row: ScheduleRow,
  draft: { title: string; slug: string | null; replaces_slug: string | null },
  timeZone: string,
): DraftSchedule {
  return {
    draft_id: row.draft_id,
    title: draft.title,
    slug: draft.slug ?? '',
    replaces_slug: draft.replaces_slug,
    publish_at: row.publish_at,
    local_time: wallTimeIn(timeZone, new Date(row.publish_at)),
    scheduled_by: row.scheduled_by,
    scheduled_at: row.scheduled_at,
    status: statusOf(row),
    failure: row.failure,
  };
}

async function scheduleRow(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('draft_schedules')
    .innerJoin('drafts', 'drafts.id', 'draft_schedules.draft_id')
    .selectAll('draft_schedules')
    .select(['drafts.title', 'drafts.slug', 'drafts.replaces_slug'])
    .where('draft_schedules.draft_id', '=', id)
    .executeTakeFirst();
}

/** True while a process holds the due publish (and has not given up on it). */
function beingPublished(row: ScheduleRow, now: Date): boolean {
  return (
    row.failure === null &&
    row.claimed_at !== null &&
    now.getTime() - Date.parse(row.claimed_at) < SCHEDULE_CLAIM_LEASE_MS
  );
}

const missing = (id: number) =>
  notFound(`There is no draft ${id}; it may have been published or deleted.`);

export async function getSchedule(
  ctx: ScheduleContext,
  id: number,
): Promise<DraftScheduleAnswer | undefined> {
  const draft = await ctx.db
    .selectFrom('drafts')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!draft) return undefined;
  const row = await scheduleRow(ctx.db, id);
  return { time_zone: ctx.timeZone, schedule: row ? toSchedule(row, row, ctx.timeZone) : null };
}

/**
 * Sets (or moves) the moment a ready draft publishes itself: in the future and at most
 * MAX_SCHEDULE_DAYS ahead. A draft with problems is refused as Publish would refuse it.
 */
export async function setSchedule(
  ctx: ScheduleContext,
  id: number,
  typed: string,
  username: string,
): Promise<DraftScheduleAnswer> {
  const at = parsePublishAt(typed, ctx.timeZone);
  if (at.getTime() <= ctx.now.getTime()) {
    throw badRequest(
      `${formatDeadline(at.toISOString(), ctx.timeZone)} has already passed; choose a time in the future (it is now ${formatDeadline(ctx.now.toISOString(), ctx.timeZone)}).`,
    );
  }
  const horizon = new Date(ctx.now.getTime() + MAX_SCHEDULE_DAYS * 24 * 60 * 60 * 1000);
  if (at > horizon) {
    throw badRequest(
      `A draft can be scheduled at most ${MAX_SCHEDULE_DAYS} days ahead (until ${formatDate(todayIn(ctx.timeZone, horizon))}).`,
    );
  }
  const found = await readyToPublish(ctx, id);
  if (!found) throw missing(id);
  const first = found.draft.problems[0];
  if (!found.ready || first) {
    throw new DraftRejected(
      400,
      `This draft cannot be scheduled yet: ${first ? `${first.field} ${first.message}` : 'it is incomplete.'}`,
      found.draft.problems,
    );
  }
  const existing = await scheduleRow(ctx.db, id);
  if (existing && beingPublished(existing, ctx.now)) {
    throw conflict('This draft is being published right now; it can no longer be moved.');
  }
  const values = {
    publish_at: at.toISOString(),
    scheduled_by: username,
    scheduled_at: ctx.now.toISOString(),
    claimed_at: null,
    failure: null,
  };
  if (existing) {
    await ctx.db
      .updateTable('draft_schedules')
      .set(values)
      .where('draft_id', '=', id)
      .where(sameClaim(existing.claimed_at))
      .execute();
  } else {
    try {
      await ctx.db
        .insertInto('draft_schedules')
        .values({ draft_id: id, ...values })
        .execute();
    } catch (error) {
      // Deleted or published between the check and the insert.
      if (!(await getSchedule(ctx, id))) throw missing(id);
      throw error;
    }
  }
  return (await getSchedule(ctx, id)) ?? { time_zone: ctx.timeZone, schedule: null };
}

/** Takes a draft off the schedule; it stays in Drafts. */
export async function cancelSchedule(ctx: ScheduleContext, id: number): Promise<void> {
  const row = await scheduleRow(ctx.db, id);
  if (!row) {
    const draft = await ctx.db
      .selectFrom('drafts')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!draft) throw missing(id);
    throw notFound(`Draft ${id} is not scheduled.`);
  }
  if (beingPublished(row, ctx.now)) {
    throw conflict('This draft is being published right now; it can no longer be cancelled.');
  }
  await ctx.db.deleteFrom('draft_schedules').where('draft_id', '=', id).execute();
}

export async function listScheduled(ctx: ScheduleContext): Promise<ScheduledDraftListResponse> {
  const rows = await ctx.db
    .selectFrom('draft_schedules')
    .innerJoin('drafts', 'drafts.id', 'draft_schedules.draft_id')
    .selectAll('draft_schedules')
    .select(['drafts.title', 'drafts.slug', 'drafts.replaces_slug'])
    .orderBy('draft_schedules.publish_at', 'asc')
    .orderBy('draft_schedules.draft_id', 'asc')
    .execute();
  return { time_zone: ctx.timeZone, items: rows.map((row) => toSchedule(row, row, ctx.timeZone)) };
}

/** The row still carries the claim that was read (none, or the same moment). */
function sameClaim(claimedAt: string | null) {
  return (eb: ExpressionBuilder<Database, 'draft_schedules'>) =>
    claimedAt === null ? eb('claimed_at', 'is', null) : eb('claimed_at', '=', claimedAt);
}

/**
 * Claims one due schedule for this process: only one UPDATE can move `claimed_at` from the value
 * read, so of several processes exactly one wins (and a stale claim is taken over once).
 */
async function claim(db: Kysely<Database>, row: ScheduleRow, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('draft_schedules')
    .set({ claimed_at: now.toISOString() })
    .where('draft_id', '=', row.draft_id)
    .where('failure', 'is', null)
    .where(sameClaim(row.claimed_at))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface DueOptions {
  mode: 'build' | 'git';
  /** Starts the rebuild queue (build mode). */
  kick: () => void;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Publishes every draft whose time has come, each through the ordinary publish as the editor who
 * scheduled it. A publish the draft's state refuses (it was edited into an incomplete draft, say)
 * is recorded on the schedule and the draft stays; any other error leaves the claim to run out
 * and be taken over. Returns the drafts this process published.
 */
export async function publishDue(ctx: ScheduleContext, options: DueOptions): Promise<number[]> {
  const now = ctx.now;
  const stale = new Date(now.getTime() - SCHEDULE_CLAIM_LEASE_MS).toISOString();
  const due = await ctx.db
    .selectFrom('draft_schedules')
    .selectAll()
    .where('publish_at', '<=', now.toISOString())
    .where('failure', 'is', null)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)]))
    .orderBy('publish_at', 'asc')
    .execute();
  const published: number[] = [];
  for (const row of due) {
    if (!(await claim(ctx.db, row, now))) continue;
    const publishCtx = { ...ctx, today: todayIn(ctx.timeZone, now) };
    try {
      const job = await publishDraft(publishCtx, row.draft_id, {
        mode: options.mode,
        username: row.scheduled_by,
        kick: options.kick,
      });
      published.push(row.draft_id);
      options.log.info(
        { draft: row.draft_id, job: job.id, publishAt: row.publish_at },
        'publish: scheduled draft published',
      );
    } catch (error) {
      if (error instanceof DraftRejected || error instanceof HttpError) {
        await ctx.db
          .updateTable('draft_schedules')
          .set({ failure: error.message })
          .where('draft_id', '=', row.draft_id)
          .execute();
        options.log.warn(
          { draft: row.draft_id, reason: error.message },
          'publish: scheduled draft refused',
        );
      } else {
        options.log.warn({ err: error, draft: row.draft_id }, 'publish: scheduled publish failed');
      }
    }
  }
  return published;
}
