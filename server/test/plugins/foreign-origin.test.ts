import net from 'node:net';
import { FOREIGN_ORIGIN_DETAIL } from '../../src/lib/request-origin';
import { createUser } from '../../src/services/accounts';
import { buildTestApp, type TestApp } from '../helpers/build';

/**
 * What a page on another site can make a browser send: a plain form, whose address the attacker
 * spells as they like. The rule "a change from another origin is refused" must hold whatever the
 * spelling, and a form body is read only where a form is documented.
 */

const PASSWORD = 'correct-horse-battery';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request over a real socket, its target byte for byte (no client library tidies it). */
function send(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body = '',
): Promise<Answer> {
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${Buffer.byteLength(body)}`,
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${method} ${target} within 20 s`));
    }, 20_000);
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const [top = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at <= 0) continue;
        // A repeated header (one Set-Cookie per cookie) keeps every value, one per line.
        const name = line.slice(0, at).toLowerCase();
        const value = line.slice(at + 1).trim();
        parsed[name] = parsed[name] === undefined ? value : `${parsed[name]}\n${value}`;
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers: parsed,
        body: rest.join('\r\n\r\n'),
      });
    });
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const credentials = new URLSearchParams({ username: 'alice', password: PASSWORD }).toString();

/** Ways to write /api/… that the router may still take for it, or that a proxy may normalise. */
const SPELLINGS = [
  '/api/v1/auth/login',
  '/%61pi/v1/auth/login',
  '/%61%70%69/v1/auth/login',
  '/%2561pi/v1/auth/login',
  '/API/v1/auth/login',
  '/Api/v1/auth/login',
  '/api/V1/auth/login',
  '//api/v1/auth/login',
  '/api//v1/auth/login',
  '/api/v1//auth/login',
  '///api/v1/auth/login',
  '/api/v1/auth/%6cogin',
  '/api/v1/auth/login/',
  '/./api/v1/auth/login',
  '/x/../api/v1/auth/login',
];

/** What a browser says about a form posted from another site. */
const FOREIGN: Array<Record<string, string>> = [
  { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
  { Origin: 'null' },
  { 'Sec-Fetch-Site': 'same-site' },
];

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_CONTACT: '1000' });
  await createUser(t.app.db, 'alice', PASSWORD, 'admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

describe('a form posted from another site is refused, however the address is spelled', () => {
  test.each(SPELLINGS)('POST %s: 403, no session', async (target) => {
    for (const browser of FOREIGN) {
      const res = await send(port, 'POST', target, { ...FORM, ...browser }, credentials);
      expect({ browser, status: res.status, cookie: res.headers['set-cookie'] }).toEqual({
        browser,
        status: 403,
        cookie: undefined,
      });
      expect(JSON.parse(res.body)).toEqual({ detail: FOREIGN_ORIGIN_DETAIL });
    }
  });

  test('the same form from the site itself logs in, so the rule is what refused it', async () => {
    for (const target of ['/api/v1/auth/login', '/%61pi/v1/auth/login']) {
      const res = await send(
        port,
        'POST',
        target,
        { ...FORM, Origin: `http://127.0.0.1:${port}` },
        credentials,
      );
      expect({ target, status: res.status }).toEqual({ target, status: 200 });
      expect(res.headers['set-cookie']).toMatch(/^aw_session=/m);
    }
  });

  test('enquiries and subscriptions from another site: 403, nothing stored', async () => {
    const enquiry = JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    const subscription = JSON.stringify({ email: 'ada@example.com' });
    for (const [target, body] of [
      ['/%61pi/v1/contact/', enquiry],
      ['/%61pi/v1/contact', enquiry],
      ['/%61pi/v1/newsletter/subscribe', subscription],
    ] as const) {
      for (const browser of FOREIGN) {
        const res = await send(
          port,
          'POST',
          target,
          { 'Content-Type': 'text/plain', ...browser },
          body,
        );
        expect({ target, browser, status: res.status }).toEqual({ target, browser, status: 403 });
      }
    }
    expect(await t.app.db.selectFrom('contact_enquiries').selectAll().execute()).toEqual([]);
    expect(await t.app.db.selectFrom('newsletter_subscribers').selectAll().execute()).toEqual([]);
  });
});

describe('a form body is read only where a form is documented', () => {
  const enquiry = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
  const JSON_ONLY = 'This endpoint accepts application/json only.';

  test.each([
    ['application/x-www-form-urlencoded', new URLSearchParams(enquiry).toString()],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--',
    ],
    ['text/plain', JSON.stringify(enquiry)],
    ['TEXT/PLAIN; charset=utf-8', JSON.stringify(enquiry)],
  ])('an enquiry as %s: 415 with a detail, nothing stored', async (type, payload) => {
    for (const url of ['/api/v1/contact/', '/api/v1/newsletter/subscribe']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        payload,
      });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 415,
        body: { detail: JSON_ONLY },
      });
    }
    expect(await t.app.db.selectFrom('contact_enquiries').selectAll().execute()).toEqual([]);
  });

  test('JSON is still read', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: enquiry });
    expect(res.statusCode).toBe(200);
  });

  test('the documented forms are read: login, and RFC 8058 one-click unsubscribe', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: FORM,
      payload: credentials,
    });
    expect(login.statusCode).toBe(200);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/unsubscribe/one-click?token=unknown-token',
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).not.toBe(415);
    expect(oneClick.statusCode).toBeLessThan(500);
    // Login documents JSON as well; multipart it does not.
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(multipart.statusCode).toBe(415);
    expect(multipart.json().detail).toBe(
      'This endpoint accepts application/x-www-form-urlencoded or application/json only.',
    );
  });

  test('a guarded route answers an anonymous form 401, before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-all',
      headers: FORM,
      payload: 'a=b',
    });
    expect(res.statusCode).toBe(401);
  });
});
