import { sql } from 'kysely';
import pg from 'pg';
import { buildTestApp, type TestApp } from '../../helpers/build';
import { TEST_REDIS_URL, testWithRedis } from '../../helpers/redis';

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

describe('readiness', () => {
  test('without REDIS_URL: ready when the database answers, Redis "not configured"', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not configured' });
  });

  testWithRedis(
    'with REDIS_URL: ready while Redis answers, 503 naming Redis when it stops (liveness stays 200)',
    async () => {
      const withRedis = await buildTestApp({ REDIS_URL: TEST_REDIS_URL });
      try {
        const ready = await withRedis.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });

        // The connection drops (no reconnecting, so it stays down for the test).
        withRedis.app.redis?.disconnect(false);
        const down = await withRedis.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({
          status: 'not ready',
          database: 'ok',
          redis: 'unreachable',
          detail: 'Not ready: Redis did not answer.',
        });
        const live = await withRedis.app.inject({ method: 'GET', url: '/api/v1/health' });
        expect(live.statusCode).toBe(200);
      } finally {
        await withRedis.close().catch(() => undefined);
      }
    },
  );

  test('a database that does not answer makes it 503 naming the database', async () => {
    const broken = await buildTestApp();
    // Its PostgreSQL schema, to drop once its database handle is gone.
    const schema =
      broken.app.dialect === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(broken.app.db)).rows[0]?.s
        : undefined;
    try {
      await broken.app.db.destroy();
      const res = await broken.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        database: 'unreachable',
        redis: 'not configured',
        detail: 'Not ready: the database did not answer.',
      });
    } finally {
      await broken.app.close().catch(() => undefined);
      if (schema) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
    }
  });
});
