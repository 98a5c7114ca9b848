import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { isInternalFile, staysOnSite } from '../../src/plugins/static-site';
import { buildTestApp, type TestApp } from '../helpers/build';

/**
 * Edges a browser or an attacker reaches through a real socket: raw request lines (no client
 * library tidying them up), redirects, internal build files and slow clients.
 */

function write(root: string, file: string, body: string) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, body);
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  closedAfterMs: number;
}

/**
 * Sends `request` byte for byte and reads the answer's head until the server closes the
 * connection (every request here says `Connection: close`, or never finishes).
 */
function raw(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 20 s'));
    }, 20_000);
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
        closedAfterMs: Date.now() - started,
      });
    });
    socket.write(request);
  });
}

const get = (target: string) =>
  Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'latin1');

describe('the built site over a real socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    const first = await buildTestApp();
    const site = first.config.siteDir;
    write(site, 'index.html', '<h1>home</h1>');
    write(site, '404.html', '<h1>Page Not Found</h1>');
    write(site, 'services/index.html', '<h1>services</h1>');
    write(site, 'app-3f9c1d2e4b5a69788a7b.js', 'console.log(1)');
    write(site, 'app-3f9c1d2e4b5a69788a7b.js.map', '{"sources":["webpack://src/secret.ts"]}');
    write(site, 'webpack.stats.json', '{"assetsByChunkName":{}}');
    write(site, 'chunk-map.json', '{}');
    write(site, '.cache/match-paths.json', '[]');
    write(site, 'static/.hidden', 'x');
    t = await buildTestApp({ SITE_DIR: first.config.siteDir });
    const close = t.close;
    t.close = async () => {
      await close();
      await first.close();
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  test('a trailing slash still redirects to the page, on this site', async () => {
    const res = await raw(port, get('/services/?ref=x'));
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/services?ref=x');
  });

  const offSite = [
    '//evil.example/',
    '//evil.example//',
    '///evil.example/',
    '////evil.example/',
    '/\\evil.example/',
    '/\\/evil.example/',
    '/\\\\evil.example/',
    '//\\evil.example/',
    '/%2F/evil.example/',
    '/%2F%2Fevil.example/',
    '/%5Cevil.example/',
    '/%5C%5Cevil.example/',
    '//evil.example/%2F',
    '//evil.example/?next=/',
    '//evil.example:443/',
    '//user@evil.example/',
    '/%09/evil.example/',
    '/.//evil.example/',
    '//evil%2Eexample/',
    '//127.0.0.2/',
    '/https://evil.example/',
    '/http:/evil.example/',
    '//@evil.example/',
  ];

  test.each(offSite)('GET %s sends no browser off the site', async (target) => {
    const res = await raw(port, get(target));
    expect(res.status).toBeGreaterThan(0);
    const base = `http://127.0.0.1:${port}`;
    if (res.headers.location !== undefined) {
      // Resolved the way a browser resolves it, the target must be this very origin.
      expect(new URL(res.headers.location, `${base}${target.split('?')[0]}`).origin).toBe(base);
    }
  });

  test.each([
    '/app-3f9c1d2e4b5a69788a7b.js.map',
    '/webpack.stats.json',
    '/chunk-map.json',
    '/.cache/match-paths.json',
    '/%2Ecache/match-paths.json',
    '/static/.hidden',
    // Spellings the file lookup reads as the same file.
    '//webpack.stats.json',
    '///webpack.stats.json',
    '/%2fwebpack.stats.json',
    '/%2Fwebpack.stats.json',
    '/%2F%2Fwebpack.stats.json',
    '/./webpack.stats.json',
    '/%2E/webpack.stats.json',
    '/static/../webpack.stats.json',
    '/static/%2E%2E/webpack.stats.json',
    '//chunk-map.json',
    '/%2fchunk-map.json',
    '//app-3f9c1d2e4b5a69788a7b.js.map',
    '//.cache/match-paths.json',
  ])('%s is not served', async (target) => {
    const res = await raw(port, get(target));
    expect(res.status).toBe(404);
  });

  test('the files pages need are still served', async () => {
    expect((await raw(port, get('/app-3f9c1d2e4b5a69788a7b.js'))).status).toBe(200);
  });
});

test('the redirect and internal-file rules, as functions', () => {
  expect(staysOnSite('/services')).toBe(true);
  expect(staysOnSite('/services?next=//evil.example')).toBe(true);
  for (const target of [
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '',
    'evil.example',
  ])
    expect(staysOnSite(target)).toBe(false);
  expect(isInternalFile('/page-data/app-data.json')).toBe(false);
  expect(isInternalFile('/x.css.map')).toBe(true);
  expect(isInternalFile('//webpack.stats.json')).toBe(true);
  expect(isInternalFile('/a/../chunk-map.json')).toBe(true);
  expect(isInternalFile('/blog/chunk-map.json')).toBe(false);
});

describe('slow clients are cut off', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  test('a body that never finishes arriving: 408 and the connection closed', async () => {
    const head =
      'POST /api/v1/contact/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 200\r\n\r\n{"name": "Ada", ';
    const res = await raw(port, head);
    expect(res.status).toBe(408);
    // Answered like every other error of the API.
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({
      detail: 'The request took too long to arrive. Please send it again.',
    });
    // Two seconds allowed, checked every second: well short of the 331 s seen without a limit.
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(res.closedAfterMs).toBeLessThan(6_000);
    expect(await t.app.db.selectFrom('contact_enquiries').selectAll().execute()).toEqual([]);
  });

  test('headers that never finish arriving: the connection is closed', async () => {
    const res = await raw(port, 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect([0, 408]).toContain(res.status);
    expect(res.closedAfterMs).toBeLessThan(5_000);
  });

  test.each([
    [
      'headers over the size limit',
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['bytes that are no HTTP', 'HELLO THERE\r\n\r\n', 400],
  ])(
    '%s: answered with a detail before Fastify sees a request',
    async (_label, request, status) => {
      const res = await raw(port, request);
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({ detail: expect.any(String) });
    },
  );

  test('the limits are set on the server', () => {
    const server = t.app.server;
    expect(server.requestTimeout).toBe(2_000);
    expect(server.headersTimeout).toBe(1_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    expect(server.timeout).toBe(60_000);
  });
});
