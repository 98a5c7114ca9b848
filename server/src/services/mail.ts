import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely, Transaction } from 'kysely';
import type { OutboxMessage } from '@site/contracts';
import type { Database, OutboxTable } from '../db/database';
import { headerAddresses } from '../lib/email-address';
import { paginate } from '../lib/pagination';

export interface MailMessage {
  /** Null when no recipient is configured (e.g. OWNER_EMAIL unset): the message is kept in the outbox. */
  to: string | null;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
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
  // Short timeouts: a visitor's request waits for delivery, and a dead server must not hang it.
  const transport: Transporter | null = smtpUrl
    ? nodemailer.createTransport(smtpUrl, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;

  async function keep(message: MailMessage, reason: OutboxTable['reason']): Promise<Delivery> {
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('outbox')
        .values({
          to_address: message.to ?? '',
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          headers: JSON.stringify(message.headers ?? {}),
          reason,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordHeaderAddresses(trx, id, message.headers ?? {});
    });
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

/**
 * Records the addresses a kept mail's extra headers name (outbox_addresses), in the transaction
 * that keeps the mail: a personal-data request finds the mail by these whole addresses. Every
 * writer of the outbox whose headers can name a person calls it.
 */
export async function recordHeaderAddresses(
  trx: Transaction<Database>,
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
export function toOutboxMessage(row: {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: string;
  reason: OutboxTable['reason'];
  created_at: string;
}): OutboxMessage {
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

/** Newest first, one page of the outbox. */
export function listOutbox(db: Kysely<Database>, page: number, perPage: number) {
  return paginate(
    db.selectFrom('outbox'),
    (from) => from.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    { page, perPage },
    toOutboxMessage,
  );
}
