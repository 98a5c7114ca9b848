import { buildTestApp, type TestApp } from '../../helpers/build';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

test('/api/v1/openapi.json documents every API route with its schemas', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(doc.servers).toEqual([{ url: '/api/v1' }]);
  expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
    type: 'http',
    scheme: 'bearer',
  });
  for (const [path, method] of [
    ['/auth/login', 'post'],
    ['/auth/me', 'get'],
    ['/contact/', 'post'],
    ['/contact/', 'get'],
    ['/newsletter/subscribe', 'post'],
    ['/newsletter/confirm', 'get'],
    ['/newsletter/unsubscribe', 'post'],
    ['/newsletter/subscribers.csv', 'get'],
    ['/outbox/', 'get'],
  ]) {
    expect(doc.paths[path as string]?.[method as string]).toBeDefined();
  }
  const login = doc.paths['/auth/login'].post;
  expect(Object.keys(login.requestBody.content)).toEqual(
    expect.arrayContaining(['application/x-www-form-urlencoded', 'application/json']),
  );
  expect(
    doc.paths['/contact/'].post.requestBody.content['application/json'].schema.properties.email
      .format,
  ).toBe('email');
  // The built site's catch-all routes are not part of the API document.
  expect(Object.keys(doc.paths).some((p) => p.includes('*'))).toBe(false);
});

test('/api/docs serves the browsable documentation', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.body).toContain('swagger-ui');
  const redirect = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect([200, 302]).toContain(redirect.statusCode);
});
