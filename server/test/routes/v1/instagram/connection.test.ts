import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, testDialect, type TestApp, userWithToken } from '../../../helpers/build';
import { type StandIn, startInstagramStandIn } from '../../../helpers/instagram-stand-in';
import {
  CONNECTION_CONTEXT,
  LONG_LIVED_MS,
  refreshIfDue,
} from '../../../../src/services/instagram/connection';
import {
  AccessToken,
  openToken,
  sealToken,
  TokenCryptoError,
  tokenKeysFromEnv,
} from '../../../../src/services/instagram/token';

/**
 * GET/PUT/DELETE /api/v1/instagram/connection and POST …/refresh against the platform's stand-in
 * on 127.0.0.1: the account is checked with the platform, the token stored only sealed, and the
 * token never answered, logged or put in an error's detail.
 */

const TOKEN = 'IGAAtoken-of-the-owner-0123456789abcdefXYZ';
const FB_TOKEN = 'EAAGfacebook-user-token-0123456789abcdefXYZ';
const KEY = crypto.randomBytes(32).toString('base64');
const OTHER_KEY = crypto.randomBytes(32).toString('hex');
const ACCOUNT = { id: '17841400000000001', username: 'owner.shop' };
const PAGE_ACCOUNT = { id: '17841400000000002', username: 'owner_page_shop' };
const APP = { id: '123456789', secret: 'app-secret-0123456789abcdef' };
const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-11-30T06:00:00.000Z');

interface Setup {
  t: TestApp;
  platform: StandIn;
  admin: { authorization: string; username: string };
  editor: { authorization: string };
  clock: { now: number };
  lines: string[];
}

async function setup(
  options: {
    env?: Record<string, string>;
    token?: string;
    echoTokenInErrors?: boolean;
    pages?: Array<{ id: string; account?: { id: string; username: string } }>;
  } = {},
): Promise<Setup> {
  const platform = await startInstagramStandIn({
    token: options.token ?? TOKEN,
    mediaId: '1',
    comments: [],
    account: ACCOUNT,
    pages: options.pages ?? [{ id: '1000001', account: PAGE_ACCOUNT }, { id: '1000002' }],
    app: APP,
    echoTokenInErrors: options.echoTokenInErrors,
  });
  const clock = { now: START };
  const lines: string[] = [];
  const t = await buildTestApp(
    {
      LOG_LEVEL: 'trace',
      INSTAGRAM_TOKEN_KEY: KEY,
      INSTAGRAM_GRAPH_URL: platform.url,
      FACEBOOK_GRAPH_URL: `${platform.url}/v26.0`,
      FACEBOOK_APP_ID: APP.id,
      FACEBOOK_APP_SECRET: APP.secret,
      RATE_LIMIT_INSTAGRAM: '1000',
      ...options.env,
    },
    { clock: () => new Date(clock.now), logStream: { write: (line) => lines.push(line) } },
  );
  const admin = await userWithToken(t.app, 'admin');
  const editor = await userWithToken(t.app, 'editor');
  return { t, platform, admin, editor, clock, lines };
}

async function teardown(s: Setup | undefined) {
  if (!s) return;
  await s.t.close();
  await s.platform.close();
}

const URL = '/api/v1/instagram/connection';

function put(s: Setup, payload: Record<string, unknown>, authorization = s.admin.authorization) {
  return s.t.app.inject({ method: 'PUT', url: URL, headers: { authorization }, payload });
}

function get(s: Setup, authorization = s.admin.authorization) {
  return s.t.app.inject({ method: 'GET', url: URL, headers: { authorization } });
}

function refresh(s: Setup) {
  return s.t.app.inject({
    method: 'POST',
    url: `${URL}/refresh`,
    headers: { authorization: s.admin.authorization },
  });
}

async function storedRow(s: Setup) {
  return s.t.app.db.selectFrom('instagram_connection').selectAll().executeTakeFirst();
}

