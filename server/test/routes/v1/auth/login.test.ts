import { buildTestApp, type TestApp } from '../../../helpers/build';
import { createUser } from '../../../../src/services/accounts';

const PASSWORD = 'correct-horse-battery';

async function appWithUser(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  await createUser(t.app.db, 'alice', PASSWORD, 'admin');
  return t;
}

function loginForm(t: TestApp, username: string, password: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
    remoteAddress: ip,
  });
}

describe('POST /auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithUser({ RATE_LIMIT_LOGIN: '1000' });
  });
  afterAll(() => t.close());

  test('form-encoded credentials give a bearer token that /auth/me accepts', async () => {
    const res = await loginForm(t, 'alice', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 8 * 3600,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ username: 'alice', role: 'admin' });
  });

  test('JSON credentials work too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'alice', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  test('the username is matched without regard to letter case; the password exactly', async () => {
    for (const name of ['ALICE', 'Alice', 'aLiCe']) {
      expect([name, (await loginForm(t, name, PASSWORD, '10.8.0.1')).statusCode]).toEqual([
        name,
        200,
      ]);
    }
    expect((await loginForm(t, 'alice', PASSWORD.toUpperCase(), '10.8.0.2')).statusCode).toBe(401);
    // Only ASCII letters fold: a look-alike (Kelvin sign for K, dotless i) is another name.
    expect((await loginForm(t, 'al\u0131ce', PASSWORD, '10.8.0.3')).statusCode).toBe(401);
  });

  test('missing fields: 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'alice' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'password', message: 'is required' }]);
  });

  test('unknown user and wrong password get the same answer in about the same time', async () => {
    const timed = async (username: string) => {
      const started = process.hrtime.bigint();
      const res = await loginForm(t, username, 'wrong-password-1', `10.0.0.${username.length}`);
      return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const unknown = [];
    const wrong = [];
    // Interleaved, so a slow moment on the machine hits both sides.
    for (let i = 0; i < 4; i++) {
      unknown.push(await timed(`nobody${i}`));
      wrong.push(await timed('alice'));
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'alice', password: PASSWORD },
      });
    }
    for (const { res } of [...unknown, ...wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid username or password.' });
    }
    const median = (xs: number[]) =>
      [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const a = median(unknown.map((x) => x.ms));
    const b = median(wrong.map((x) => x.ms));
    // Both pay for one argon2id verification; a missing dummy hash would make "unknown" ~100x faster.
    expect(a / b).toBeGreaterThan(0.4);
    expect(a / b).toBeLessThan(2.5);
  });

  test('logout revokes the token at once; a new login works', async () => {
    const token = (await loginForm(t, 'alice', PASSWORD)).json().access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: auth })).json(),
    ).toEqual({
      message: 'You are logged out.',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth })).statusCode,
    ).toBe(401);
    expect((await loginForm(t, 'alice', PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /auth/password', () => {
  test('a password change revokes old tokens and returns a working new one', async () => {
    const t = await appWithUser();
    try {
      const old = (await loginForm(t, 'alice', PASSWORD)).json().access_token as string;
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        headers: { authorization: `Bearer ${old}` },
        payload: { current_password: 'not-it-at-all', new_password: 'brand-new-password' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().detail).toBe('Your current password is not correct.');

      const short = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        headers: { authorization: `Bearer ${old}` },
        payload: { current_password: PASSWORD, new_password: 'short' },
      });
      expect(short.statusCode).toBe(400);

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        headers: { authorization: `Bearer ${old}` },
        payload: { current_password: PASSWORD, new_password: 'brand-new-password' },
      });
      expect(res.statusCode).toBe(200);
      const fresh = res.json().access_token as string;
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/auth/me',
            headers: { authorization: `Bearer ${old}` },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/auth/me',
            headers: { authorization: `Bearer ${fresh}` },
          })
        ).statusCode,
      ).toBe(200);
      expect((await loginForm(t, 'alice', PASSWORD)).statusCode).toBe(401);
      expect((await loginForm(t, 'alice', 'brand-new-password')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('failed-login throttling', () => {
  test('guessing from one address holds that address back with growing delays, and never the owner elsewhere', async () => {
    const t = await appWithUser({
      LOGIN_MAX_FAILURES: '3',
      LOGIN_LOCKOUT_MINUTES: '15',
      RATE_LIMIT_LOGIN: '1000',
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await loginForm(t, 'alice', 'guess-number-x', '10.1.0.1')).statusCode).toBe(401);
      }
      // The stranger's address now waits, even with the right password …
      const held = await loginForm(t, 'alice', PASSWORD, '10.1.0.1');
      expect(held.statusCode).toBe(429);
      expect(held.json()).toEqual({
        detail: 'Too many failed login attempts. Please wait 30 seconds and try again.',
      });
      expect(Number(held.headers['retry-after'])).toBe(30);
      // … while the owner, anywhere else, logs in at once.
      expect((await loginForm(t, 'alice', PASSWORD, '10.1.0.2')).statusCode).toBe(200);

      // An unknown name is held the same way, so a delay does not reveal which accounts exist.
      for (let i = 0; i < 3; i++) await loginForm(t, 'mallory', 'guess-number-x', '10.2.0.1');
      const unknown = await loginForm(t, 'mallory', 'guess-number-x', '10.2.0.1');
      expect(unknown.statusCode).toBe(429);
      expect(unknown.json()).toEqual(held.json());
    } finally {
      await t.close();
    }
  });

  test('an address is locked after LOGIN_MAX_FAILURES_PER_ADDRESS failures across accounts', async () => {
    const t = await appWithUser({ LOGIN_MAX_FAILURES_PER_ADDRESS: '4', RATE_LIMIT_LOGIN: '1000' });
    try {
      for (let i = 0; i < 4; i++) await loginForm(t, `user${i}`, 'guess-number-x', '10.3.0.1');
      expect((await loginForm(t, 'alice', PASSWORD, '10.3.0.1')).statusCode).toBe(429);
      expect((await loginForm(t, 'alice', PASSWORD, '10.3.0.2')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  test('RATE_LIMITS=off drops the per-address lockout but keeps the per-account-and-address one', async () => {
    const t = await appWithUser({
      RATE_LIMITS: 'off',
      LOGIN_MAX_FAILURES: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '2',
    });
    try {
      for (let i = 0; i < 2; i++) await loginForm(t, `user${i}`, 'guess-number-x', '10.4.0.1');
      expect((await loginForm(t, 'alice', PASSWORD, '10.4.0.1')).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) await loginForm(t, 'alice', 'guess-number-x', '10.4.0.1');
      expect((await loginForm(t, 'alice', PASSWORD, '10.4.0.1')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  test('the per-address request limit answers 429 with Retry-After', async () => {
    const t = await appWithUser({ RATE_LIMIT_LOGIN: '2' });
    try {
      await loginForm(t, 'alice', PASSWORD);
      await loginForm(t, 'alice', PASSWORD);
      const res = await loginForm(t, 'alice', PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toMatch(
        /^Too many requests from your address\. Please wait \d+ seconds? and try again\.$/,
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
