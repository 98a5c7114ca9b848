import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { App } from '../../src/app';
import { buildTestApp, type TestApp, userWithToken } from '../helpers/build';

/**
 * Property: whatever arrives (wrong types, huge strings, unicode, prototype-pollution keys,
 * SQL-looking text, odd headers), the API never answers 5xx, every error is `{"detail": string}`,
 * and a refused request leaves every stored row as it was.
 */

interface Operation {
  method: string;
  path: string;
}

/** Tables that record the attempt itself (throttling), which a refused request may touch. */
const ATTEMPT_TABLES = /attempt|throttle|rate_limit|kysely_migration/;

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.fullUnicodeString({ maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\u202e\u0041',
    '<script>alert(1)</script>',
    '=HYPERLINK("http://x")',
    '9'.repeat(400),
    '-1',
    '1e309',
    'NaN',
  ),
  fc.string({ minLength: 5000, maxLength: 70000 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype')),
      tie('value'),
      {
        maxKeys: 5,
      },
    ),
  ),
})).value;

const bodyArb = fc.oneof(
  hostileValue.map((v) => ({ kind: 'json' as const, payload: JSON.stringify(v) ?? 'null' })),
  fc
    .record({
      email: fc.oneof(hostileString, fc.emailAddress()),
      instagram_handle: hostileString,
      name: hostileString,
      message: hostileString,
      username: hostileString,
      password: hostileString,
      title: hostileString,
      accept: hostileValue,
      max_participants: hostileValue,
      start_date: hostileString,
      ['__proto__']: fc.constant({ isAdmin: true }),
    })
    .map((v) => ({ kind: 'json' as const, payload: JSON.stringify(v) })),
  hostileString.map((s) => ({ kind: 'raw' as const, payload: s })),
);

const contentTypeArb = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
);

const authArb = fc.constantFrom<'none' | 'garbage' | 'admin' | 'editor'>(
  'none',
  'garbage',
  'admin',
  'editor',
);

function fillPath(path: string, param: string): string {
  return path.replace(/\{[^}]+\}|:[A-Za-z_]+/g, encodeURIComponent(param));
}

async function storedState(app: App): Promise<string> {
  const tables =
    app.dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            app.db,
          )
        ).rows
      : (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
            app.db,
          )
        ).rows;
  const hash = crypto.createHash('sha256');
  for (const { name } of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    if (ATTEMPT_TABLES.test(name) || name.startsWith('sqlite_')) continue;
    const rows = (await sql`select * from ${sql.table(name)}`.execute(app.db)).rows;
    hash.update(name);
    hash.update(JSON.stringify(rows.map((r) => JSON.stringify(r)).sort()));
  }
  return hash.digest('hex');
}

let t: TestApp;
let operations: Operation[];
let auth: Record<'admin' | 'editor', string>;

beforeAll(async () => {
  t = await buildTestApp();
  const spec = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((method) => ({
        method: method.toUpperCase(),
        path: path.startsWith('/api/') ? path : `/api/v1${path}`,
      })),
  );
  auth = {
    admin: (await userWithToken(t.app, 'admin')).authorization,
    editor: (await userWithToken(t.app, 'editor')).authorization,
  };
}, 30_000);
afterAll(() => t.close());

test('the OpenAPI document lists the API (so the fuzzer covers every endpoint)', () => {
  expect(operations.length).toBeGreaterThanOrEqual(5);
});

test('hostile requests never cause a 5xx, always get {"detail"} when refused, and change nothing when refused', async () => {
  const seen = new Set<string>();
  await fc.assert(
    fc.asyncProperty(
      fc.nat(),
      hostileString,
      bodyArb,
      contentTypeArb,
      authArb,
      fc.option(hostileString, { nil: undefined }),
      async (pick, param, body, contentType, who, query) => {
        const op = operations[pick % operations.length]!;
        seen.add(`${op.method} ${op.path}`);
        const headers: Record<string, string> = {};
        if (contentType) headers['content-type'] = contentType;
        if (who === 'garbage') headers.authorization = 'Bearer not.a.token';
        else if (who !== 'none') headers.authorization = auth[who];
        const url =
          fillPath(op.path, param) +
          (query === undefined
            ? ''
            : `?q=${encodeURIComponent(query)}&page=${encodeURIComponent(query)}`);
        const before = await storedState(t.app);
        const res = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers,
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: body.payload }),
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const json = res.json() as { detail?: unknown };
          expect(typeof json.detail).toBe('string');
          expect(res.body).not.toMatch(/at .+\.(ts|js):\d+|SQLITE_|syntax error|relation "/i);
          expect(await storedState(t.app)).toBe(before);
        }
      },
    ),
    {
      numRuns: Number(process.env.FUZZ_RUNS ?? 400),
      seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
    },
  );
  expect(seen.size).toBeGreaterThan(operations.length / 2);
}, 120_000);