/** No answer, log line or stored column holds the token in plain text. */
function expectNoToken(s: Setup, texts: string[], tokens: string[]) {
  for (const token of tokens) {
    for (const text of [...texts, ...s.lines]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(encodeURIComponent(token));
    }
  }
}

describe('Instagram Login', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(() => teardown(s));
  beforeEach(async () => {
    s.clock.now = START;
    s.platform.reset();
    await s.t.app.db.deleteFrom('instagram_connection').execute();
  });

  test('a guest gets 401 and an editor 403 on every route', async () => {
    const routes = [
      { method: 'GET' as const, url: URL },
      { method: 'PUT' as const, url: URL, payload: { login: 'instagram', token: TOKEN } },
      { method: 'DELETE' as const, url: URL },
      { method: 'POST' as const, url: `${URL}/refresh` },
    ];
    for (const route of routes) {
      const guest = await s.t.app.inject(route);
      expect(guest.statusCode).toBe(401);
      expect(guest.json().detail).toEqual(expect.any(String));
      const editor = await s.t.app.inject({
        ...route,
        headers: { authorization: s.editor.authorization },
      });
      expect(editor.statusCode).toBe(403);
      expect(editor.json().detail).toEqual(expect.any(String));
    }
    expect(s.platform.requests).toHaveLength(0);
  });

  test('nothing connected: GET says so', async () => {
    const res = await get(s);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ connected: false });
  });

  test('PUT checks the token with /me and stores it sealed; GET shows the account, never the token', async () => {
    const res = await put(s, { login: 'instagram', token: TOKEN });
    expect(res.statusCode).toBe(200);
    const expires = new Date(START + LONG_LIVED_MS).toISOString();
    const expected = {
      connected: true,
      login: 'instagram',
      username: ACCOUNT.username,
      account_id: ACCOUNT.id,
      page_id: null,
      obtained_at: new Date(START).toISOString(),
      expires_at: expires,
      state: { kind: 'valid', expires_at: expires, label: `Valid until ${expires.slice(0, 10)}` },
      connected_by: s.admin.username,
      connected_at: new Date(START).toISOString(),
      last_refresh_at: null,
      last_refresh_error: null,
    };
    expect(res.json()).toEqual(expected);
    expect(s.platform.requests.at(-1)).toMatchObject({ path: '/me', status: 200 });

    const again = await get(s);
    expect(again.json()).toEqual(expected);

    const row = await storedRow(s);
    expect(row).toBeDefined();
    expect(row!.sealed_token).not.toBe(TOKEN);
    expect(row!.sealed_token).not.toContain(TOKEN);
    expect(row!.sealed_token.startsWith('igt1.')).toBe(true);
    // It opens with the key and this row's context only.
    const keys = tokenKeysFromEnv({ INSTAGRAM_TOKEN_KEY: KEY });
    expect(openToken(row!.sealed_token, keys, CONNECTION_CONTEXT).reveal()).toBe(TOKEN);
    expect(() =>
      openToken(
        row!.sealed_token,
        tokenKeysFromEnv({ INSTAGRAM_TOKEN_KEY: OTHER_KEY }),
        CONNECTION_CONTEXT,
      ),
    ).toThrow(TokenCryptoError);
    expect(() => openToken(row!.sealed_token, keys, 'giveaway:1')).toThrow(TokenCryptoError);
    expectNoToken(s, [res.body, again.body], [TOKEN]);
  });

  test('a token pasted with a line break around it is taken; an expiry given is kept', async () => {
    const end = new Date(START + 5 * DAY).toISOString();
    const res = await put(s, { login: 'instagram', token: `  ${TOKEN}\n`, expires_at: end });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toEqual({
      kind: 'expiring',
      expires_at: end,
      label: `Expiring on ${end.slice(0, 10)}`,
    });
  });

  test.each([
    [
      'a space inside the token',
      { login: 'instagram', token: 'IGAA token with spaces 0123456789' },
    ],
    ['a token too short', { login: 'instagram', token: 'IGAAshort' }],
    ['a token too long', { login: 'instagram', token: `IGAA${'x'.repeat(5000)}` }],
    ['an unknown login', { login: 'twitter', token: TOKEN }],
    ['no token', { login: 'instagram' }],
    ['a field not accepted', { login: 'instagram', token: TOKEN, scope: 'all' }],
    ['a Page id with letters', { login: 'facebook', token: TOKEN, page_id: '12ab' }],
    ['a Page id for Instagram Login', { login: 'instagram', token: TOKEN, page_id: '1000001' }],
    ['an expiry that is no date', { login: 'instagram', token: TOKEN, expires_at: 'soon' }],
    [
      'an expiry further ahead than a token lasts',
      { login: 'instagram', token: TOKEN, expires_at: '2027-03-10T00:00:00Z' },
    ],
    [
      'an expiry in the past',
      { login: 'instagram', token: TOKEN, expires_at: '2026-01-01T00:00:00Z' },
    ],
  ])('%s: 400 with a detail, nothing asked of the platform or stored', async (_name, payload) => {
    const before = s.platform.requests.length;
    const res = await put(s, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(expect.any(String));
    expect(s.platform.requests.length).toBe(before);
    expect(await storedRow(s)).toBeUndefined();
    expectNoToken(s, [res.body], [TOKEN, 'IGAA token with spaces 0123456789']);
  });

  test('a token the platform refuses (190): 422 without the token, nothing stored', async () => {
    const wrong = 'IGAAnot-the-owners-token-9876543210zyx';
    const res = await put(s, { login: 'instagram', token: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/^Instagram did not accept this token: /);
    expect(res.json().detail).toMatch(/190/);
    expect(await storedRow(s)).toBeUndefined();
    expectNoToken(s, [res.body], [wrong]);
  });

  test('the platform rate limiting: 429 with when to retry', async () => {
    s.platform.failNext({ kind: 'rate-limit', code: 80002, regainMinutes: 7 });
    const res = await put(s, { login: 'instagram', token: TOKEN });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(7 * 60));
    const retryAt = new Date(START + 7 * 60_000).toISOString().replace('.000Z', 'Z');
    expect(res.json().detail).toContain(`try again after ${retryAt} (in 7 minutes)`);
    expect(await storedRow(s)).toBeUndefined();
    expectNoToken(s, [res.body], [TOKEN]);
  });

  test('the platform failing twice with HTTP 500: 502, never 500', async () => {
    s.platform.failNext({ kind: 'status', status: 500 }, 2);
    const res = await put(s, { login: 'instagram', token: TOKEN });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toMatch(/^Instagram could not answer/);
  });

  test('refresh: refused before the token is 24 hours old, then renewed with ig_refresh_token', async () => {
    expect((await put(s, { login: 'instagram', token: TOKEN })).statusCode).toBe(200);
    const early = await refresh(s);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toContain('24 hours old');
    expect(early.json().detail).toContain(new Date(START + DAY).toISOString());

    s.clock.now = START + 2 * DAY;
    const res = await refresh(s);
    expect(res.statusCode).toBe(200);
    const renewed = s.platform.token();
    expect(renewed).not.toBe(TOKEN);
    const body = res.json();
    expect(body.obtained_at).toBe(new Date(START + 2 * DAY).toISOString());
    expect(body.expires_at).toBe(new Date(START + 2 * DAY + 5183944 * 1000).toISOString());
    expect(body.last_refresh_at).toBe(new Date(START + 2 * DAY).toISOString());
    expect(body.last_refresh_error).toBeNull();
    const row = await storedRow(s);
    const keys = tokenKeysFromEnv({ INSTAGRAM_TOKEN_KEY: KEY });
    expect(openToken(row!.sealed_token, keys, CONNECTION_CONTEXT).reveal()).toBe(renewed);
    expectNoToken(s, [res.body, early.body], [TOKEN, renewed]);
  });

  test('refresh: nothing connected is 404; an expired token 409; a token the platform revoked 422, shown in GET', async () => {
    expect((await refresh(s)).statusCode).toBe(404);
    await put(s, {
      login: 'instagram',
      token: TOKEN,
      expires_at: new Date(START + 3 * DAY).toISOString(),
    });
    s.clock.now = START + 4 * DAY;
    const expired = await refresh(s);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toContain('has expired');
    expect((await get(s)).json().state.kind).toBe('expired');

    s.clock.now = START;
    await put(s, { login: 'instagram', token: TOKEN });
    s.clock.now = START + 2 * DAY;
    s.platform.expireToken();
    try {
      const revoked = await refresh(s);
      expect(revoked.statusCode).toBe(422);
      expect(revoked.json().detail).toMatch(/^Instagram did not accept this token: /);
      const view = (await get(s)).json();
      expect(view.last_refresh_error).toBe(revoked.json().detail);
      expect(view.last_refresh_at).toBe(new Date(START + 2 * DAY).toISOString());
      expectNoToken(s, [revoked.body], [TOKEN]);
    } finally {
      s.platform.reset();
    }
  });

  test('refresh: a token sealed with a key the server no longer has is 409, shown in GET', async () => {
    await put(s, { login: 'instagram', token: TOKEN });
    const other = tokenKeysFromEnv({ INSTAGRAM_TOKEN_KEY: OTHER_KEY });
    await s.t.app.db
      .updateTable('instagram_connection')
      .set({ sealed_token: sealToken(new AccessToken(TOKEN), other, CONNECTION_CONTEXT) })
      .execute();
    s.clock.now = START + 2 * DAY;
    const res = await refresh(s);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('INSTAGRAM_TOKEN_KEY_PREVIOUS');
    expect((await get(s)).json().last_refresh_error).toBe(res.json().detail);
    expectNoToken(s, [res.body], [TOKEN]);
  });

  test('DELETE removes the connection and its token: 204, then GET says not connected', async () => {
    await put(s, { login: 'instagram', token: TOKEN });
    const res = await s.t.app.inject({
      method: 'DELETE',
      url: URL,
      headers: { authorization: s.admin.authorization },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await storedRow(s)).toBeUndefined();
    expect((await get(s)).json()).toEqual({ connected: false });
    const again = await s.t.app.inject({
      method: 'DELETE',
      url: URL,
      headers: { authorization: s.admin.authorization },
    });
    expect(again.statusCode).toBe(204);
  });

  test('automatic renewal: only within 7 days of the end, once a day old; failures recorded', async () => {
    await put(s, { login: 'instagram', token: TOKEN });
    const ctx = { db: s.t.app.db, settings: s.t.config.instagram };
    const at = (ms: number) => () => ms;
    expect(await refreshIfDue(ctx, at(START + 10 * DAY))).toEqual({ kind: 'not-due' });
    expect(await refreshIfDue(ctx, at(START + 52 * DAY))).toEqual({ kind: 'not-due' });
    expect(s.platform.requests.at(-1)?.path).toBe('/me');

    const due = START + 54 * DAY;
    const outcome = await refreshIfDue(ctx, at(due));
    expect(outcome).toEqual({
      kind: 'refreshed',
      expiresAt: new Date(due + 5183944 * 1000).toISOString(),
    });
    expect(s.platform.requests.at(-1)).toMatchObject({
      path: '/refresh_access_token',
      status: 200,
    });
    s.clock.now = due;
    expect((await get(s)).json().state.kind).toBe('valid');
    // Renewed: not due again until 7 days before the new end.
    expect(await refreshIfDue(ctx, at(due + 10 * DAY))).toEqual({ kind: 'not-due' });

    s.platform.expireToken();
    try {
      const failing = due + 55 * DAY;
      const failed = await refreshIfDue(ctx, at(failing));
      expect(failed.kind).toBe('failed');
      s.clock.now = failing;
      const view = (await get(s)).json();
      expect(view.state.kind).toBe('expiring');
      expect(view.last_refresh_error).toMatch(/^Instagram did not accept this token: /);
      expectNoToken(s, [JSON.stringify(failed), JSON.stringify(view)], [TOKEN, s.platform.token()]);
    } finally {
      s.platform.reset();
    }
  });

  test('the schedule’s tick renews a due token under its lock and logs a failure without the token', async () => {
    await put(s, { login: 'instagram', token: TOKEN });
    s.clock.now = START + 10 * DAY;
    expect(await s.t.app.instagramRefresh.tick()).toEqual({ kind: 'not-due' });

    s.clock.now = START + 54 * DAY;
    const from = s.lines.length;
    expect(await s.t.app.instagramRefresh.tick()).toMatchObject({ kind: 'refreshed' });
    const renewed = s.platform.token();
    expect(renewed).not.toBe(TOKEN);
    expect(s.lines.slice(from).join('\n')).toContain('Instagram token renewed');

    if (testDialect() === 'postgres') {
      // Another process holding the lock: this one skips.
      const release = await s.t.app.tryLock('instagram-refresh');
      expect(release).not.toBeNull();
      try {
        expect(await s.t.app.instagramRefresh.tick()).toBeNull();
      } finally {
        await release!();
      }
    }

    s.platform.expireToken();
    s.clock.now = START + 54 * DAY + 55 * DAY;
    const before = s.lines.length;
    const failed = await s.t.app.instagramRefresh.tick();
    expect(failed).toMatchObject({ kind: 'failed' });
    const logged = s.lines.slice(before).join('\n');
    expect(logged).toContain('Instagram token renewal failed');
    expect(logged).toContain('Instagram did not accept this token');
    expect((await get(s)).json().last_refresh_error).toMatch(/^Instagram did not accept/);
    expectNoToken(s, [], [TOKEN, renewed]);
  });

  test('a Facebook Login connection is never renewed automatically', async () => {
    await put(s, { login: 'facebook', token: TOKEN, page_id: '1000001' });
    const ctx = { db: s.t.app.db, settings: s.t.config.instagram };
    expect(await refreshIfDue(ctx, () => START + 55 * DAY)).toEqual({ kind: 'not-due' });
  });

  test('the request log of a PUT carries no token', async () => {
    const lines = s.lines.length;
    const res = await put(s, { login: 'instagram', token: TOKEN });
    expect(res.statusCode).toBe(200);
    const logged = s.lines.slice(lines).join('\n');
    expect(logged).toContain('Instagram account connected');
    expect(logged).toContain('/api/v1/instagram/connection');
    expect(logged).not.toContain(TOKEN);
  });
});

