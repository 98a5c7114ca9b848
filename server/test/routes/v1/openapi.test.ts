import { execFileSync } from 'node:child_process';
import path from 'node:path';
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
  expect(doc.components.securitySchemes.sessionCookie).toEqual(
    expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'aw_session' }),
  );
  for (const [path, method] of [
    ['/auth/login', 'post'],
    ['/auth/me', 'get'],
    ['/contact', 'post'],
    ['/contact', 'get'],
    ['/newsletter/subscribe', 'post'],
    ['/newsletter/confirm', 'get'],
    ['/newsletter/unsubscribe', 'post'],
    ['/newsletter/subscribers.csv', 'get'],
    ['/outbox', 'get'],
  ]) {
    expect(doc.paths[path as string]?.[method as string]).toBeDefined();
  }
  const login = doc.paths['/auth/login'].post;
  expect(Object.keys(login.requestBody.content)).toEqual(
    expect.arrayContaining(['application/x-www-form-urlencoded', 'application/json']),
  );
  expect(
    doc.paths['/contact'].post.requestBody.content['application/json'].schema.properties.email
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

/** Every operation in the document, with its method and path. */
function operations(doc: {
  paths: Record<string, Record<string, { security?: unknown; operationId?: string }>>;
}) {
  return Object.entries(doc.paths).flatMap(([route, item]) =>
    Object.entries(item).map(([method, operation]) => ({ route, method, operation })),
  );
}

test('every operation says whether it needs a session, and the guarded ones are exactly those behind a guard', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const guarded = new Set(
    t.app.protectedRoutes.map(
      ({ method, url }) =>
        `${method.toLowerCase()} ${url.replace(/^\/api\/v1/, '').replace(/(.)\/$/, '$1')}`,
    ),
  );
  const all = operations(doc);
  expect(all.length).toBeGreaterThan(20);
  for (const { route, method, operation } of all) {
    const key = `${method} ${route.replace(/\{(\w+)\}/g, ':$1')}`;
    expect([key, operation.security]).toEqual([
      key,
      guarded.has(key) ? [{ sessionCookie: [] }, { bearerAuth: [] }] : [],
    ]);
  }
  expect(all.filter(({ operation }) => operation.security?.toString() !== '').length).toBe(
    guarded.size,
  );
  const ids = all.map(({ operation }) => operation.operationId);
  expect(new Set(ids).size).toBe(all.length);
});

test('named operations carry the session schemes, or none, as written here', async () => {
  // The document's security comes from the session guards (app.ts), not from the routes' schemas:
  // pinned for a few operations so a change to either shows here.
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const session = [{ sessionCookie: [] }, { bearerAuth: [] }];
  const expected: Array<[string, string, unknown]> = [
    ['get', '/health', []],
    ['post', '/auth/login', []],
    ['get', '/auth/me', session],
    ['post', '/auth/password', session],
    ['post', '/contact', []],
    ['get', '/contact', session],
    ['post', '/newsletter/subscribe', []],
    ['get', '/newsletter/issues/preview/{slug}', session],
    ['post', '/drafts/{id}/images', session],
    ['get', '/drafts', session],
    ['get', '/outbox', session],
    ['post', '/personal-data/export', session],
    ['get', '/posts', session],
    ['get', '/staff/users', session],
    ['post', '/staff/invitations/accept', []],
    ['get', '/giveaway/{id}', []],
    ['post', '/giveaway', session],
  ];
  expect(
    expected.map(([method, route]) => [method, route, doc.paths[route]?.[method]?.security]),
  ).toEqual(expected);
});

test('no validator-only keyword is published', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.body).not.toContain('"errorMessage"');
  // The validator still gives its own messages.
  expect(res.statusCode).toBe(200);
});

/**
 * Redocly's recommended rules, run offline on the served document. The linter ships only as an
 * ES module, which Jest's module system does not load, so it runs in one child Node process fed
 * the document on stdin.
 */
const LINT = `
import { createConfig, lintFromString } from '@redocly/openapi-core';
let source = '';
for await (const chunk of process.stdin) source += chunk;
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source, absoluteRef: '/openapi.json', config });
process.stdout.write(JSON.stringify(problems.map((p) => ({
  severity: p.severity, rule: p.ruleId, message: p.message, at: p.location?.[0]?.pointer,
}))));
`;

test("the document passes Redocly's recommended rules with no error", async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT], {
    cwd: path.resolve(__dirname, '../../../..'),
    input: res.body,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const problems = JSON.parse(output) as Array<{ severity: string; rule: string }>;
  expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
}, 60_000);
