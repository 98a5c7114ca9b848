import type { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Kysely } from 'kysely';
import type { OutboxMessage } from '@site/contracts';
import type { Database, OutboxTable } from '../db/database';
import { headerAddresses } from '../lib/email-address';
import { paginate } from '../lib/pagination';
import { redactMail } from './mail-redaction';

export interface MailMessage {
  /** Null when no recipient is configured (e.g. OWNER_EMAIL unset): the message is kept in the outbox. */
  to: string | null;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /**
   * Values that act for the recipient (tokens of the links in the mail). Delivered as they are;
   * in the admin-readable outbox every link holding one (and any link with a `token=` parameter)
   * is replaced by a placeholder.
   */
  secrets?: readonly string[];
}

/** An outbox row as stored. */
export interface KeptMail {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON object of extra headers. */
  headers: string;
  reason: OutboxTable['reason'];
  created_at: string;
}

/**
 * The one writer of the outbox. Keeps one mail: the outbox row (what admins read) with the
 * recipient's links (`message.secrets`) replaced by a placeholder, the addresses its headers name,
 * and, when the placeholder changed anything, the mail as it should be delivered in
 * `outbox_sealed`, which only the operator's command line reads. Run it in a transaction so the
 * rows are written together.
 */
export async function keepInOutbox(
  db: Kysely<Database>,
  message: MailMessage,
  reason: OutboxTable['reason'],
  createdAt: string,
): Promise<void> {
  const original = {
    text: message.text,
    html: message.html ?? null,
    headers: message.headers ?? {},
  };
  const { mail: redacted, changed } = redactMail(original, message.secrets ?? []);
  const row = await db
    .insertInto('outbox')
    .values({
      to_address: message.to ?? '',
      subject: message.subject,
      text_body: redacted.text,
      html_body: redacted.html,
      headers: JSON.stringify(redacted.headers),
      reason,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The addresses the headers name (Reply-To …), as mail is matched to a person exactly.
  await recordHeaderAddresses(db, row.id, original.headers);
  if (!changed) return;
  await db
    .insertInto('outbox_sealed')
    .values({
      outbox_id: row.id,
      text_body: original.text,
      html_body: original.html,
      headers: JSON.stringify(original.headers),
    })
    .execute();
}

/**
 * The one place an SMTP transport is made. `mail`: one message at a time for the site's own
 * mails, with short timeouts, as a visitor's request waits for delivery and a dead server must not
 * hang it. `bulk`: a pool of `connections` kept open for newsletter issues, whose sender paces
 * itself and may wait longer for an answer.
 */
function smtpTransport(smtpUrl: string, use: 'mail' | { bulk: number }): Transporter {
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000 };
  if (use === 'mail')
    return nodemailer.createTransport(smtpUrl, { ...timeouts, socketTimeout: 20_000 });
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: use.bulk,
    maxMessages: Infinity,
    ...timeouts,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

export type Delivery = 'sent' | OutboxTable['reason'];

export interface Mailer {
  /** Sends through SMTP when configured, otherwise (or when delivery fails) keeps it in the outbox. */
  send(message: MailMessage): Promise<Delivery>;
  close(): void;
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailerOptions {
  db: Kysely<Database>;
  smtpUrl: string | undefined;
  from: string;
  log: Logger;
}

export function createMailer({ db, smtpUrl, from, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? smtpTransport(smtpUrl, 'mail') : null;

  async function keep(message: MailMessage, reason: OutboxTable['reason']): Promise<Delivery> {
    const createdAt = new Date().toISOString();
    await db.transaction().execute((trx) => keepInOutbox(trx, message, reason, createdAt));
    return reason;
  }

  return {
    async send(message) {
      if (!message.to) return keep(message, 'no-recipient');
      if (!transport) return keep(message, 'no-smtp');
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          headers: message.headers ?? {},
        });
        return 'sent';
      } catch (error) {
        // The SMTP error text can echo the recipient; log only its code.
        log.error(
          { code: (error as { code?: string }).code ?? 'unknown' },
          'SMTP delivery failed; message kept in the outbox',
        );
        return keep(message, 'smtp-failed');
      }
    },
    close() {
      transport?.close();
    },
  };
}

/** Newsletter delivery: many mails over a pool of SMTP connections, each sent as composed bytes. */
export interface BulkMailer {
  /** The message as it goes on the wire, from the configured sender to `message.to`. */
  compose(message: MailMessage & { to: string }, messageId: string): Promise<Buffer>;
  /**
   * Sends composed bytes to `to`. The SMTP server accepts the mail only when `raw` ends, so a
   * caller can hold the end back until it has recorded the mail as sent.
   */
  sendRaw(to: string, raw: Readable): Promise<unknown>;
  close(): void;
}

export function createBulkMailer(smtpUrl: string, from: string, connections: number): BulkMailer {
  const transport = smtpTransport(smtpUrl, { bulk: connections });
  return {
    compose(message, messageId) {
      return new MailComposer({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? {},
        messageId,
      })
        .compile()
        .build();
    },
    sendRaw(to, raw) {
      return transport.sendMail({ envelope: { from, to: [to] }, raw });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Records the addresses a kept mail's extra headers name (outbox_addresses), in the transaction
 * that keeps the mail: a personal-data request finds the mail by these whole addresses.
 */
async function recordHeaderAddresses(
  trx: Kysely<Database>,
  outboxId: number,
  headers: Record<string, string>,
): Promise<void> {
  const addresses = headerAddresses(headers);
  if (addresses.length === 0) return;
  await trx
    .insertInto('outbox_addresses')
    .values(addresses.map((address) => ({ outbox_id: outboxId, address })))
    .execute();
}

/** Outbox rows as the API shows them. */
export function toOutboxMessage(row: KeptMail & { id: number }): OutboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers: JSON.parse(row.headers) as Record<string, string>,
    reason: row.reason,
    created_at: row.created_at,
  };
}

/** Newest first, one page of the outbox, as admins may read it (the recipients' links redacted). */
export function listOutbox(db: Kysely<Database>, page: number, perPage: number) {
  return paginate(
    db.selectFrom('outbox'),
    (from) => from.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    { page, perPage },
    toOutboxMessage,
  );
}

/**
 * Newest first, the outbox as delivered: each mail with the recipient's own links. For the
 * operator's command line only; no route reads it.
 */
export function listOutboxAsDelivered(db: Kysely<Database>, page: number, perPage: number) {
  return paginate(
    db.selectFrom('outbox').leftJoin('outbox_sealed as s', 's.outbox_id', 'outbox.id'),
    (from) =>
      from
        .selectAll('outbox')
        .select([
          's.outbox_id as sealed_id',
          's.text_body as sealed_text',
          's.html_body as sealed_html',
          's.headers as sealed_headers',
        ])
        .orderBy('outbox.created_at', 'desc')
        .orderBy('outbox.id', 'desc'),
    { page, perPage },
    (row) => {
      const sealed = row.sealed_id !== null;
      return {
        ...toOutboxMessage(
          sealed
            ? {
                ...row,
                text_body: row.sealed_text ?? row.text_body,
                html_body: row.sealed_html,
                headers: row.sealed_headers ?? row.headers,
              }
            : row,
        ),
        /** Whether admins see this mail with its links replaced by a placeholder. */
        sealed,
      };
    },
  );
}