describe('Facebook Login', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ token: FB_TOKEN });
  });
  afterAll(() => teardown(s));
  beforeEach(async () => {
    s.clock.now = START;
    s.platform.reset();
    await s.t.app.db.deleteFrom('instagram_connection').execute();
  });

  test('with a Page id: the account linked to the Page', async () => {
    const res = await put(s, { login: 'facebook', token: FB_TOKEN, page_id: '1000001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      login: 'facebook',
      username: PAGE_ACCOUNT.username,
      account_id: PAGE_ACCOUNT.id,
      page_id: '1000001',
      expires_at: new Date(START + LONG_LIVED_MS).toISOString(),
    });
    expect(s.platform.requests.at(-1)).toMatchObject({ path: '/1000001', status: 200 });
    expectNoToken(s, [res.body], [FB_TOKEN]);
  });

  test('without a Page id: the one Page of /me/accounts with a linked account', async () => {
    const res = await put(s, { login: 'facebook', token: FB_TOKEN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: PAGE_ACCOUNT.username, page_id: '1000001' });
    expect(s.platform.requests.at(-1)).toMatchObject({ path: '/me/accounts', status: 200 });
  });

  test('a Page with no Instagram account, and a Page that does not exist: 422', async () => {
    const bare = await put(s, { login: 'facebook', token: FB_TOKEN, page_id: '1000002' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().detail).toContain('no Instagram professional account');
    const missing = await put(s, { login: 'facebook', token: FB_TOKEN, page_id: '4040404' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toMatch(/^Instagram refused the request: /);
    expect(await storedRow(s)).toBeUndefined();
  });

  test('refresh exchanges the token with fb_exchange_token', async () => {
    await put(s, { login: 'facebook', token: FB_TOKEN, page_id: '1000001' });
    s.clock.now = START + DAY;
    const res = await refresh(s);
    expect(res.statusCode).toBe(200);
    const renewed = s.platform.token();
    expect(renewed).not.toBe(FB_TOKEN);
    expect(res.json().expires_at).toBe(new Date(START + DAY + 5183944 * 1000).toISOString());
    expect(s.platform.requests.at(-1)).toMatchObject({ path: '/oauth/access_token', status: 200 });
    const row = await storedRow(s);
    const keys = tokenKeysFromEnv({ INSTAGRAM_TOKEN_KEY: KEY });
    expect(openToken(row!.sealed_token, keys, CONNECTION_CONTEXT).reveal()).toBe(renewed);
    expectNoToken(s, [res.body], [FB_TOKEN, renewed, APP.secret]);
  });
});

describe('without INSTAGRAM_TOKEN_KEY', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await userWithToken(t.app, 'admin');
  });
  afterAll(() => t.close());

  test('connecting and renewing answer 503 naming the variable; GET and DELETE still work', async () => {
    const headers = { authorization: admin.authorization };
    const connect = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers,
      payload: { login: 'instagram', token: TOKEN },
    });
    expect(connect.statusCode).toBe(503);
    expect(connect.json().detail).toContain('INSTAGRAM_TOKEN_KEY');
    expect(connect.body).not.toContain(TOKEN);
    const renew = await t.app.inject({ method: 'POST', url: `${URL}/refresh`, headers });
    expect(renew.statusCode).toBe(503);
    expect(renew.json().detail).toContain('INSTAGRAM_TOKEN_KEY');
    const view = await t.app.inject({ method: 'GET', url: URL, headers });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({ connected: false });
    const remove = await t.app.inject({ method: 'DELETE', url: URL, headers });
    expect(remove.statusCode).toBe(204);
  });
});

