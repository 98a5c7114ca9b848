import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serveTools } from '../serve-tools';
import { buildTestApp, type TestApp } from '../../../server/test/helpers/build';

/**
 * `npm run develop` serves /tools/ through serveTools (Gatsby's developMiddleware); the
 * production server serves the same files from the built site. For every kind of tools URL the
 * two must answer alike: status, redirect target, caching and the bytes.
 */

const root = path.resolve(__dirname, '../../..');
const tools = path.join(root, 'static/tools');
let t: TestApp;
let dev: http.Server;
let devBase: string;
let site: string;
let fellThrough: string[] = [];

beforeAll(async () => {
  // The face-api files, as `npm run develop` and the build put them in place.
  const vendor = spawnSync(process.execPath, ['scripts/copy-vendor.mjs'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (vendor.status !== 0) throw new Error(vendor.stderr);
  // A built site as the build leaves it: static/ copied into public/.
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'site-tools-'));
  fs.mkdirSync(path.join(site, 'public'));
  fs.writeFileSync(path.join(site, 'public/index.html'), '<p>home</p>');
  fs.writeFileSync(path.join(site, 'public/404.html'), '<p>not found</p>');
  fs.cpSync(tools, path.join(site, 'public/tools'), { recursive: true });
  t = await buildTestApp({ SITE_DIR: path.join(site, 'public') });

  const middleware = serveTools(tools);
  dev = http.createServer((request, response) =>
    middleware(request, response, () => {
      fellThrough.push(request.url ?? '');
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('gatsby 404');
    }),
  );
  await new Promise<void>((resolve) => dev.listen(0, '127.0.0.1', resolve));
  devBase = `http://127.0.0.1:${(dev.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => dev.close(resolve));
  fs.rmSync(site, { recursive: true, force: true });
});

beforeEach(() => {
  fellThrough = [];
});

const vendorFiles = () =>
  fs
    .readdirSync(path.join(tools, 'drowsiness/vendor'), { recursive: true })
    .map(String)
    .filter((name) => fs.statSync(path.join(tools, 'drowsiness/vendor', name)).isFile());

test('the face-api files are there for develop', () => {
  expect(vendorFiles()).toEqual(expect.arrayContaining(['face-api.js']));
  expect(vendorFiles().length).toBeGreaterThan(2);
});

test.each([
  '/tools/drowsiness',
  '/tools/drowsiness/',
  '/tools/drowsiness/?from=projects',
  '/tools/drowsiness/app.js',
  '/tools/drowsiness/styles.css',
  '/tools/drowsiness/vendor/face-api.js',
  '/tools/focus-timer',
  '/tools/contrast-checker/index.html',
  '/tools/shared/tool.css',
  '/tools/roadmap',
])('develop answers %s as production does', async (url) => {
  const prod = await t.app.inject({ method: 'GET', url });
  const res = await fetch(`${devBase}${url}`, { redirect: 'manual' });
  const body = Buffer.from(await res.arrayBuffer());
  expect({
    status: res.status,
    location: res.headers.get('location'),
    cache: res.status === 200 ? res.headers.get('cache-control') : null,
    type: res.status === 200 ? res.headers.get('content-type')?.split(';')[0] : null,
  }).toEqual({
    status: prod.statusCode,
    location: prod.headers.location ?? null,
    cache: prod.statusCode === 200 ? prod.headers['cache-control'] : null,
    type: prod.statusCode === 200 ? String(prod.headers['content-type']).split(';')[0] : null,
  });
  if (prod.statusCode === 200) expect(body.equals(prod.rawPayload)).toBe(true);
});

test('every face-api file answers in develop as in production', async () => {
  for (const name of vendorFiles()) {
    const url = `/tools/drowsiness/vendor/${name}`;
    const prod = await t.app.inject({ method: 'GET', url });
    const res = await fetch(`${devBase}${url}`);
    expect([url, res.status]).toEqual([url, prod.statusCode]);
    expect(Buffer.from(await res.arrayBuffer()).equals(prod.rawPayload)).toBe(true);
  }
});

test.each(['/tools', '/tools/nope', '/tools/drowsiness/.hidden', '/tools/..%2fgatsby-config.ts'])(
  '%s is not a tool: production answers 404 and develop leaves it to Gatsby',
  async (url) => {
    const prod = await t.app.inject({ method: 'GET', url });
    expect(prod.statusCode).toBe(404);
    const res = await fetch(`${devBase}${url}`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('gatsby 404');
    expect(fellThrough).toEqual([url]);
  },
);
