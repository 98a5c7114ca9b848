import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  cacheControlFor,
  EMPTY_MANIFEST,
  IMMUTABLE,
  REVALIDATE,
  SITE_MANIFEST_FILE,
  type SiteManifest,
} from '@site/contracts/static-rules';
import { buildTestApp, type TestApp } from '../helpers/build';

function write(root: string, file: string, body: string) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, body);
}

const FRAMEWORK = `var react = ${JSON.stringify('x'.repeat(4000))};`;

describe('built site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const site = t.config.siteDir;
    write(site, 'index.html', '<h1>home</h1>');
    write(site, '404.html', '<h1>Page Not Found</h1>');
    write(site, 'services/index.html', '<h1>services</h1>');
    write(site, 'app-3f9c1d2e4b5a69788a7b.js', 'console.log(1)');
    write(site, 'styles.0a1b2c3d4e5f60718293.css', 'body{}');
    write(site, 'framework-0123456789abcdef0123.js', FRAMEWORK);
    fs.writeFileSync(
      path.join(site, 'framework-0123456789abcdef0123.js.br'),
      zlib.brotliCompressSync(FRAMEWORK),
    );
    write(site, 'page-data/index/page-data.json', '{}');
    write(site, 'static/8d7e6f5a4b3c2d1e0f/logo.png', 'png');
    write(site, 'favicon.svg', '<svg/>');
    write(site, 'giveaway/[...]/index.html', '<h1>giveaway shell</h1>');
    write(site, 'blog/404.html', '<h1>Post Not Found</h1>');
    write(site, 'blog/hello/index.html', '<h1>hello post</h1>');
    // The manifest the build's adapter writes beside public/ (plugins/site-adapter), with the
    // cache headers Gatsby gives these files.
    const manifest: SiteManifest = {
      clientOnlyRoutes: [{ matchPath: '/giveaway/*', page: 'giveaway/[...]/index.html' }],
      cacheControl: {
        files: {
          'index.html': REVALIDATE,
          'services/index.html': REVALIDATE,
          'app-3f9c1d2e4b5a69788a7b.js': IMMUTABLE,
          'styles.0a1b2c3d4e5f60718293.css': IMMUTABLE,
          'framework-0123456789abcdef0123.js': IMMUTABLE,
          'page-data/index/page-data.json': REVALIDATE,
        },
        folders: { 'static/': IMMUTABLE },
      },
      scriptHashes: {},
    };
    write(path.dirname(site), SITE_MANIFEST_FILE, JSON.stringify(manifest));
    // The plugin reads the build once at start-up, so build a second app over the same folders.
    const dirs = { SITE_DIR: t.config.siteDir };
    const first = t;
    t = await buildTestApp(dirs);
    const close = t.close;
    t.close = async () => {
      await close();
      await first.close();
    };
  });
  afterAll(() => t.close());

  test('pages are served with revalidating cache headers', async () => {
    for (const url of ['/', '/services']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
  });

  test('hashed assets are cached immutably; page data and plain static files revalidate', async () => {
    const js = await t.app.inject({ url: '/app-3f9c1d2e4b5a69788a7b.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await t.app.inject({ url: '/styles.0a1b2c3d4e5f60718293.css' });
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const img = await t.app.inject({ url: '/static/8d7e6f5a4b3c2d1e0f/logo.png' });
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const data = await t.app.inject({ url: '/page-data/index/page-data.json' });
    expect(data.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  test('a precompressed twin is sent to browsers that accept Brotli, the plain file otherwise', async () => {
    const url = '/framework-0123456789abcdef0123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(FRAMEWORK);

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FRAMEWORK);

    // Pages have no twin: they are compressed per response after their CSP hashes are taken.
    const page = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
  });

  test('client-only routes get their page', async () => {
    for (const url of ['/giveaway/admin', '/giveaway/42']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('giveaway shell');
    }
  });

  test('a known post is a real page; an unknown slug gets the not-found page with status 404', async () => {
    const known = await t.app.inject({ url: '/blog/hello' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain('hello post');
    for (const url of ['/blog/anything-unknown', '/blog/a/b', '/blog/404.html', '/blog/404']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Post Not Found');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/blog/anything-unknown' });
    expect(head.statusCode).toBe(404);
    // Outside /blog/ the site-wide 404 page answers.
    const other = await t.app.inject({ url: '/blogx/anything' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('Page Not Found');
  });

  test('unknown paths get the 404 page with status 404', async () => {
    const res = await t.app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Page Not Found');
  });

  test('a trailing slash redirects to the canonical URL, keeping the query', async () => {
    const res = await t.app.inject({ url: '/services/?a=1' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/services?a=1');
  });

  test('path traversal and malformed escapes never leave the site folder', async () => {
    const traversal = await t.app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(traversal.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/malformed/);
  });

  test('HEAD works like GET without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/services' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});

test('without a build the site answers 503 with a hint, and the API still works', async () => {
  const t = await buildTestApp();
  try {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/npm run build/);
    expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  } finally {
    await t.close();
  }
});

test.each([
  ['static/abc/x.png', 'public, max-age=31536000, immutable'],
  ['app-0123456789abcdef0123.js', 'public, max-age=31536000, immutable'],
  ['index.html', 'public, max-age=0, must-revalidate'],
  ['page-data/app-data.json', 'public, max-age=0, must-revalidate'],
  ['tools/drowsiness/app.js', 'public, max-age=0, must-revalidate'],
])(
  'cache-control for %s comes from the manifest; a file it does not list revalidates',
  (file, expected) => {
    const manifest: SiteManifest = {
      ...EMPTY_MANIFEST,
      cacheControl: {
        files: { 'app-0123456789abcdef0123.js': IMMUTABLE, 'index.html': REVALIDATE },
        folders: { 'static/': IMMUTABLE },
      },
    };
    expect(cacheControlFor(file, manifest)).toBe(expected);
  },
);

test.each([
  ['static/abc/x.png', 'public, max-age=31536000, immutable'],
  [
    'component---src-pages-index-tsx-4c9a0b1d2e3f4a5b6c7d.js',
    'public, max-age=31536000, immutable',
  ],
  ['index.html', 'public, max-age=0, must-revalidate'],
])('a Gatsby site built without the adapter (the benchmark peer): %s', (file, expected) => {
  expect(cacheControlFor(file, null)).toBe(expected);
});

test('the site handle re-points the served folder and re-reads its client-only routes', async () => {
  const t = await buildTestApp();
  try {
    // Not built at start: 503, then a switch to a complete build elsewhere serves it at once.
    expect((await t.app.inject({ url: '/' })).statusCode).toBe(503);
    const next = path.join(t.config.dataDir, 'site-builds', 'one');
    write(path.join(next, 'public'), 'index.html', '<h1>new home</h1>');
    write(path.join(next, 'public'), 'blog/fresh/index.html', '<h1>fresh post</h1>');
    write(path.join(next, 'public'), 'admin/drafts/[...]/index.html', '<h1>drafts shell</h1>');
    write(
      next,
      SITE_MANIFEST_FILE,
      JSON.stringify({
        ...EMPTY_MANIFEST,
        clientOnlyRoutes: [{ matchPath: '/admin/drafts/*', page: 'admin/drafts/[...]/index.html' }],
      }),
    );
    t.app.site.switchTo(path.join(next, 'public'));
    expect((await t.app.inject({ url: '/' })).body).toBe('<h1>new home</h1>');
    expect((await t.app.inject({ url: '/blog/fresh' })).body).toBe('<h1>fresh post</h1>');
    const shell = await t.app.inject({ url: '/admin/drafts/4/preview' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toBe('<h1>drafts shell</h1>');

    // Pointing at a folder without a build answers 503 again rather than serving stale files.
    t.app.site.switchTo(path.join(t.config.dataDir, 'nothing'));
    expect((await t.app.inject({ url: '/blog/fresh' })).statusCode).toBe(503);
  } finally {
    await t.close();
  }
});
