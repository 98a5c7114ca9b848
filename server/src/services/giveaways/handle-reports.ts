import { type Kysely, sql } from 'kysely';
import type { HandleReport, HandleReportPayload, SuccessMessage } from '@site/contracts';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { Actor } from './change-log';
import { validateEntry } from './rules';
import { notFoundSentence } from './shared';

/*
 * Reports of a taken Instagram handle. Where a giveaway does not ask for confirmed entries, the
 * first entry with a handle holds it, whoever made it: the person whose handle it is tells the
 * owner through a report, which the giveaway's desk lists with the entries holding that handle,
 * until the owner marks it handled (disqualifying the entry, if it is not theirs, on the desk).
 */

type Db = Kysely<Database>;

/** Longest note kept; the API's schema refuses more, this guards the service's other callers. */
const NOTE_MAX = 1000;

async function giveawayExists(db: Db, id: number): Promise<void> {
  const row = await db.selectFrom('giveaways').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(notFoundSentence(id));
}

/** What the reporter is told once the report is kept (or was already kept). */
const reported = (handle: string, email: string): SuccessMessage => ({
  success: true,
  message: `Thank you: the organiser will see your report about @${handle} on this giveaway and can answer you at ${email}. If the entry was not made by you, it can be disqualified.`,
});

/**
 * Keeps a report that an entry of giveaway `id` holds the reporter's handle. The handle and the
 * address follow the entry form's rules (400 otherwise). Only a handle that an entry of this
 * giveaway holds, and that is not disqualified, can be reported (409 otherwise: there is nothing
 * to report). The same open report from the same address is kept once.
 */
export async function reportHandle(
  db: Db,
  id: number,
  body: Pick<HandleReportPayload, 'instagram_handle' | 'email' | 'note'>,
  context: { now: Date },
): Promise<SuccessMessage> {
  await giveawayExists(db, id);
  const { email, instagram_handle: handle } = validateEntry(body);
  const note = (body.note ?? '').trim();
  if (note.length > NOTE_MAX)
    throw badRequest(`Please keep the note to at most ${NOTE_MAX} characters.`);
  const lowerHandle = handle.toLowerCase();

  const held = await db
    .selectFrom('participants')
    .select('id')
    .where('giveaway_id', '=', id)
    .where(sql<string>`lower(instagram_handle)`, '=', lowerHandle)
    .where('disqualified_at', 'is', null)
    .executeTakeFirst();
  if (!held) {
    throw conflict(
      `No entry of this giveaway holds the Instagram handle @${handle} now, so there is nothing to report: the handle is free to enter with.`,
    );
  }

  const open = await db
    .selectFrom('giveaway_handle_reports')
    .select('id')
    .where('giveaway_id', '=', id)
    .where(sql<string>`lower(instagram_handle)`, '=', lowerHandle)
    .where('email', '=', email)
    .where('handled_at', 'is', null)
    .executeTakeFirst();
  if (!open) {
    await db
      .insertInto('giveaway_handle_reports')
      .values({
        giveaway_id: id,
        instagram_handle: handle,
        email,
        note: note || null,
        created_at: context.now.toISOString(),
      })
      .execute();
  }
  return reported(handle, email);
}

/** The answer to a report a bot sent (the honeypot was filled): the same words, nothing kept. */
export function decoyReport(body: Pick<HandleReportPayload, 'instagram_handle' | 'email'>) {
  const { email, instagram_handle: handle } = validateEntry(body);
  return reported(handle, email);
}

/** A giveaway's reports, newest first, each with the entries holding its handle (oldest first). */
export async function listHandleReports(db: Db, id: number): Promise<HandleReport[]> {
  await giveawayExists(db, id);
  const reports = await db
    .selectFrom('giveaway_handle_reports')
    .selectAll()
    .where('giveaway_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (reports.length === 0) return [];
  const handles = [...new Set(reports.map((r) => r.instagram_handle.toLowerCase()))];
  const entries = await db
    .selectFrom('participants')
    .select([
      'id',
      'instagram_handle',
      'email',
      'created_at',
      'confirmed_at',
      'disqualified_at',
      sql<string>`lower(instagram_handle)`.as('handle_key'),
    ])
    .where('giveaway_id', '=', id)
    .where(sql<string>`lower(instagram_handle)`, 'in', handles)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return reports.map((report) => ({
    id: report.id,
    giveaway_id: report.giveaway_id,
    instagram_handle: report.instagram_handle,
    email: report.email,
    note: report.note,
    created_at: report.created_at,
    handled_at: report.handled_at,
    handled_by: report.handled_by,
    entries: entries
      .filter((entry) => entry.handle_key === report.instagram_handle.toLowerCase())
      .map(({ handle_key: _key, ...entry }) => entry),
  }));
}

/** Marks a report handled by `actor` (or open again). 404 when there is no such report. */
export async function setHandleReportHandled(
  db: Db,
  reportId: number,
  handled: boolean,
  context: { actor: Actor; now: Date },
): Promise<SuccessMessage> {
  const changed = await db
    .updateTable('giveaway_handle_reports')
    .set(
      handled
        ? { handled_at: context.now.toISOString(), handled_by: context.actor.username }
        : { handled_at: null, handled_by: null },
    )
    .where('id', '=', reportId)
    .returning('instagram_handle')
    .executeTakeFirst();
  if (!changed) throw notFound(`There is no handle report with id ${reportId}.`);
  return {
    success: true,
    message: handled
      ? `The report about @${changed.instagram_handle} is marked handled.`
      : `The report about @${changed.instagram_handle} is open again.`,
  };
}
