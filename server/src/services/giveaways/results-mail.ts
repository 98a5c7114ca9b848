import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Giveaway, ResultsMailState } from '@site/contracts';
import type { Database } from '../../db/database';
import type { Dialect } from '../../db/dialect';
import { conflict, notFound } from '../../lib/http-error';
import { escapeHtml, oneLine } from '../../lib/mail-text';
import type { MailMessage } from '../mail';
import { type Actor, logChange } from './change-log';
import { listGiveaways, presentGiveaway, presentGiveaways } from './listing';

/*
 * The results mail: after the draw, the owner may send one mail to every entrant who ticked "Tell
 * me the results" when entering (`participants.results_consent`), naming the winners by handle,
 * linking the verification page and, when another giveaway is open, that one. It goes once per
 * giveaway (the row in `giveaway_results_mails`, whose primary key no second process can insert
 * again) and once per mailbox, queued in `giveaway_results_recipients` for the newsletter's sender,
 * which sends it at the newsletter's rate (or keeps it in the outbox without a mail server), each
 * copy with its own unsubscribe link. Unsubscribing withdraws that mailbox's consent on every
 * entry it made.
 */

type Db = Kysely<Database>;

export const hashUnsubscribeToken = (token: string) =>
  crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** What the results mail says, the same for every recipient but the unsubscribe link. */
export interface ResultsContent {
  giveawayId: number;
  title: string;
  prize: string;
  /** Winners' handles by place; null where the winner's data was erased. */
  winners: (string | null)[];
  next: { id: number; title: string } | null;
}

