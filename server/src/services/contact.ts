import type { Kysely } from 'kysely';
import type { ContactEnquiry, ContactRequest, ContactService } from '@site/contracts';
import type { ContactFacts } from '@site/pipeline';
import type { Database } from '../db/database';
import { HttpError, notFound } from '../lib/http-error';
import { paginate } from '../lib/pagination';
import type { Mailer } from './mail';
import type { MailLimits } from './mail-limits';
import { acknowledgementText, loadCompanyIdentity } from './site-facts';

/** Said instead of acknowledging an enquiry when the mail limits hold the acknowledgement back. */
export const ACKNOWLEDGEMENT_HELD_BACK =
  'We did not send an acknowledgement to your e-mail address this time: it has had as many mails from us as we send to one address in a while.';

/**
 * Keeps one enquiry, notifies the owner at OWNER_EMAIL and acknowledges it to the sender (by SMTP,
 * or in the outbox). Both mails name the reply-time promise as content/ writes it (`facts`); the
 * notification also names the service. Anyone can type any address, so the acknowledgement passes
 * the mail limits first; held back, the enquiry still counts and `heldBack` says so.
 */
export async function receiveEnquiry(
  db: Kysely<Database>,
  mailer: Mailer,
  ownerEmail: string | undefined,
  input: ContactRequest,
  facts: ContactFacts,
  limits: Pick<MailLimits, 'allow'>,
): Promise<ContactEnquiry & { heldBack: string | null }> {
  const enquiry = {
    name: input.name.trim(),
    email: input.email.trim(),
    phone: (input.phone ?? '').trim(),
    company: (input.company ?? '').trim(),
    message: input.message.trim(),
    service: input.service ?? '',
    created_at: new Date().toISOString(),
    read_at: null,
  };
  const { id } = await db
    .insertInto('contact_enquiries')
    .values(enquiry)
    .returning('id')
    .executeTakeFirstOrThrow();

  const service = enquiry.service
    ? (facts.services.find((entry) => entry.slug === enquiry.service)?.name ?? enquiry.service)
    : 'not chosen';
  // Header values stay on one line whatever the visitor typed.
  const oneLine = (value: string) => value.replace(/\s+/g, ' ');
  await mailer.send({
    to: ownerEmail ?? null,
    subject: oneLine(
      `New enquiry from ${enquiry.name}${enquiry.company ? ` (${enquiry.company})` : ''}`,
    ),
    text: [
      `Name: ${enquiry.name}`,
      `E-mail: ${enquiry.email}`,
      `Phone: ${enquiry.phone || '-'}`,
      `Company: ${enquiry.company || '-'}`,
      `Service: ${service}`,
      `Received: ${enquiry.created_at}`,
      '',
      enquiry.message,
      '',
      `Reply within ${facts.replyTime} on business days.`,
    ].join('\n'),
    headers: { 'Reply-To': enquiry.email },
  });
  try {
    await limits.allow({ to: enquiry.email });
  } catch (error) {
    // The enquiry is kept and the owner has it: only the acknowledgement waits.
    const limited = error instanceof HttpError && error.statusCode === 429;
    return {
      id,
      ...enquiry,
      heldBack: limited
        ? ACKNOWLEDGEMENT_HELD_BACK
        : 'We could not send an acknowledgement to your e-mail address just now.',
    };
  }
  // The sender's acknowledgement repeats the reply-time promise, and nothing they typed.
  const company = loadCompanyIdentity();
  await mailer.send({
    to: enquiry.email,
    subject: oneLine(`We received your message – ${company.name}`),
    text: acknowledgementText(facts, company),
    headers: { 'Reply-To': company.email },
  });
  return { id, ...enquiry, heldBack: null };
}

/** Newest first, one page of the enquiries. */
export function listEnquiries(db: Kysely<Database>, page: number, perPage: number) {
  return paginate(
    db.selectFrom('contact_enquiries'),
    (from) => from.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    { page, perPage },
    (row): ContactEnquiry => ({ ...row, service: row.service as ContactService }),
  );
}

/** Enquiries no admin has marked read yet. */
export async function unreadEnquiries(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('contact_enquiries')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks one enquiry read (keeping the time it was first marked) or unread again; 404 for no such
 * enquiry. Answers with the enquiry as it is now and the unread count after the change.
 */
export async function markEnquiryRead(
  db: Kysely<Database>,
  id: number,
  read: boolean,
): Promise<{ enquiry: ContactEnquiry; unread: number }> {
  const now = new Date().toISOString();
  const row = await db
    .updateTable('contact_enquiries')
    .set((eb) => ({
      read_at: read ? eb.fn.coalesce('read_at', eb.val(now)) : null,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('There is no such enquiry. It may have been erased.');
  return {
    enquiry: { ...row, service: row.service as ContactService },
    unread: await unreadEnquiries(db),
  };
}
