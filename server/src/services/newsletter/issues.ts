import type { Kysely } from 'kysely';
import { CompileError, type CompileOptions, type Compiled } from '@site/pipeline';
import type { Database, NewsletterIssuesTable } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { escapeHtml } from '../../lib/mail-text';
import { readPublishedFiles } from '../posts/store';

/** Everything a subscriber's copy of an issue needs besides the issue itself. */
export interface RecipientLinks {
  /** The site's unsubscribe page with the recipient's own token (one click there). */
  unsubscribePage: string;
  /** The RFC 8058 one-click address for List-Unsubscribe. */
  oneClick: string;
}

export interface IssueMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * The post's HTML as the site publishes it (the pipeline's safe output), with site-relative
 * links and images made absolute so they work from a mail program. Anchor-only links (#…) point
 * at the post on the site.
 */
function absoluteLinks(html: string, publicUrl: string, postUrl: string): string {
  return html
    .replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${publicUrl}/`)
    .replace(/(\shref=")#/g, `$1${postUrl}#`);
}

export interface PostContent {
  slug: string;
  title: string;
  description: string;
  postUrl: string;
  html: string;
  text: string;
}

/**
 * A published markdown post as an issue's content, compiled for a mail (no heading anchors, a
 * text part that keeps the post's structure); 404 for no such post, 409 for MDX.
 */
export async function postContent(
  contentDir: string,
  publicUrl: string,
  slug: string,
  compile: (body: string, options: CompileOptions) => Promise<Compiled>,
): Promise<PostContent> {
  const file = (await readPublishedFiles(contentDir)).find((item) => item.slug === slug);
  if (!file?.fields) throw notFound(`There is no published post "${slug}".`);
  if (file.format === 'mdx')
    throw conflict(
      `"${slug}" is an MDX post: MDX is code, so it cannot be put in an e-mail. Send a link to it instead.`,
    );
  const postUrl = `${publicUrl}/blog/${encodeURIComponent(file.slug)}`;
  let compiled: Compiled;
  try {
    compiled = await compile(file.body, { mail: { siteUrl: publicUrl, pageUrl: postUrl } });
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    throw badRequest(
      `The post "${slug}" cannot be compiled into a mail: ${error.message}. Fix it in content/blog/${file.name} first.`,
    );
  }
  return {
    slug: file.slug,
    title: file.fields.title,
    description: file.fields.description,
    postUrl,
    html: absoluteLinks(compiled.html, publicUrl, postUrl),
    text: compiled.plainText,
  };
}

/** The issue's stored bodies: the post, without the per-recipient footer. */
export function issueBodies(post: PostContent): { html: string; text: string } {
  const text = [
    post.title,
    '',
    post.description,
    '',
    post.text.trim(),
    '',
    `Read it on the site: ${post.postUrl}`,
  ].join('\n');
  const html = [
    `<h1 style="font-size:24px;line-height:1.3;margin:0 0 12px">${escapeHtml(post.title)}</h1>`,
    `<p style="color:#555;margin:0 0 24px">${escapeHtml(post.description)}</p>`,
    `<div>${post.html}</div>`,
    `<p style="margin:32px 0"><a href="${escapeHtml(post.postUrl)}">Read it on the site</a></p>`,
  ].join('\n');
  return { html, text };
}

/** One recipient's copy: the issue's bodies with their own unsubscribe link and headers. */
export function renderIssueMail(
  issue: Pick<NewsletterIssuesTable, 'subject' | 'html_body' | 'text_body'>,
  links: RecipientLinks | null,
): IssueMail {
  const unsubscribe = links?.unsubscribePage ?? '(test mail: no unsubscribe link)';
  const text = `${issue.text_body}\n\n--\nYou get this because you subscribed to AgentWorks insights.\nUnsubscribe with one click: ${unsubscribe}\n`;
  const footer = links
    ? `You get this because you subscribed to AgentWorks insights. <a href="${escapeHtml(links.unsubscribePage)}">Unsubscribe with one click</a>.`
    : 'Test mail: subscribers get their own unsubscribe link here.';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(issue.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;line-height:1.6;color:#1a1a2e">
<div style="max-width:640px;margin:0 auto">
${issue.html_body}
<hr style="border:0;border-top:1px solid #ddd;margin:32px 0 16px">
<p style="font-size:13px;color:#666">${footer}</p>
</div>
</body></html>`;
  const headers: Record<string, string> = links
    ? {
        'List-Unsubscribe': `<${links.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {};
  return { subject: issue.subject, text, html, headers };
}

export function linksFor(publicUrl: string, token: string): RecipientLinks {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    unsubscribePage: `${publicUrl}/newsletter/unsubscribe?${query}`,
    oneClick: `${publicUrl}/api/v1/newsletter/unsubscribe/one-click?${query}`,
  };
}

export interface IssueProgress {
  id: number;
  slug: string;
  subject: string;
  post_url: string;
  status: NewsletterIssuesTable['status'];
  created_by: string;
  created_at: string;
  finished_at: string | null;
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  cancelled: number;
}

/**
 * Makes an issue of a published post and queues every confirmed subscriber, in one transaction:
 * the issue exists with all its recipients or not at all. A post already sent (or sending) is
 * refused, so a double click cannot mail everyone twice.
 */
export async function createIssue(
  db: Kysely<Database>,
  post: PostContent,
  createdBy: string,
): Promise<number> {
  const { html, text } = issueBodies(post);
  return db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom('newsletter_issues')
      .select(['id', 'status', 'created_at'])
      .where('slug', '=', post.slug)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
    if (earlier)
      throw conflict(
        earlier.status === 'sending'
          ? `"${post.title}" is being sent right now (issue ${earlier.id}).`
          : `"${post.title}" was already sent to subscribers (issue ${earlier.id}, ${earlier.created_at.slice(0, 10)}).`,
      );
    const now = new Date().toISOString();
    const issue = await trx
      .insertInto('newsletter_issues')
      .values({
        slug: post.slug,
        subject: post.title,
        post_url: post.postUrl,
        html_body: html,
        text_body: text,
        status: 'sending',
        recipient_count: 0,
        created_by: createdBy,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('newsletter_issue_recipients')
      .columns(['issue_id', 'subscriber_id', 'email', 'state', 'next_attempt_at', 'updated_at'])
      .expression((eb) =>
        eb
          .selectFrom('newsletter_subscribers')
          .select((s) => [
            s.val(issue.id).as('issue_id'),
            'id',
            'email',
            s.val('queued').as('state'),
            s.val(now).as('next_attempt_at'),
            s.val(now).as('updated_at'),
          ])
          .where('status', '=', 'confirmed'),
      )
      .executeTakeFirst();
    const counted = await trx
      .selectFrom('newsletter_issue_recipients')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('issue_id', '=', issue.id)
      .executeTakeFirstOrThrow();
    const count = Number(counted.n);
    await trx
      .updateTable('newsletter_issues')
      .set({
        recipient_count: count,
        ...(count === 0 ? { status: 'sent' as const, finished_at: now } : {}),
      })
      .where('id', '=', issue.id)
      .execute();
    return issue.id;
  });
}

/** The latest issue of the post `slug` that was not cancelled, if any. */
export function latestIssueOf(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom('newsletter_issues')
    .select('id')
    .where('slug', '=', slug)
    .where('status', '!=', 'cancelled')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Issues newest first (or one), each with how many recipients are in each state. */
export async function issueProgress(db: Kysely<Database>, id?: number): Promise<IssueProgress[]> {
  let issues = db
    .selectFrom('newsletter_issues')
    .select([
      'id',
      'slug',
      'subject',
      'post_url',
      'status',
      'created_by',
      'created_at',
      'finished_at',
      'recipient_count',
    ])
    .orderBy('id', 'desc')
    .limit(50);
  if (id !== undefined) issues = issues.where('id', '=', id);
  const rows = await issues.execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('newsletter_issue_recipients')
    .select(['issue_id', 'state', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where(
      'issue_id',
      'in',
      rows.map((row) => row.id),
    )
    .groupBy(['issue_id', 'state'])
    .execute();
  return rows.map((row) => {
    const of = (state: string) =>
      counts
        .filter((c) => c.issue_id === row.id && c.state === state)
        .reduce((sum, c) => sum + Number(c.n), 0);
    return {
      id: row.id,
      slug: row.slug,
      subject: row.subject,
      post_url: row.post_url,
      status: row.status,
      created_by: row.created_by,
      created_at: row.created_at,
      finished_at: row.finished_at,
      recipients: row.recipient_count,
      // Rows being sent right now are still waiting as far as anyone watching can tell.
      queued: of('queued') + of('sending'),
      sent: of('sent'),
      failed: of('failed'),
      skipped: of('skipped'),
      cancelled: of('cancelled'),
    };
  });
}

/**
 * Stops an issue that is still sending: recipients not yet claimed (or whose claim ran out) are
 * marked cancelled; rows a live sender has claimed are still sent. 409 when the issue is no longer sending.
 */
/** A recipient row of a cancelled issue: not sent, and claimed by no sender. */
export const cancelledRecipient = (now: string) =>
  ({
    state: 'cancelled',
    reason: 'Issue cancelled',
    claim: null,
    lease_until: null,
    updated_at: now,
  }) as const;

export async function cancelIssue(db: Kysely<Database>, id: number): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('newsletter_issues')
      .set({ status: 'cancelled', finished_at: now })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const exists = await trx
        .selectFrom('newsletter_issues')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!exists) throw notFound(`There is no newsletter issue ${id}.`);
      throw conflict(`Issue ${id} is no longer sending (it is ${exists.status}).`);
    }
    await trx
      .updateTable('newsletter_issue_recipients')
      .set(cancelledRecipient(now))
      .where('issue_id', '=', id)
      // Claims whose lease ran out belong to no live sender: cancelled too, so that a sender
      // taking them back at this moment cannot leave them queued under a cancelled issue.
      .where((eb) =>
        eb.or([
          eb('state', '=', 'queued'),
          eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', now)]),
        ]),
      )
      .execute();
  });
}

/** Confirmed subscribers right now: how many one issue would go to. */
export async function confirmedCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
