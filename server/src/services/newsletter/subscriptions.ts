import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { NEWSLETTER_CONSENT_TEXT, type NewsletterSubscriber } from '@site/contracts';
import type { Database, NewsletterTokensTable } from '../../db/database';
import { paginate } from '../../lib/pagination';
import type { Mailer } from '../mail';

export const SUBSCRIBE_ANSWER =
  'Thanks! Please check your inbox and click the link in our e-mail to confirm your subscription.';
export const UNSUBSCRIBE_ANSWER =
  'You are unsubscribed and will not receive our newsletter any more.';
export const UNSUBSCRIBE_LINK_ANSWER =
  'If that address is subscribed, we have sent it an e-mail with a link. Open the link to unsubscribe; until then nothing changes.';

export interface NewsletterContext {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Public base URL of the site, without a trailing slash. */
  publicUrl: string;
  tokenTtlHours: number;
  /** Days an unsubscribe link works after the mail that carried it (NEWSLETTER_UNSUBSCRIBE_DAYS). */
  unsubscribeDays: number;
}

/**
 * One confirmation mail (and one unsubscribe link) per address per this long: the per-address
 * rate limit cannot stop someone using many addresses from flooding one inbox. It is kept on the
 * subscriber row, so unsubscribing in between does not reset it.
 */
const RESEND_COOLDOWN_MS = 2 * 60_000;

const sentRecently = (sentAt: string | null) =>
  sentAt !== null && sentAt > new Date(Date.now() - RESEND_COOLDOWN_MS).toISOString();

export class InvalidTokenError extends Error {}

/** An unsubscribe link used after its time (the mail that carried it is older than that). */
export class ExpiredUnsubscribeLinkError extends Error {}

/**
 * When an unsubscribe link sent now stops working. Each mail carries a token of its own, made
 * when the mail is sent, so this is the time since the last mail that carried it: long enough
 * for RFC 8058 one-click from any recent mail, short enough that an old leaked mail does not
 * unsubscribe anyone for ever.
 */
export function unsubscribeExpiry(days: number, from: Date = new Date()): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString();
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

