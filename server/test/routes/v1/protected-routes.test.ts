import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';

/**
 * Sweeps every route behind a session check, as the auth plugin recorded them at start, so a
 * route added later is covered without being listed here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');
const routes = () => t.app.protectedRoutes.map((route) => ({ ...route, url: concrete(route.url) }));

test('the sweep sees the protected routes of every group', () => {
  const urls = routes().map((r) => `${r.method} ${r.url}`);
  for (const expected of [
    'GET /api/v1/auth/me',
    'POST /api/v1/auth/logout-all',
    'GET /api/v1/contact',
    'POST /api/v1/giveaway',
    'PUT /api/v1/giveaway/1',
    'GET /api/v1/drafts',
    'POST /api/v1/personal-data/erase',
  ]) {
    expect(urls).toContain(expected);
  }
});

test('anonymous requests get 401 before any body is read or validated', async () => {
  const bodies = [
    { payload: { nonsense: true, title: 42 } },
    { payload: '{"not json', headers: { 'content-type': 'application/json' } },
    { payload: '<xml/>', headers: { 'content-type': 'text/xml' } },
  ];
  for (const route of routes()) {
    for (const body of bodies) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : body),
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  }
});

test('a live session cookie on a change posted from another site gets 403 and changes nothing', async () => {
  const admin = await userWithToken(t.app, 'admin');
  const cookie = admin.authorization.replace(/^Bearer /, '');
  for (const route of routes().filter((r) => r.method !== 'GET')) {
    const res = await t.app.inject({
      method: route.method as 'POST',
      url: route.url,
      cookies: { aw_session: cookie },
      headers: { 'sec-fetch-site': 'same-site' },
      payload: {},
    });
    expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
      route: `${route.method} ${route.url}`,
      status: 403,
    });
  }
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/me',
    cookies: { aw_session: cookie },
  });
  expect(me.statusCode).toBe(200);
});

test('every answer of a guarded route, given or refused, is no-store', async () => {
  const admin = await userWithToken(t.app, 'admin');
  const editor = await userWithToken(t.app, 'editor');
  // Ending sessions last, so the other routes still see a live one.
  const ends = (url: string) => /\/auth\/(logout|password)/.test(url);
  const ordered = [...routes().filter((r) => !ends(r.url)), ...routes().filter((r) => ends(r.url))];
  const answered = new Map<string, number[]>();
  for (const route of ordered) {
    const name = `${route.method} ${route.url}`;
    for (const authorization of [undefined, admin.authorization, editor.authorization]) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: authorization ? { authorization } : {},
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      answered.set(name, [...(answered.get(name) ?? []), res.statusCode]);
      expect({ route: name, cache: res.headers['cache-control'] }).toEqual({
        route: name,
        cache: 'no-store',
      });
    }
  }
  // The sweep met real answers: anonymous, admin, editor.
  for (const name of [
    'GET /api/v1/contact',
    'GET /api/v1/outbox',
    'GET /api/v1/newsletter/subscribers',
  ])
    expect({ name, statuses: answered.get(name) }).toEqual({ name, statuses: [401, 200, 403] });
});
