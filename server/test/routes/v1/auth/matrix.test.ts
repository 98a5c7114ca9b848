import { createDecoder, createSigner } from 'fast-jwt';
import { buildTestApp, type TestApp, userWithToken } from '../../../helpers/build';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

type Method = 'GET' | 'POST' | 'PUT';
interface Protected {
  method: Method;
  url: string;
  /** Roles that get through; any other role gets 403. */
  roles: Array<'admin' | 'editor'>;
  payload?: Record<string, unknown>;
}

/** Every route that needs a token. A new protected route belongs here. */
const ROUTES: Protected[] = [
  { method: 'GET', url: '/api/v1/auth/me', roles: ['admin', 'editor'] },
  { method: 'POST', url: '/api/v1/auth/logout', roles: ['admin', 'editor'] },
  { method: 'POST', url: '/api/v1/auth/logout-all', roles: ['admin', 'editor'] },
  { method: 'GET', url: '/api/v1/auth/sessions', roles: ['admin', 'editor'] },
  {
    method: 'POST',
    url: '/api/v1/auth/password',
    roles: ['admin', 'editor'],
    // Test users have no real hash, so an authorised call ends in 400, never in 401/403.
    payload: { current_password: 'whatever-it-is', new_password: 'a-new-password-1' },
  },
  { method: 'GET', url: '/api/v1/contact/', roles: ['admin'] },
  { method: 'GET', url: '/api/v1/contact/unread', roles: ['admin'] },
  // The documented {id} is refused with 400 once the caller is let through.
  { method: 'PUT', url: '/api/v1/contact/{id}/read', roles: ['admin'], payload: { read: true } },
  { method: 'GET', url: '/api/v1/newsletter/subscribers', roles: ['admin'] },
  { method: 'GET', url: '/api/v1/newsletter/subscribers.csv', roles: ['admin'] },
  { method: 'GET', url: '/api/v1/outbox/', roles: ['admin'] },
  // Newsletter issues: editors send posts too. Path parameters stay as documented ({slug}, {id}),
  // which the routes refuse with 400 once the caller is let through.
  { method: 'GET', url: '/api/v1/newsletter/issues/', roles: ['admin', 'editor'] },
  { method: 'GET', url: '/api/v1/newsletter/issues/{id}', roles: ['admin', 'editor'] },
  { method: 'GET', url: '/api/v1/newsletter/issues/preview/{slug}', roles: ['admin', 'editor'] },
  {
    method: 'POST',
    url: '/api/v1/newsletter/issues/',
    roles: ['admin', 'editor'],
    payload: { slug: 'Not A Slug' },
  },
  {
    method: 'POST',
    url: '/api/v1/newsletter/issues/test',
    roles: ['admin', 'editor'],
    payload: { slug: 'Not A Slug' },
  },
  { method: 'POST', url: '/api/v1/newsletter/issues/{id}/cancel', roles: ['admin', 'editor'] },
  {
    method: 'POST',
    url: '/api/v1/personal-data/export',
    roles: ['admin'],
    payload: { email: 'someone@example.com' },
  },
  {
    method: 'POST',
    url: '/api/v1/personal-data/erase',
    roles: ['admin'],
    payload: { email: 'someone@example.com' },
  },
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The claims of a bearer header from userWithToken. */
function claimsOf(authorization: string): { sub: string; sid: string } {
  const { sub, sid } = createDecoder()(authorization.replace(/^Bearer /, '')) as {
    sub: string;
    sid: string;
  };
  return { sub, sid };
}

function call(route: Protected, authorization?: string) {
  return t.app.inject({
    method: route.method,
    url: route.url,
    headers: authorization ? { authorization } : {},
    ...(route.payload ? { payload: route.payload } : {}),
  });
}

test('the list above covers every protected auth, contact, newsletter, mail and personal-data route in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const documented: string[] = [];
  for (const [path, operations] of Object.entries(
    doc.paths as Record<string, Record<string, { security?: unknown; tags?: string[] }>>,
  )) {
    for (const [method, op] of Object.entries(operations)) {
      const mine = op.tags?.some((tag) =>
        ['auth', 'contact', 'newsletter', 'mail', 'personal-data'].includes(tag),
      );
      // A public operation declares an empty list of security schemes.
      const guarded = Array.isArray(op.security) && op.security.length > 0;
      if (mine && guarded) documented.push(`${method.toUpperCase()} /api/v1${path}`);
    }
  }
  // The document names a plugin's root route without its trailing slash ("/contact").
  expect(documented.sort()).toEqual(
    ROUTES.map((r) => `${r.method} ${r.url.replace(/(.)\/$/, '$1')}`).sort(),
  );
});

