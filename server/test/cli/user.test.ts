import { Readable } from 'node:stream';
import { buildTestApp, type TestApp } from '../helpers/build';
import { userCommand } from '../../src/cli/user';
import { outboxCommand } from '../../src/cli/outbox';
import type { CliIo } from '../../src/cli/run';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

function io(stdinText = '', tty = false) {
  const out: string[] = [];
  const stdin = Readable.from([stdinText]) as CliIo['stdin'];
  if (tty) stdin.isTTY = true;
  return {
    io: {
      stdin,
      stdout: { write: (s: string) => out.push(s) },
      stderr: { write: (s: string) => out.push(s) },
    },
    output: () => out.join(''),
  };
}

function login(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
  });
}

test('add with --password-stdin, list, passwd (logs out), remove', async () => {
  const add = io('first-password-1\n');
  await userCommand(['add', 'alice', '--role', 'admin', '--password-stdin'], t.app, add.io);
  expect(add.output()).toBe('Added admin "alice".\n');
  const token = (await login('alice', 'first-password-1')).json().access_token as string;

  const list = io();
  await userCommand(['list'], t.app, list.io);
  expect(list.output()).toMatch(/^alice\tadmin\tcreated \d{4}-/);

  await userCommand(['passwd', 'alice', '--password-stdin'], t.app, io('second-password-2').io);
  expect((await login('alice', 'first-password-1')).statusCode).toBe(401);
  expect((await login('alice', 'second-password-2')).statusCode).toBe(200);
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.statusCode).toBe(401);

  await userCommand(['add', 'bob', '--password-stdin'], t.app, io('bob-password-12').io);
  await userCommand(
    ['add', 'carol', '--role', 'admin', '--password-stdin'],
    t.app,
    io('carol-password-1').io,
  );
  const remove = io();
  await userCommand(['remove', 'alice'], t.app, remove.io);
  expect(remove.output()).toBe('Removed "alice".\n');
  const after = io();
  await userCommand(['list'], t.app, after.io);
  expect(after.output()).toMatch(/^bob\teditor\t.*\ncarol\tadmin\t/);
});

test.each([
  [['add', 'dave', '--role', 'owner', '--password-stdin'], '--role must be admin or editor.'],
  [['add', 'dave', '--password-stdin'], 'at least 10 characters'],
  [['add', 'dave'], 'No terminal to ask for the password on: use --password-stdin.'],
  [['passwd', 'nobody', '--password-stdin'], 'There is no user named "nobody".'],
  [['remove'], 'Usage: npm run user -- remove <username>'],
  [['frobnicate'], 'Unknown command "frobnicate".'],
  [['list', '--nope'], "Unknown option '--nope'"],
])('%j fails with a clear message', async (argv, message) => {
  await expect(userCommand(argv, t.app, io('short').io)).rejects.toThrow(message);
});

test('add refuses a name that differs from an existing one only in letter case', async () => {
  await userCommand(['add', 'boss', '--password-stdin'], t.app, io('first-password-1\n').io);
  await expect(
    userCommand(
      ['add', 'BOSS', '--role', 'admin', '--password-stdin'],
      t.app,
      io('other-password-2\n').io,
    ),
  ).rejects.toThrow(
    'The username "BOSS" is taken: "boss" exists, and usernames differing only in letter case are the same name.',
  );
  await expect(
    userCommand(['add', 'boss', '--password-stdin'], t.app, io('other-password-2\n').io),
  ).rejects.toThrow('A user named "boss" already exists.');
  const list = io();
  await userCommand(['list'], t.app, list.io);
  expect(list.output()).toMatch(/^boss\teditor\t/);
  expect(list.output()).not.toMatch(/BOSS/);
});

test('outbox prints kept mail, newest first', async () => {
  const empty = io();
  await outboxCommand([], t.app, empty.io);
  expect(empty.output()).toBe('The outbox is empty.\n');

  await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/subscribe',
    payload: { email: 'reader@example.com' },
  });
  const shown = io();
  await outboxCommand(['--limit', '5'], t.app, shown.io);
  expect(shown.output()).toContain('1 message in the outbox; showing the newest 1.');
  expect(shown.output()).toContain('To: reader@example.com');
  expect(shown.output()).toMatch(/newsletter\/confirm\?token=\S+/);
  expect(shown.output()).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  await expect(outboxCommand(['--limit', '0'], t.app, io().io)).rejects.toThrow('--limit must be');
});
