import { parseArgs } from 'node:util';
import type { Db } from '../db/connect';
import { listOutboxAsDelivered } from '../services/mail';
import { CliError, type CliIo, runCli } from './run';

const USAGE = `Show mail kept in the outbox (all mail while SMTP_URL is unset), newest first, as it
is to be delivered: with the recipient's own links (invitation, confirmation, unsubscribe,
claim), which /admin/inbox and the API show only as "[link sent to the recipient]". Pass such a
link on to its recipient only.

  npm run outbox              the 10 newest messages
  npm run outbox -- --limit 50`;

export async function outboxCommand(
  argv: string[],
  { db }: Pick<Db, 'db'>,
  io: CliIo,
): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        limit: { type: 'string', default: '10' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return;
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new CliError('--limit must be a whole number from 1 to 100.');

  const { items, total } = await listOutboxAsDelivered(db, 1, limit);
  if (total === 0) {
    io.stdout.write('The outbox is empty.\n');
    return;
  }
  io.stdout.write(
    `${total} message${total === 1 ? '' : 's'} in the outbox; showing the newest ${items.length}.\n`,
  );
  for (const message of items) {
    io.stdout.write(
      [
        '',
        `#${message.id}  ${message.created_at}  (${message.reason})${message.sealed ? "  [holds the recipient's own link: for the recipient only]" : ''}`,
        `To: ${message.to || '(no recipient: set OWNER_EMAIL)'}`,
        `Subject: ${message.subject}`,
        ...Object.entries(message.headers).map(([name, value]) => `${name}: ${value}`),
        '',
        message.text,
        '',
      ].join('\n'),
    );
  }
}

if (require.main === module) runCli(outboxCommand);
