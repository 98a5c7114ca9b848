import { buildTestApp, type TestApp } from '../../helpers/build';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

test('GET /api/v1/health answers {"status":"ok"}', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok' });
});

test.each([
  ['GET', '/api/v1/nope'],
  ['POST', '/api/v1/nope'],
  ['GET', '/api/v2/health'],
  ['DELETE', '/api'],
])('%s %s answers a JSON 404 with a detail', async (method, url) => {
  const res = await t.app.inject({ method: method as 'GET', url });
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.json().detail).toMatch(/No API endpoint matches/);
});
