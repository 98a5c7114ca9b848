import { buildTestApp, type TestApp } from '../../../helpers/build';
import { createUser } from '../../../../src/services/accounts';

const PASSWORD = 'correct-horse-battery';
const COOKIE = 'aw_session';
/** light-my-request answers as if the server were http://localhost:80. */
const OWN = 'http://localhost:80';

interface Login {
  token: string;
  cookie: { name: string; value: string; [key: string]: unknown };
}

async function login(t: TestApp, userAgent = 'jest-browser', headers = {}): Promise<Login> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'user-agent': userAgent, ...headers },
    payload: { username: 'alice', password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return { token: res.json().access_token as string, cookie };
}

function withCookie(t: TestApp, value: string, method: 'GET' | 'POST', url: string, headers = {}) {
  return t.app.inject({ method, url, cookies: { [COOKIE]: value }, headers });
}

describe('the session cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_LOGIN: '1000', CORS_ORIGINS: 'https://partner.example' });
    await createUser(t.app.db, 'alice', PASSWORD, 'admin');
  });
  afterAll(() => t.close());

  test('login sets an HttpOnly, SameSite=Strict cookie for the API only, and still answers the token', async () => {
    const { token, cookie } = await login(t);
    expect(cookie).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api',
      maxAge: 8 * 3600,
    });
    // Served over plain http here, so not Secure (a browser would drop it otherwise).
    expect(cookie.secure).toBeUndefined();
  });

  test('the cookie alone authenticates reads', async () => {
    const { cookie } = await login(t);
    const me = await withCookie(t, cookie.value, 'GET', '/api/v1/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ username: 'alice', role: 'admin' });
  });

  test('a cookie-authenticated change is accepted only from the site’s own pages', async () => {
    const refusals: Array<Record<string, string>> = [
      {}, // neither Origin nor Sec-Fetch-Site: no proof it came from our pages
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:8081' }, // same site, other port: another origin
      { origin: 'null' },
      { origin: 'https://partner.example' }, // CORS-listed origins may use tokens, not the cookie
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of refusals) {
      const { cookie } = await login(t);
      const res = await withCookie(t, cookie.value, 'POST', '/api/v1/auth/logout', headers);
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
      expect(res.json().detail).toMatch(/another site/);
      // Refused before anything happened: the session is still live.
      expect((await withCookie(t, cookie.value, 'GET', '/api/v1/auth/me')).statusCode).toBe(200);
    }
    for (const headers of [{ origin: OWN }, { 'sec-fetch-site': 'same-origin' }]) {
      const { cookie } = await login(t);
      const res = await withCookie(t, cookie.value, 'POST', '/api/v1/auth/logout', headers);
      expect(res.statusCode).toBe(200);
    }
  });

  test('PUBLIC_URL counts as the site’s own origin (the dev server proxies to the API)', async () => {
    const dev = await buildTestApp({ PUBLIC_URL: 'http://127.0.0.1:8001' });
    try {
      await createUser(dev.app.db, 'alice', PASSWORD, 'admin');
      const { cookie } = await login(dev);
      const res = await withCookie(dev, cookie.value, 'POST', '/api/v1/auth/logout', {
        origin: 'http://127.0.0.1:8001',
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });

  test('a bearer token needs no Origin: API clients are not browsers', async () => {
    const { token } = await login(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  test('any change posted from another site is refused, logged in or not', async () => {
    const enquiry = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const contact = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact/',
        headers,
        payload: enquiry,
      });
      expect(contact.statusCode).toBe(403);
      const loginCsrf = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers,
        payload: { username: 'alice', password: PASSWORD },
      });
      expect(loginCsrf.statusCode).toBe(403);
      expect(loginCsrf.cookies).toEqual([]);
    }
    const stored = await t.app.db.selectFrom('contact_enquiries').selectAll().execute();
    expect(stored).toEqual([]);
    for (const headers of [{}, { origin: OWN }, { origin: 'https://partner.example' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact/',
        headers,
        payload: enquiry,
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('Secure cookies over HTTPS', () => {
  async function cookieSecure(env: Record<string, string>, headers: Record<string, string>) {
    const t = await buildTestApp(env);
    try {
      await createUser(t.app.db, 'alice', PASSWORD, 'admin');
      return (await login(t, 'ua', headers)).cookie.secure;
    } finally {
      await t.close();
    }
  }

  test('Secure when PUBLIC_URL is https', async () => {
    expect(await cookieSecure({ PUBLIC_URL: 'https://agentworks.example' }, {})).toBe(true);
  });

  test('Secure behind a trusted proxy that says https; a stranger saying so changes nothing', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    expect(await cookieSecure({ TRUST_PROXY: 'true' }, forwarded)).toBe(true);
    expect(await cookieSecure({}, forwarded)).toBeUndefined();
  });
});

describe('sessions are records', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ RATE_LIMIT_LOGIN: '1000' });
    await createUser(t.app.db, 'alice', PASSWORD, 'admin');
  });
  afterEach(() => t.close());

  const me = (login: Login) => withCookie(t, login.cookie.value, 'GET', '/api/v1/auth/me');
  const post = (login: Login, url: string) =>
    withCookie(t, login.cookie.value, 'POST', url, { origin: OWN });

  test('each login is a session with its creation, last use and user agent', async () => {
    const laptop = await login(t, 'Laptop browser');
    await login(t, 'Phone browser');
    const res = await withCookie(t, laptop.cookie.value, 'GET', '/api/v1/auth/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const items = res.json().items as Array<Record<string, unknown>>;
    expect(items).toHaveLength(2);
    expect(items.map((s) => [s.user_agent, s.current]).sort()).toEqual([
      ['Laptop browser', true],
      ['Phone browser', false],
    ]);
    for (const item of items) {
      expect(item).toEqual({
        id: expect.any(String),
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        expires_at: expect.any(String),
        user_agent: expect.any(String),
        current: expect.any(Boolean),
      });
    }
  });

  test('the last use is recorded (at most once a minute)', async () => {
    const session = await login(t);
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.app.db.updateTable('sessions').set({ last_used_at: old }).execute();
    expect((await me(session)).statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('sessions')
      .select('last_used_at')
      .executeTakeFirstOrThrow();
    expect(row.last_used_at > old).toBe(true);
  });

  test('logging out ends that session only; the other device stays logged in', async () => {
    const a = await login(t, 'A');
    const b = await login(t, 'B');
    const out = await post(a, '/api/v1/auth/logout');
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === COOKIE);
    expect(cleared?.value).toBe('');
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
  });

  test('log out everywhere ends every session of the account', async () => {
    const a = await login(t, 'A');
    const b = await login(t, 'B');
    const bearer = await login(t, 'curl');
    const out = await post(a, '/api/v1/auth/logout-all');
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('You are logged out everywhere (3 sessions ended).');
    for (const session of [a, b]) expect((await me(session)).statusCode).toBe(401);
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${bearer.token}` },
    });
    expect(api.statusCode).toBe(401);
  });

  test('a password change ends every session and starts a new one for the caller', async () => {
    const a = await login(t, 'A');
    const b = await login(t, 'B');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      cookies: { [COOKIE]: a.cookie.value },
      headers: { origin: OWN },
      payload: { current_password: PASSWORD, new_password: 'a-brand-new-password' },
    });
    expect(res.statusCode).toBe(200);
    for (const session of [a, b]) expect((await me(session)).statusCode).toBe(401);
    const fresh = res.cookies.find((c) => c.name === COOKIE);
    expect(fresh?.value).toBe(res.json().access_token);
    const again = await withCookie(t, String(fresh?.value), 'GET', '/api/v1/auth/me');
    expect(again.statusCode).toBe(200);
  });

  test('an expired session row is refused even while its token would still verify', async () => {
    const session = await login(t);
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await me(session)).statusCode).toBe(401);
  });

  test('a removed account’s sessions end with it', async () => {
    const session = await login(t);
    await createUser(t.app.db, 'bob', PASSWORD, 'admin');
    await t.app.db.deleteFrom('users').where('username', '=', 'alice').execute();
    expect((await me(session)).statusCode).toBe(401);
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});