describe('platform errors that echo the token', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ echoTokenInErrors: true });
  });
  afterAll(() => teardown(s));

  test('a refused token echoed by the platform is not in the detail or the log', async () => {
    const wrong = 'IGAAechoed-token-that-must-stay-hidden-42';
    const res = await put(s, { login: 'instagram', token: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('[redacted]');
    expectNoToken(s, [res.body], [wrong]);
  });
});

describe('unreachable platform and the routes’ own limit', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    t = await buildTestApp({
      INSTAGRAM_TOKEN_KEY: KEY,
      INSTAGRAM_GRAPH_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_INSTAGRAM: '2',
    });
    admin = await userWithToken(t.app, 'admin');
  });
  afterAll(() => t.close());

  test('the platform unreachable: 502 with a clear detail; the third change in a minute: 429', async () => {
    const send = () =>
      t.app.inject({
        method: 'PUT',
        url: URL,
        headers: { authorization: admin.authorization },
        payload: { login: 'instagram', token: TOKEN },
      });
    const first = await send();
    expect(first.statusCode).toBe(502);
    expect(first.json().detail).toMatch(/^Instagram could not be reached: /);
    expect(first.body).not.toContain(TOKEN);
    expect((await send()).statusCode).toBe(502);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toContain('Too many requests from your account');
  });
});