async function issueToken(
  db: Kysely<Database>,
  subscriberId: number,
  purpose: NewsletterTokensTable['purpose'],
  expiresAt: string | null,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('newsletter_tokens')
    .values({
      subscriber_id: subscriberId,
      purpose,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      used_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return token;
}

/**
 * Sends a mail to a subscriber with a fresh unsubscribe token: a visible link to the site's
 * unsubscribe page, and RFC 8058 one-click headers pointing at the API. Every newsletter mail
 * goes through here.
 */
export async function sendNewsletterMail(
  ctx: NewsletterContext,
  subscriber: { id: number; email: string },
  mail: { subject: string; text: string; secrets?: readonly string[] },
) {
  const token = await issueToken(
    ctx.db,
    subscriber.id,
    'unsubscribe',
    unsubscribeExpiry(ctx.unsubscribeDays),
  );
  const query = `token=${encodeURIComponent(token)}`;
  const page = `${ctx.publicUrl}/newsletter/unsubscribe?${query}`;
  await ctx.mailer.send({
    to: subscriber.email,
    subject: mail.subject,
    text: `${mail.text}\n\n--\nYou get this because you subscribed to AgentWorks insights.\nUnsubscribe: ${page}\n`,
    headers: {
      'List-Unsubscribe': `<${ctx.publicUrl}/api/v1/newsletter/unsubscribe/one-click?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    secrets: [token, ...(mail.secrets ?? [])],
  });
}

/**
 * Double opt-in, step one. Whatever the address's state, the caller answers the same; only
 * addresses that are not yet confirmed get a (new) confirmation mail, at most one per cool-down.
 * The consent record is the server's wording (NEWSLETTER_CONSENT_TEXT) and the given source.
 */
export async function subscribe(
  ctx: NewsletterContext,
  input: { email: string; source: string },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const now = new Date().toISOString();
  const consent = {
    consent_at: now,
    consent_source: input.source,
    consent_text: NEWSLETTER_CONSENT_TEXT,
  };

  await ctx.db
    .insertInto('newsletter_subscribers')
    .values({
      email,
      status: 'pending',
      ...consent,
      confirmed_at: null,
      unsubscribed_at: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const subscriber = await ctx.db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'status', 'confirm_sent_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  if (subscriber.status === 'confirmed' || sentRecently(subscriber.confirm_sent_at)) return;

  // Claimed in the same statement that checks it, so two requests at once send one mail.
  const claimed = await ctx.db
    .updateTable('newsletter_subscribers')
    .set({ status: 'pending', ...consent, confirm_sent_at: now, updated_at: now })
    .where('id', '=', subscriber.id)
    .where('status', '!=', 'confirmed')
    .where((eb) =>
      subscriber.confirm_sent_at === null
        ? eb('confirm_sent_at', 'is', null)
        : eb('confirm_sent_at', '=', subscriber.confirm_sent_at),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;

  // A new request replaces any earlier, unused confirmation link.
  await ctx.db
    .deleteFrom('newsletter_tokens')
    .where('subscriber_id', '=', subscriber.id)
    .where('purpose', '=', 'confirm')
    .execute();

  const expiresAt = new Date(Date.now() + ctx.tokenTtlHours * 3_600_000).toISOString();
  const token = await issueToken(ctx.db, subscriber.id, 'confirm', expiresAt);
  await sendNewsletterMail(ctx, subscriber, {
    subject: 'Please confirm your AgentWorks newsletter subscription',
    text: [
      'Hello,',
      '',
      'Someone (hopefully you) asked to receive weekly insights from AgentWorks at this address.',
      'To confirm, open this link:',
      '',
      `${ctx.publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`,
      '',
      `The link works once and expires in ${ctx.tokenTtlHours} hours. If you did not ask for this, ignore this e-mail: nothing happens without your confirmation.`,
    ].join('\n'),
    secrets: [token],
  });
}

/**
 * Double opt-in, step two. Returns 'confirmed', or 'already' when this link was used before;
 * throws InvalidTokenError for an unknown or expired link.
 */
export async function confirm(
  ctx: NewsletterContext,
  token: string,
): Promise<'confirmed' | 'already'> {
  const now = new Date().toISOString();
  const row = await ctx.db
    .selectFrom('newsletter_tokens')
    .innerJoin(
      'newsletter_subscribers',
      'newsletter_subscribers.id',
      'newsletter_tokens.subscriber_id',
    )
    .select([
      'newsletter_tokens.id as token_id',
      'newsletter_tokens.expires_at',
      'newsletter_tokens.used_at',
      'newsletter_subscribers.id as subscriber_id',
      'newsletter_subscribers.email',
      'newsletter_subscribers.status',
    ])
    .where('newsletter_tokens.token_hash', '=', hashToken(token))
    .where('newsletter_tokens.purpose', '=', 'confirm')
    .executeTakeFirst();
  if (!row) throw new InvalidTokenError();
  if (row.used_at) {
    if (row.status === 'confirmed') return 'already';
    throw new InvalidTokenError();
  }
  if (row.expires_at !== null && row.expires_at <= now) throw new InvalidTokenError();

  // Claiming the token in the same statement that checks it makes the link single-use under concurrency.
  const claimed = await ctx.db
    .updateTable('newsletter_tokens')
    .set({ used_at: now })
    .where('id', '=', row.token_id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 'already';

  await ctx.db
    .updateTable('newsletter_subscribers')
    .set({ status: 'confirmed', confirmed_at: now, unsubscribed_at: null, updated_at: now })
    .where('id', '=', row.subscriber_id)
    .execute();
  await sendNewsletterMail(
    ctx,
    { id: row.subscriber_id, email: row.email },
    {
      subject: 'Welcome to AgentWorks insights',
      text: "You're now subscribed to our newsletter: you'll receive our latest insights in your inbox every week.",
    },
  );
  return 'confirmed';
}

async function markUnsubscribed(db: Kysely<Database>, subscriberId: number) {
  const now = new Date().toISOString();
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: now, updated_at: now })
    .where('id', '=', subscriberId)
    .where('status', '!=', 'unsubscribed')
    .execute();
  // A pending confirmation link must not resubscribe someone who just left.
  await db
    .deleteFrom('newsletter_tokens')
    .where('subscriber_id', '=', subscriberId)
    .where('purpose', '=', 'confirm')
    .execute();
}

/**
 * Unsubscribes by a token from a newsletter mail (instant); unknown tokens are ignored. A token
 * past its time throws ExpiredUnsubscribeLinkError. Tokens stored before links expired (no
 * expiry) count from when they were made, `days` like the others.
 */
export async function unsubscribe(
  db: Kysely<Database>,
  token: string,
  days: number,
): Promise<void> {
  const row = await db
    .selectFrom('newsletter_tokens')
    .select(['subscriber_id as id', 'expires_at', 'created_at'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', 'unsubscribe')
    .executeTakeFirst();
  if (!row) return;
  const expiresAt = row.expires_at ?? unsubscribeExpiry(days, new Date(row.created_at));
  if (expiresAt <= new Date().toISOString()) throw new ExpiredUnsubscribeLinkError();
  await markUnsubscribed(db, row.id);
}

/**
 * Asked by address, unsubscribing only mails the address a link (anyone can type an address;
 * only its owner can open the mail). Confirmed subscribers get one per cool-down; anything else
 * gets nothing, and the caller answers the same either way.
 */
export async function requestUnsubscribeLink(ctx: NewsletterContext, email: string): Promise<void> {
  const subscriber = await ctx.db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'unsubscribe_sent_at'])
    .where('email', '=', email.trim().toLowerCase())
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  if (!subscriber || sentRecently(subscriber.unsubscribe_sent_at)) return;
  const now = new Date().toISOString();
  const claimed = await ctx.db
    .updateTable('newsletter_subscribers')
    .set({ unsubscribe_sent_at: now, updated_at: now })
    .where('id', '=', subscriber.id)
    .where((eb) =>
      subscriber.unsubscribe_sent_at === null
        ? eb('unsubscribe_sent_at', 'is', null)
        : eb('unsubscribe_sent_at', '=', subscriber.unsubscribe_sent_at),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  await sendNewsletterMail(ctx, subscriber, {
    subject: 'Unsubscribe from AgentWorks insights',
    text: [
      'Hello,',
      '',
      'Someone (hopefully you) asked to stop our newsletter to this address.',
      'To unsubscribe, open the unsubscribe link at the end of this e-mail and confirm with one click.',
      '',
      'If you did not ask for this, ignore this e-mail: you stay subscribed.',
    ].join('\n'),
  });
}

function confirmedQuery(db: Kysely<Database>) {
  return db.selectFrom('newsletter_subscribers').where('status', '=', 'confirmed');
}

function toSubscriber(row: {
  id: number;
  email: string;
  confirmed_at: string | null;
  consent_at: string;
  consent_source: string;
  consent_text: string;
}): NewsletterSubscriber {
  return { ...row, confirmed_at: row.confirmed_at ?? row.consent_at };
}

const SUBSCRIBER_COLUMNS = [
  'id',
  'email',
  'confirmed_at',
  'consent_at',
  'consent_source',
  'consent_text',
] as const;

export function listConfirmed(db: Kysely<Database>, page: number, perPage: number) {
  return paginate(
    confirmedQuery(db),
    (from) => from.select(SUBSCRIBER_COLUMNS).orderBy('confirmed_at', 'desc').orderBy('id', 'desc'),
    { page, perPage },
    toSubscriber,
  );
}

/**
 * One CSV cell. Quoted always; a leading =, +, -, @, tab or carriage return gets an apostrophe
 * so a spreadsheet shows the text instead of running it as a formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export async function confirmedCsv(db: Kysely<Database>): Promise<string> {
  const rows = await confirmedQuery(db)
    .select(SUBSCRIBER_COLUMNS)
    .orderBy('confirmed_at')
    .orderBy('id')
    .execute();
  const header = ['email', 'confirmed_at', 'consent_at', 'consent_source', 'consent_text'];
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows.map(toSubscriber)) {
    lines.push(
      [row.email, row.confirmed_at, row.consent_at, row.consent_source, row.consent_text]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
