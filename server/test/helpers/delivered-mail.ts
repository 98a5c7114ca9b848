import type { Kysely } from 'kysely';
import type { OutboxMessage } from '@site/contracts';
import type { Database } from '../../src/db/database';
import { listOutboxAsDelivered } from '../../src/services/mail';

/**
 * The outbox as the operator's command line shows it (`npm run outbox`): every kept mail with the
 * recipient's own links, newest first. Admin answers show those links redacted, so tests that
 * follow a link mailed without SMTP read it here.
 */
export async function deliveredMail(db: Kysely<Database>): Promise<OutboxMessage[]> {
  return (await listOutboxAsDelivered(db, 1, 100)).items;
}

/** The text of the newest kept mail to `to`, as delivered. */
export async function deliveredText(db: Kysely<Database>, to: string): Promise<string> {
  const mail = (await deliveredMail(db)).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail kept for ${to}`);
  return mail.text;
}
