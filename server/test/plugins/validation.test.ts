import { buildTestApp, type TestApp, userWithToken } from '../helpers/build';

/** One validator for all of /api/v1: JSON types are taken as sent, never coerced. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMIT_CONTACT: '1000',
    RATE_LIMIT_NEWSLETTER: '1000',
    RATE_LIMIT_LOGIN: '1000',
  });
  admin = (await userWithToken(t.app, 'admin')).authorization;
});
afterAll(() => t.close());

const ENQUIRY = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };

test.each([
  [
    'contact: a number for the name',
    '/api/v1/contact/',
    { ...ENQUIRY, name: 123 },
    'name',
    'must be text',
  ],
  [
    'contact: a list for the e-mail',
    '/api/v1/contact/',
    { ...ENQUIRY, email: ['a@example.com'] },
    'email',
    'must be text',
  ],
  [
    'contact: a boolean for the message',
    '/api/v1/contact/',
    { ...ENQUIRY, message: true },
    'message',
    'must be text',
  ],
  [
    'newsletter: a list for the e-mail',
    '/api/v1/newsletter/subscribe',
    { email: ['a@example.com'] },
    'email',
    'must be text',
  ],
  [
    'newsletter: an object for the token',
    '/api/v1/newsletter/unsubscribe',
    { token: { $ne: '' } },
    'token',
    'must be text',
  ],
  [
    'login: a number for the password',
    '/api/v1/auth/login',
    { username: 'admin', password: 1234567890 },
    'password',
    'must be text',
  ],
  [
    'giveaway entry: a list for the e-mail',
    '/api/v1/giveaway/1/participate',
    { email: ['a@example.com'], instagram_handle: 'ada' },
    'email',
    'must be an e-mail address of at most 254 characters',
  ],
])('%s is refused, naming the field', async (_label, url, payload, field, message) => {
  const res = await t.app.inject({ method: 'POST', url, payload });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    detail: `Please check the body: ${field} ${message}.`,
    errors: [{ field, message }],
  });
});

test('nothing a refused request carried was stored', async () => {
  expect(await t.app.db.selectFrom('contact_enquiries').selectAll().execute()).toEqual([]);
  expect(await t.app.db.selectFrom('newsletter_subscribers').selectAll().execute()).toEqual([]);
});

test('form-encoded fields repeated into a list are refused too', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'username=a&username=b&password=whatever',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual([{ field: 'username', message: 'must be text' }]);
});

test('query strings are read as whole numbers only when they are written as one', async () => {
  const get = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/contact/?${query}`,
      headers: { authorization: admin },
    });
  expect((await get('page=2&per_page=5')).statusCode).toBe(200);
  for (const [query, message] of [
    ['page=1.5', 'must be a whole number'],
    ['page=1e3', 'must be a whole number'],
    ['per_page=abc', 'must be a whole number'],
    ['page=0', 'must be at least 1'],
    ['per_page=101', 'must be at most 100'],
    ['page=1&page=2', 'must be a whole number'],
  ] as const) {
    const res = await get(query);
    expect({ query, status: res.statusCode, message: res.json().errors?.[0]?.message }).toEqual({
      query,
      status: 400,
      message,
    });
    expect(res.json().detail).toMatch(/^Please check the querystring: /);
  }
});

test('every group words its refusals from the same table', async () => {
  const unknownField = [
    ['/api/v1/contact/', { ...ENQUIRY, extra: 1 }],
    ['/api/v1/newsletter/subscribe', { email: 'a@example.com', extra: 1 }],
    ['/api/v1/auth/login', { username: 'a', password: 'b', extra: 1 }],
    [
      '/api/v1/giveaway/1/participate',
      { email: 'a@example.com', instagram_handle: 'ada', extra: 1 },
    ],
  ] as const;
  for (const [url, payload] of unknownField) {
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.json().errors).toEqual([{ field: 'extra', message: 'is not an accepted field' }]);
  }
  const missing = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact/',
    payload: { email: 'a@example.com', message: 'hi' },
  });
  expect(missing.json().errors).toEqual([{ field: 'name', message: 'is required' }]);
  const badEmail = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact/',
    payload: { ...ENQUIRY, email: 'no-at-sign' },
  });
  expect(badEmail.json().errors).toEqual([
    { field: 'email', message: 'must be a valid e-mail address' },
  ]);
});
