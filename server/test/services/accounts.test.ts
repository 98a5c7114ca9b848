import { buildTestApp, type TestApp } from '../helpers/build';
import {
  AccountError,
  createUser,
  ensureFirstAdmin,
  removeUser,
} from '../../src/services/accounts';
import { verifyPassword } from '../../src/services/passwords';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

function admins() {
  return t.app.db
    .selectFrom('users')
    .select(['username', 'password_hash'])
    .where('role', '=', 'admin')
    .execute();
}

describe('first admin on start', () => {
  test('ADMIN_USERNAME/ADMIN_PASSWORD create the first admin, with an argon2id hash; nothing is printed', async () => {
    const announce = jest.fn();
    const outcome = await ensureFirstAdmin(
      t.app.db,
      { adminUsername: 'owner', adminPassword: 'long-enough-pass' },
      announce,
    );
    expect(outcome).toBe('created');
    expect(announce).not.toHaveBeenCalled();
    const [admin] = await admins();
    expect(admin?.username).toBe('owner');
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin?.password_hash ?? '', 'long-enough-pass')).toBe(true);
  });

  test('without a password one is generated, printed once, and works', async () => {
    const announce = jest.fn();
    expect(
      await ensureFirstAdmin(
        t.app.db,
        { adminUsername: undefined, adminPassword: undefined },
        announce,
      ),
    ).toBe('generated');
    expect(announce).toHaveBeenCalledTimes(1);
    const text = announce.mock.calls[0][0] as string;
    expect(text).toContain('username: admin');
    const password = /password: (\S+)/.exec(text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'admin', password },
    });
    expect(login.statusCode).toBe(200);

    // Next start: an admin exists, so nothing is created or printed.
    expect(
      await ensureFirstAdmin(
        t.app.db,
        { adminUsername: undefined, adminPassword: undefined },
        announce,
      ),
    ).toBe('exists');
    expect(announce).toHaveBeenCalledTimes(1);
    expect(await admins()).toHaveLength(1);
  });

  test('an existing admin is left alone even when the variables are set', async () => {
    await createUser(t.app.db, 'first', 'first-password-1', 'admin');
    expect(
      await ensureFirstAdmin(
        t.app.db,
        { adminUsername: 'other', adminPassword: 'other-password-1' },
        jest.fn(),
      ),
    ).toBe('exists');
    expect((await admins()).map((a) => a.username)).toEqual(['first']);
  });
});

describe('account rules', () => {
  test('usernames and passwords are checked, duplicates refused', async () => {
    await expect(createUser(t.app.db, 'a b', 'long-enough-pass', 'editor')).rejects.toThrow(
      AccountError,
    );
    await expect(createUser(t.app.db, 'bob', 'short', 'editor')).rejects.toThrow(
      /at least 10 characters/,
    );
    await createUser(t.app.db, 'bob', 'long-enough-pass', 'editor');
    await expect(createUser(t.app.db, 'bob', 'long-enough-pass', 'editor')).rejects.toThrow(
      /already exists/,
    );
  });

  test('the last admin cannot be removed', async () => {
    await createUser(t.app.db, 'solo', 'long-enough-pass', 'admin');
    await expect(removeUser(t.app.db, 'solo')).rejects.toThrow(/last admin/);
    await createUser(t.app.db, 'second', 'long-enough-pass', 'admin');
    await removeUser(t.app.db, 'solo');
    expect((await admins()).map((a) => a.username)).toEqual(['second']);
  });
});