/** The mail itself; `unsubscribeUrl` null only in the owner's preview. */
export function renderResultsMail(
  content: ResultsContent,
  publicUrl: string,
  unsubscribeUrl: string | null,
): Omit<MailMessage, 'to'> {
  const verify = `${publicUrl}/giveaway/${content.giveawayId}/verify`;
  const page = `${publicUrl}/giveaway/${content.giveawayId}`;
  const names = content.winners.map((h) => (h ? `@${h}` : 'a winner who asked to be erased'));
  const several = names.length > 1;
  const unsubscribe = unsubscribeUrl ?? '(preview: each recipient gets their own link here)';
  const nextUrl = content.next ? `${publicUrl}/giveaway/${content.next.id}` : null;
  const text = [
    'Hello,',
    '',
    `The draw for "${oneLine(content.title)}" (${oneLine(content.prize)}) has been made.`,
    several
      ? `The winners: ${names.map((n, i) => `${i + 1}. ${n}`).join(', ')}.`
      : `The winner: ${names[0] ?? 'nobody'}.`,
    '',
    `Anyone can check the draw, step by step, in their own browser: ${verify}`,
    `The giveaway's page: ${page}`,
    ...(content.next && nextUrl
      ? ['', `Another giveaway is open now: "${oneLine(content.next.title)}": ${nextUrl}`]
      : []),
    '',
    '--',
    'You get this because you asked to be told the results when you entered.',
    `Unsubscribe with one click: ${unsubscribe}`,
    '',
  ].join('\n');
  const list = several
    ? `<ol>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ol>`
    : `<p>The winner: <strong>${escapeHtml(names[0] ?? 'nobody')}</strong>.</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(oneLine(content.title))}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;line-height:1.6;color:#1a1a2e">
<div style="max-width:640px;margin:0 auto">
<p>The draw for <strong>${escapeHtml(oneLine(content.title))}</strong> (${escapeHtml(oneLine(content.prize))}) has been made.</p>
${several ? '<p>The winners:</p>' : ''}${list}
<p><a href="${escapeHtml(verify)}">Check the draw in your browser</a> · <a href="${escapeHtml(page)}">The giveaway's page</a></p>
${content.next && nextUrl ? `<p>Another giveaway is open now: <a href="${escapeHtml(nextUrl)}">${escapeHtml(oneLine(content.next.title))}</a></p>` : ''}
<hr style="border:0;border-top:1px solid #ddd;margin:24px 0">
<p style="font-size:13px;color:#555">You get this because you asked to be told the results when you entered. ${unsubscribeUrl ? `<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe with one click</a>.` : escapeHtml(unsubscribe)}</p>
</div></body></html>`;
  return {
    subject: oneLine(`The results of "${content.title}"`),
    text,
    html,
    ...(unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` } } : {}),
  };
}

export const unsubscribeUrlFor = (publicUrl: string, token: string) =>
  `${publicUrl}/api/v1/giveaway-results/unsubscribe?token=${encodeURIComponent(token)}`;

/** The newest other giveaway open for entries now, if any. */
async function openGiveaway(db: Db, id: number, timeZone: string) {
  const rows = (await listGiveaways(db)).filter((row) => row.id !== id);
  if (rows.length === 0) return null;
  const reread = async () => (await listGiveaways(db)).filter((row) => row.id !== id);
  const presented = await presentGiveaways(db, rows, { admin: false, timeZone }, reread);
  const open = presented.filter((g) => g.entries_closed_reason === null);
  // The newest one open (the list is newest first).
  const next = open[0] ?? null;
  return next ? { id: next.id, title: next.title } : null;
}

async function contentOf(db: Db, id: number, timeZone: string): Promise<ResultsContent> {
  const g: Giveaway = await presentGiveaway(db, id, { admin: false, timeZone });
  if (g.draws.length === 0) {
    throw conflict('The results mail can be sent only after the winner has been drawn.');
  }
  return {
    giveawayId: id,
    title: g.title,
    prize: g.prize,
    winners: [...g.winners].sort((a, b) => a.place - b.place).map((w) => w.instagram_handle),
    next: await openGiveaway(db, id, timeZone),
  };
}

/** The entrants who asked for the results, one per mailbox, with an address still held. */
function consenting(db: Db, id: number) {
  return db
    .selectFrom('participants')
    .select((eb) => [eb.fn.min('id').as('id'), 'mailbox', eb.fn.min('email').as('email')])
    .where('giveaway_id', '=', id)
    .where('results_consent', '=', 1)
    .where('email', 'not like', 'erased-%@erased.invalid')
    .groupBy('mailbox');
}

/** What the desk shows: the mail as it would go, how many it would reach, and what was sent. */
export async function resultsMailState(
  db: Db,
  id: number,
  context: { publicUrl: string; timeZone: string },
): Promise<ResultsMailState> {
  const g = await db
    .selectFrom('giveaways')
    .select(['id', 'draw_round'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!g) throw notFound(`There is no giveaway with id ${id}.`);
  const sent = await db
    .selectFrom('giveaway_results_mails')
    .selectAll()
    .where('giveaway_id', '=', id)
    .executeTakeFirst();
  const counts = sent
    ? await db
        .selectFrom('giveaway_results_recipients')
        .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('giveaway_id', '=', id)
        .groupBy('state')
        .execute()
    : [];
  const count = (state: string) => Number(counts.find((c) => c.state === state)?.n ?? 0);
  const recipients = (await consenting(db, id).execute()).length;
  const drawn = g.draw_round !== null;
  const preview = drawn
    ? renderResultsMail(await contentOf(db, id, context.timeZone), context.publicUrl, null)
    : null;
  return {
    drawn,
    recipients,
    preview: preview ? { subject: preview.subject, text: preview.text } : null,
    sent: sent
      ? {
          at: sent.created_at,
          by: sent.created_by,
          recipients: sent.recipients,
          delivered: count('sent'),
          waiting: count('queued') + count('sending'),
          failed: count('failed'),
          skipped: count('skipped'),
        }
      : null,
  };
}

/**
 * Queues the results mail for every consenting entrant, once: a second call (from this process or
 * another) finds the giveaway's row and is refused with 409, as is a call before the draw.
 */
export async function sendResultsMail(
  db: Db,
  id: number,
  context: { actor: Actor; now: Date; timeZone: string; dialect: Dialect },
): Promise<{ recipients: number }> {
  const at = context.now.toISOString();
  await contentOf(db, id, context.timeZone);
  const already = () =>
    conflict('The results mail of this giveaway has already been sent; it goes only once.');
  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('giveaway_results_mails')
        .values({
          giveaway_id: id,
          created_at: at,
          created_by: context.actor.username,
          recipients: 0,
        })
        .onConflict((oc) => oc.column('giveaway_id').doNothing())
        .returning('giveaway_id')
        .executeTakeFirst();
      if (!inserted) throw already();
      const rows = await consenting(trx, id).execute();
      if (rows.length > 0) {
        await trx
          .insertInto('giveaway_results_recipients')
          .values(
            rows.map((row) => ({
              giveaway_id: id,
              participant_id: Number(row.id),
              email: String(row.email),
              state: 'queued' as const,
              updated_at: at,
            })),
          )
          .execute();
      }
      await trx
        .updateTable('giveaway_results_mails')
        .set({ recipients: rows.length })
        .where('giveaway_id', '=', id)
        .execute();
      await logChange(trx, {
        giveawayId: id,
        actor: context.actor,
        action: 'results_mailed',
        summary: `Sent the results mail to ${rows.length} ${rows.length === 1 ? 'entrant' : 'entrants'} who asked for it.`,
        at,
      });
      return { recipients: rows.length };
    });
  } catch (error) {
    // Two processes at once: the loser's insert waited for the winner's commit.
    if (context.dialect === 'postgres' && (error as { code?: string }).code === '23505')
      throw already();
    throw error;
  }
}

/** Withdraws the consent of the mailbox a results mail went to, on every entry it made. */
export async function unsubscribeFromResults(db: Db, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const row = await db
    .selectFrom('giveaway_results_recipients as r')
    .innerJoin('participants as p', 'p.id', 'r.participant_id')
    .select(['p.mailbox'])
    .where('r.unsubscribe_hash', '=', hashUnsubscribeToken(token))
    .executeTakeFirst();
  if (!row?.mailbox) return false;
  await db
    .updateTable('participants')
    .set({ results_consent: 0 })
    .where('mailbox', '=', row.mailbox)
    .execute();
  return true;
}

/** One results mail claimed by the sender. */
export interface ClaimedResult {
  id: number;
  giveaway_id: number;
  email: string;
}

/** Results mails due: claimed (state "sending", a claim id, a lease) before any mail traffic. */
export async function claimResults(
  db: Db,
  claim: string,
  limit: number,
  leaseMs: number,
  dialect: Dialect,
): Promise<ClaimedResult[]> {
  const now = new Date().toISOString();
  await db
    .updateTable('giveaway_results_recipients')
    .set({ state: 'queued', claim: null, lease_until: null, updated_at: now })
    .where('state', '=', 'sending')
    .where('lease_until', '<', now)
    .execute();
  const leaseUntil = new Date(Date.now() + leaseMs).toISOString();
  const postgres = dialect === 'postgres';
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom('giveaway_results_recipients')
      .select('id')
      .where('state', '=', 'queued')
      .orderBy('id')
      .limit(limit);
    if (postgres) due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable('giveaway_results_recipients')
      .set({ state: 'sending', claim, lease_until: leaseUntil, updated_at: now })
      .where('id', 'in', ids)
      .where('state', '=', 'queued')
      .returning(['id', 'giveaway_id', 'email'])
      .execute();
  });
}

/**
 * The mail for one claimed recipient, with a fresh unsubscribe token (stored hashed); null when
 * the entrant withdrew consent or was erased meanwhile (the row is then skipped).
 */
export async function prepareResult(
  db: Db,
  row: ClaimedResult,
  context: { publicUrl: string; timeZone: string; content: Map<number, ResultsContent> },
): Promise<(MailMessage & { token: string }) | null> {
  const still = await db
    .selectFrom('giveaway_results_recipients as r')
    .innerJoin('participants as p', 'p.id', 'r.participant_id')
    .select('p.id')
    .where('r.id', '=', row.id)
    .where('p.results_consent', '=', 1)
    .where('p.email', 'not like', 'erased-%@erased.invalid')
    .executeTakeFirst();
  if (!still) {
    await db
      .updateTable('giveaway_results_recipients')
      .set({
        state: 'skipped',
        reason: 'Unsubscribed or erased before the mail went',
        claim: null,
        lease_until: null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    return null;
  }
  let content = context.content.get(row.giveaway_id);
  if (!content) {
    content = await contentOf(db, row.giveaway_id, context.timeZone);
    context.content.set(row.giveaway_id, content);
  }
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .updateTable('giveaway_results_recipients')
    .set({ unsubscribe_hash: hashUnsubscribeToken(token) })
    .where('id', '=', row.id)
    .execute();
  return {
    ...renderResultsMail(content, context.publicUrl, unsubscribeUrlFor(context.publicUrl, token)),
    to: row.email,
    token,
  };
}

/** Marks a claimed row sent, only while the claim is still this sender's. */
export async function markResultSent(db: Db, id: number, claim: string): Promise<boolean> {
  const now = new Date().toISOString();
  const done = await db
    .updateTable('giveaway_results_recipients')
    .set({ state: 'sent', sent_at: now, claim: null, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .where('claim', '=', claim)
    .where('state', '=', 'sending')
    .returning('id')
    .executeTakeFirst();
  return done !== undefined;
}

export async function markResultFailed(db: Db, id: number, reason: string): Promise<void> {
  await db
    .updateTable('giveaway_results_recipients')
    .set({
      state: 'failed',
      reason: reason.slice(0, 300),
      claim: null,
      lease_until: null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}
