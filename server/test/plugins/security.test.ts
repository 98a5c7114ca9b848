import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildTestApp, type TestApp } from '../helpers/build';
import { EMPTY_MANIFEST, type SiteManifest, siteManifestPath } from '@site/contracts/static-rules';

const CONTACT = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };

describe('limits and content types', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_CONTACT: '1000' });
  });
  afterAll(() => t.close());

  test('a body over 64 kB: 413 with a detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...CONTACT, message: 'x'.repeat(65 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The request body is too large (the limit is 64 kB).' });
  });

  test('malformed JSON: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The request body is not valid JSON.' });
  });

  test('a content type the API does not read: 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      headers: { 'content-type': 'text/xml' },
      payload: '<contact/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/application\/json/);
  });

  test('unknown fields are rejected, not dropped', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: { ...CONTACT, is_admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'is_admin', message: 'is not an accepted field' }]);
  });
});

describe('security headers and CORS', () => {
  test('helmet headers and a content security policy on every answer', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
    } finally {
      await t.close();
    }
  });

  test('without CORS_ORIGINS no CORS headers are sent (same origin only)', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/contact/',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  test('with CORS_ORIGINS only the listed origins are allowed', async () => {
    const t = await buildTestApp({
      CORS_ORIGINS: 'https://agentworks.example, https://preview.agentworks.example',
    });
    try {
      const allowed = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/contact/',
        headers: {
          origin: 'https://agentworks.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://agentworks.example');
      expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/Authorization/);

      const simple = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { origin: 'https://preview.agentworks.example' },
      });
      expect(simple.headers['access-control-allow-origin']).toBe(
        'https://preview.agentworks.example',
      );

      const denied = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('rate limits', () => {
  test('RATE_LIMITS=off switches the per-address limits off', async () => {
    const t = await buildTestApp({ RATE_LIMITS: 'off', RATE_LIMIT_CONTACT: '1' });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/contact/',
          payload: CONTACT,
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  test('limits count per address', async () => {
    const t = await buildTestApp({ RATE_LIMIT_CONTACT: '1' });
    try {
      const from = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: CONTACT, remoteAddress });
      expect((await from('10.9.0.1')).statusCode).toBe(200);
      expect((await from('10.9.0.1')).statusCode).toBe(429);
      expect((await from('10.9.0.2')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the built site under the content security policy', () => {
  const page = (scripts: string[]) =>
    `<!DOCTYPE html><html><head><style data-styled="">body{color:red}</style></head><body>${scripts.join('')}<div>${'x'.repeat(4000)}</div></body></html>`;
  const inline = ['window.pagePath="/";', '/*<![CDATA[*/window.___chunkMapping={"app":[]};/*]]>*/'];

  const sha = (body: string) =>
    `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`;

  test('each HTML page is served with the script hashes the build recorded for it, and no others', async () => {
    const t = await buildTestApp();
    try {
      fs.mkdirSync(t.config.siteDir, { recursive: true });
      const injected = 'alert("not from the build")';
      const html = page([
        `<script id="gatsby-script-loader">${inline[0]}</script>`,
        `<script id="gatsby-chunk-mapping">${inline[1]}</script>`,
        `<script>${injected}</script>`,
      ]);
      fs.writeFileSync(path.join(t.config.siteDir, 'index.html'), html);
      fs.writeFileSync(path.join(t.config.siteDir, 'other.html'), page([]));
      const manifest: SiteManifest = {
        ...EMPTY_MANIFEST,
        scriptHashes: { 'index.html': inline.map(sha), 'other.html': [] },
      };
      fs.writeFileSync(siteManifestPath(t.config.siteDir), JSON.stringify(manifest));
      // The static site checks for a build when it is registered, so build a second app over the same folder.
      const site = await buildTestApp({ SITE_DIR: t.config.siteDir });
      try {
        const res = await site.app.inject({
          method: 'GET',
          url: '/',
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(zlib.gunzipSync(res.rawPayload).toString('utf8')).toBe(html);
        const csp = String(res.headers['content-security-policy']);
        for (const body of inline) expect(csp).toContain(sha(body));
        // A script the build did not record is not allowed, whatever the page contains.
        expect(csp).not.toContain(sha(injected));
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);

        // A revalidation must not replace the cached page's policy with one lacking its hashes.
        const again = await site.app.inject({
          method: 'GET',
          url: '/',
          headers: { 'if-none-match': String(res.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
        expect(again.headers['content-security-policy']).toBeUndefined();

        const other = await site.app.inject({ method: 'GET', url: '/other' });
        expect(String(other.headers['content-security-policy'])).toMatch(/script-src 'self';/);
      } finally {
        await site.close();
      }
    } finally {
      await t.close();
    }
  });
});
