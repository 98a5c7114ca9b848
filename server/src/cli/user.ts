import { parseArgs } from 'node:util';
import type { Role } from '@site/contracts';
import type { Db } from '../db/connect';
import { AccountError, createUser, listUsers, removeUser, setPassword } from '../services/accounts';
import { CliError, type CliIo, runCli } from './run';

const USAGE = `Manage accounts (uses DATABASE_URL like the server).

  npm run user -- add <username> [--role admin|editor] [--password-stdin]
  npm run user -- passwd <username> [--password-stdin]
  npm run user -- remove <username>
  npm run user -- list

The password is asked for twice on the terminal, or read from standard input with
--password-stdin (e.g. printf '%s' "$PASSWORD" | npm run user -- add alice --password-stdin).
A new password logs the user out everywhere.`;

async function readStdin(stdin: CliIo['stdin']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  // One trailing newline comes from echo/printf habits; anything else belongs to the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function promptHidden(io: CliIo, question: string): Promise<string> {
  const { stdin } = io;
  if (!stdin.isTTY || !stdin.setRawMode) {
    return Promise.reject(
      new CliError('No terminal to ask for the password on: use --password-stdin.'),
    );
  }
  io.stdout.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stdout.write('\n');
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new CliError('Cancelled.'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function askPassword(io: CliIo, fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin(io.stdin);
  const first = await promptHidden(io, 'New password: ');
  const second = await promptHidden(io, 'Repeat it: ');
  if (first !== second) throw new CliError('The two passwords differ; nothing was changed.');
  return first;
}

function oneUsername(positionals: string[], command: string): string {
  const [username, ...extra] = positionals;
  if (!username || extra.length > 0)
    throw new CliError(`Usage: npm run user -- ${command} <username>`);
  return username;
}

export async function userCommand(
  argv: string[],
  { db }: Pick<Db, 'db'>,
  io: CliIo,
): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        role: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    io.stdout.write(`${USAGE}\n`);
    return;
  }

  try {
    switch (command) {
      case 'add': {
        const username = oneUsername(rest, 'add');
        const role = values.role ?? 'editor';
        if (role !== 'admin' && role !== 'editor')
          throw new CliError('--role must be admin or editor.');
        const password = await askPassword(io, values['password-stdin'] ?? false);
        await createUser(db, username, password, role as Role);
        io.stdout.write(`Added ${role} "${username}".\n`);
        return;
      }
      case 'passwd': {
        const username = oneUsername(rest, 'passwd');
        const exists = await db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirst();
        if (!exists) throw new CliError(`There is no user named "${username}".`);
        await setPassword(db, username, await askPassword(io, values['password-stdin'] ?? false));
        io.stdout.write(
          `Changed the password of "${username}"; their earlier sessions are logged out.\n`,
        );
        return;
      }
      case 'remove': {
        const username = oneUsername(rest, 'remove');
        await removeUser(db, username);
        io.stdout.write(`Removed "${username}".\n`);
        return;
      }
      case 'list': {
        const users = await listUsers(db);
        if (users.length === 0) io.stdout.write('No users yet.\n');
        for (const user of users)
          io.stdout.write(`${user.username}\t${user.role}\tcreated ${user.created_at}\n`);
        return;
      }
      default:
        throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof AccountError) throw new CliError(error.message);
    throw error;
  }
}

if (require.main === module) runCli(userCommand);
