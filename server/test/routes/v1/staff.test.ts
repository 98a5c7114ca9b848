import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { deliveredText } from '../../helpers/delivered-mail';
import { createUser } from '../../../src/services/accounts';

const PASSWORD = 'correct-horse-battery';

/**
 * The invitation link from the newest mail kept for the address (no SMTP in tests), as the
 * operator's command line shows it: the admin-readable outbox has the link redacted.
 */
async function inviteLink(t: TestApp, email: string): Promise<string> {
  const text = await deliveredText(t.app.db, email);
  const match = /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no invitation link in the mail');
  return decodeURIComponent(match[1]);
}

describe('staff accounts', () => {
  let t: TestApp;
  let admin: { id: number; username: string; authorization: string };
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_LOGIN: '1000' });
    admin = await userWithToken(t.app, 'admin', 'boss');
  });
  afterAll(() => t.close());

  async function invite(email: string, role: 'admin' | 'editor') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations',
      headers: { authorization: admin.authorization },
      payload: { email, role },
    });
    expect(res.statusCode).toBe(201);
    return { invitation: res.json(), token: await inviteLink(t, email.toLowerCase()) };
  }

  const accept = (token: string, username: string, password = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/accept',
      payload: { token, username, password },
    });

  const login = (username: string, password = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password },
    });

  test('accepting an invitation signs the new member in: the answer sets the session cookie', async () => {
    const { token } = await invite('newcomer@example.com', 'editor');
    const res = await accept(token, 'newcomer');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Your account "newcomer" is ready, and you are signed in.',
      username: 'newcomer',
      role: 'editor',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookies = res.cookies as { name: string; value: string; httpOnly?: boolean }[];
    const session = cookies.find((cookie) => cookie.name === 'aw_session');
    expect(session?.httpOnly).toBe(true);
    expect(cookies.some((cookie) => cookie.name === 'aw_staff')).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      cookies: { aw_session: session?.value ?? '' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      username: 'newcomer',
      role: 'editor',
      email: 'newcomer@example.com',
    });
    // A used link signs nobody in.
    const again = await accept(token, 'newcomer2');
    expect(again.statusCode).toBe(400);
    expect(again.cookies).toHaveLength(0);
  });

  test('an invitation is mailed, accepted once with a chosen password, and gives its role', async () => {
    const { invitation, token } = await invite('Writer@Example.com', 'editor');
    expect(invitation).toMatchObject({
      email: 'writer@example.com',
      role: 'editor',
      invited_by: 'boss',
    });
    const hours = (Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)) / 3.6e6;
    expect(hours).toBe(72);

    const check = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/check',
      payload: { token },
    });
    expect(check.json()).toMatchObject({ email: 'writer@example.com', role: 'editor' });

    expect((await accept(token, 'writer')).statusCode).toBe(201);
    const session = await login('writer');
    expect(session.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${session.json().access_token}` },
    });
    expect(me.json()).toEqual({ username: 'writer', role: 'editor', email: 'writer@example.com' });

    // The list shows the account with its role and the login just made.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/staff/users',
      headers: { authorization: admin.authorization },
    });
    const writer = list.json().users.find((u: { username: string }) => u.username === 'writer');
    expect(writer.role).toBe('editor');
    expect(writer.last_login_at).toEqual(expect.any(String));
    expect(list.json().invitations).toEqual([]);
  });

  test('a used link is refused, and so is a second account from it', async () => {
    const { token } = await invite('twice@example.com', 'editor');
    expect((await accept(token, 'first-use')).statusCode).toBe(201);
    const again = await accept(token, 'second-use');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already been used/);
    const users = await t.app.db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).not.toContain('second-use');
  });

  test('the same link sent many times at once makes exactly one account', async () => {
    const { token } = await invite('race@example.com', 'editor');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => accept(token, `racer-${i}`)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(4);
    const made = await t.app.db
      .selectFrom('users')
      .select('username')
      .where('username', 'like', 'racer-%')
      .execute();
    expect(made).toHaveLength(1);
  });

  test('an expired link is refused with a sentence saying so', async () => {
    const { invitation, token } = await invite('late@example.com', 'editor');
    await t.app.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', invitation.id)
      .execute();
    const res = await accept(token, 'too-late');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/expired/);
    const unknown = await accept('not-a-real-token', 'nobody');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/not valid/);
  });

  test('a bad username or weak password leaves the link usable', async () => {
    const { token } = await invite('careful@example.com', 'admin');
    expect((await accept(token, 'x')).statusCode).toBe(400);
    expect((await accept(token, 'careful', 'short')).statusCode).toBe(400);
    const taken = await accept(token, 'boss');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().detail).toMatch(/taken/);
    // Letter case does not make another name.
    const shouted = await accept(token, 'BOSS');
    expect(shouted.statusCode).toBe(400);
    expect(shouted.json()).toEqual({
      detail:
        'The username "BOSS" is taken: "boss" exists, and usernames differing only in letter case are the same name; choose another.',
    });
    expect((await accept(token, 'careful')).statusCode).toBe(201);
  });

  test('a new invitation to the same address replaces the earlier link', async () => {
    const first = await invite('again@example.com', 'editor');
    const second = await invite('again@example.com', 'admin');
    expect((await accept(first.token, 'stale')).statusCode).toBe(400);
    expect((await accept(second.token, 'fresh')).statusCode).toBe(201);
  });

  test('an unknown role, a bad address and extra fields are refused', async () => {
    for (const payload of [
      { email: 'x@example.com', role: 'owner' },
      { email: 'not-an-address', role: 'editor' },
      { email: 'x@example.com', role: 'editor', extra: 1 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/invitations',
        headers: { authorization: admin.authorization },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const role = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/staff/users/writer',
      headers: { authorization: admin.authorization },
      payload: { role: 'superuser' },
    });
    expect(role.statusCode).toBe(400);
  });

  test('editors cannot invite, list, change roles or remove', async () => {
    const editor = await userWithToken(t.app, 'editor');
    const calls = [
      { method: 'GET', url: '/api/v1/staff/users' },
      {
        method: 'POST',
        url: '/api/v1/staff/invitations',
        payload: { email: 'e@example.com', role: 'admin' },
      },
      {
        method: 'PATCH',
        url: `/api/v1/staff/users/${editor.username}`,
        payload: { role: 'admin' },
      },
      { method: 'DELETE', url: '/api/v1/staff/users/boss' },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: { authorization: editor.authorization } });
      expect(res.statusCode).toBe(403);
    }
    const me = await t.app.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', editor.id)
      .executeTakeFirstOrThrow();
    expect(me.role).toBe('editor');
  });

  test('a role change counts on the account’s next request', async () => {
    const editor = await userWithToken(t.app, 'editor');
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/outbox/',
      headers: { authorization: editor.authorization },
    });
    expect(before.statusCode).toBe(403);
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/staff/users/${editor.username}`,
      headers: { authorization: admin.authorization },
      payload: { role: 'admin' },
    });
    expect(change.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/outbox/',
      headers: { authorization: editor.authorization },
    });
    expect(after.statusCode).toBe(200);
  });

  test('removing an account ends its sessions at once', async () => {
    await createUser(t.app.db, 'leaver', PASSWORD, 'editor');
    const session = (await login('leaver')).json().access_token as string;
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/staff/users/leaver',
      headers: { authorization: admin.authorization },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.statusCode).toBe(401);
    const sessions = await t.app.db.selectFrom('sessions').select('id').execute();
    expect(sessions.length).toBeGreaterThan(0);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/staff/users/leaver',
      headers: { authorization: admin.authorization },
    });
    expect(missing.statusCode).toBe(404);
  });

  test('an invitation can be withdrawn', async () => {
    const { invitation, token } = await invite('withdrawn@example.com', 'editor');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/staff/invitations/${invitation.id}`,
      headers: { authorization: admin.authorization },
    });
    expect(res.statusCode).toBe(200);
    expect((await accept(token, 'withdrawn')).statusCode).toBe(400);
  });
});

describe('the last admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  test('cannot be demoted or removed, by themselves or (racing) by each other', async () => {
    const solo = await userWithToken(t.app, 'admin', 'solo');
    const demote = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/staff/users/solo',
      headers: { authorization: solo.authorization },
      payload: { role: 'editor' },
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().detail).toMatch(/last admin/);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/staff/users/solo',
      headers: { authorization: solo.authorization },
    });
    expect(remove.statusCode).toBe(400);

    // Two admins demoting each other at the same moment: one must stay an admin.
    const other = await userWithToken(t.app, 'admin', 'other');
    const both = await Promise.all([
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/staff/users/other',
        headers: { authorization: solo.authorization },
        payload: { role: 'editor' },
      }),
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/staff/users/solo',
        headers: { authorization: other.authorization },
        payload: { role: 'editor' },
      }),
    ]);
    const admins = await t.app.db
      .selectFrom('users')
      .select('username')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