test('the token is checked before the body: an anonymous invalid body gets 401, not a validation answer', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password',
    payload: { nonsense: true },
  });
  expect(res.statusCode).toBe(401);
});

describe.each(ROUTES)('$method $url', (route) => {
  test('without a token: 401 with a detail', async () => {
    const res = await call(route);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  test('with a garbage token: 401', async () => {
    expect((await call(route, 'Bearer not.a.token')).statusCode).toBe(401);
    expect((await call(route, 'Basic YWRtaW46YWRtaW4=')).statusCode).toBe(401);
  });

  test('with an expired token: 401', async () => {
    const user = await userWithToken(t.app, 'admin');
    const expired = createSigner({
      key: SECRET,
      expiresIn: 60_000,
      clockTimestamp: Date.now() - 3_600_000,
    })(claimsOf(user.authorization));
    const res = await call(route, `Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/log in again/);
  });

  test('with a correctly signed token that lacks exp, sub or the session id: 401', async () => {
    const user = await userWithToken(t.app, 'admin');
    const { sub, sid } = claimsOf(user.authorization);
    const noExp = createSigner({ key: SECRET })({ sub, sid });
    const noSid = createSigner({ key: SECRET, expiresIn: 60_000 })({ sub });
    const noSub = createSigner({ key: SECRET, expiresIn: 60_000 })({ sid });
    for (const token of [noExp, noSid, noSub]) {
      expect((await call(route, `Bearer ${token}`)).statusCode).toBe(401);
    }
    expect((await call(route, user.authorization)).statusCode).not.toBe(401);
  });

  test("with another account's session id: 401", async () => {
    const admin = await userWithToken(t.app, 'admin');
    const editor = await userWithToken(t.app, 'editor');
    const mixed = createSigner({ key: SECRET, expiresIn: 60_000 })({
      sub: claimsOf(admin.authorization).sub,
      sid: claimsOf(editor.authorization).sid,
    });
    expect((await call(route, `Bearer ${mixed}`)).statusCode).toBe(401);
  });

  test('with a token signed by another key or algorithm: 401', async () => {
    const user = await userWithToken(t.app, 'admin');
    const claims = claimsOf(user.authorization);
    const forged = createSigner({ key: 'x'.repeat(48), expiresIn: 60_000 })(claims);
    expect((await call(route, `Bearer ${forged}`)).statusCode).toBe(401);
    const unsigned = createSigner({ algorithm: 'none', expiresIn: 60_000 })(claims);
    expect((await call(route, `Bearer ${unsigned}`)).statusCode).toBe(401);
  });

  test('with a token revoked by logout: 401', async () => {
    const user = await userWithToken(t.app, 'admin');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: user.authorization },
    });
    expect(logout.statusCode).toBe(200);
    const res = await call(route, user.authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Your session has ended. Please log in again.');
  });

  test.each(['editor', 'admin'] as const)(
    'as %s: allowed only for the listed roles',
    async (role) => {
      const user = await userWithToken(t.app, role);
      const res = await call(route, user.authorization);
      if (route.roles.includes(role)) {
        expect([200, 400]).toContain(res.statusCode);
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: 'Your account does not have permission to do this.' });
      }
    },
  );
});
