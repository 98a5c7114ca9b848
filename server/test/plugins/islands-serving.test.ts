import fs from 'node:fs';
import path from 'node:path';
import { withStaffLoader } from '../../src/lib/staff-loader';
import { EMPTY_MANIFEST, IMMUTABLE, siteManifestPath } from '@site/contracts/static-rules';
import { createUser } from '../../src/services/accounts';
import { buildTestApp, type TestApp } from '../helpers/build';

function write(root: string, file: string, body: string) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, body);
}

const LOADER = '/islands/loader-0123456789abcdef0123.js';
const MARKER = `<template id="staff-island-loader" data-src="${LOADER}"></template>`;
/** A document page without islands, as the build writes it: the marker, no script. */
const PLAIN_PAGE = `<html><head></head><body><div id="___gatsby"><h1>about</h1></div>${MARKER}</body></html>`;
/** A document page with an island: the loader already in its head, no marker. */
const ISLAND_PAGE = `<html><head><script async="" src="${LOADER}" data-island-loader=""></script></head><body><h1>blog</h1></body></html>`;

describe('withStaffLoader', () => {
  it('adds the loader after the marker, once', () => {
    const page = withStaffLoader(PLAIN_PAGE);
    expect(page).toBe(
      PLAIN_PAGE.replace(MARKER, `${MARKER}<script async src="${LOADER}"></script>`),
    );
  });

  it('leaves a page without the marker alone', () => {
    expect(withStaffLoader(ISLAND_PAGE)).toBeNull();
    expect(withStaffLoader('<h1>no marker</h1>')).toBeNull();
  });

  it('adds nothing but a loader of the build: any other address in the marker is refused', () => {
    for (const src of [
      'https://evil.example/x.js',
      '/islands/loader-xyz.js',
      '/islands/loader-0123.js?x=1',
      '//evil.example/islands/loader-0123.js',
      '/islands/../app.js',
    ]) {
      expect(withStaffLoader(PLAIN_PAGE.replace(LOADER, src))).toBeNull();
    }
  });
});

describe('document pages and the staff hint', () => {
  let t: TestApp;
  beforeAll(async () => {
    const first = await buildTestApp();
    const site = first.config.siteDir;
    write(site, 'index.html', '<h1>home</h1>');
    write(site, 'about/index.html', PLAIN_PAGE);
    write(site, 'blog/index.html', ISLAND_PAGE);
    write(site, LOADER.slice(1), '!function(){}();');
    write(site, 'speculation-rules.json', '{"prerender":[],"prefetch":[]}');
    // The build's manifest gives the loader, a webpack asset, Gatsby's immutable cache header.
    fs.writeFileSync(
      siteManifestPath(site),
      JSON.stringify({
        ...EMPTY_MANIFEST,
        cacheControl: { files: { [LOADER.slice(1)]: IMMUTABLE }, folders: {} },
      }),
    );
    // The plugin reads the build once at start-up, so build a second app over the same folders.
    t = await buildTestApp({ SITE_DIR: site });
    const close = t.close;
    t.close = async () => {
      await close();
      await first.close();
    };
  });
  afterAll(() => t.close());

  test('every page names the speculation rules and varies with cookies', async () => {
    for (const url of ['/about', '/blog']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['speculation-rules']).toBe('"/speculation-rules.json"');
      expect(String(res.headers.vary)).toMatch(/Cookie/);
    }
  });

  test('the rules are served with the media type Chromium requires', async () => {
    const res = await t.app.inject({ url: '/speculation-rules.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/speculationrules\+json/);
    expect(res.json()).toEqual({ prerender: [], prefetch: [] });
  });

  test('a visitor gets the page as built: no script', async () => {
    const res = await t.app.inject({ url: '/about' });
    expect(res.body).toBe(PLAIN_PAGE);
    expect(res.body).not.toContain('<script');
  });

  test('with the staff hint, a page without islands gets the loader, and is not shared', async () => {
    const res = await t.app.inject({ url: '/about', cookies: { aw_staff: '1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain(`${MARKER}<script async src="${LOADER}"></script>`);
    // A page that already carries the loader is sent as built.
    const blog = await t.app.inject({ url: '/blog', cookies: { aw_staff: '1' } });
    expect(blog.body).toBe(ISLAND_PAGE);
  });

  test('the loader is cached like every hashed asset', async () => {
    const res = await t.app.inject({ url: LOADER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the staff hint cookie', () => {
  let t: TestApp;
  const PASSWORD = 'correct-horse-battery';
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_LOGIN: '1000' });
    await createUser(t.app.db, 'alice', PASSWORD, 'editor');
  });
  afterAll(() => t.close());

  const hint = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((cookie) => cookie.name === 'aw_staff');

  test('login sets it for every page, readable by page script; logout clears it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'alice', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const set = hint(res) as { value: string; path?: string; httpOnly?: boolean } | undefined;
    expect(set).toMatchObject({ value: '1', path: '/' });
    expect(set?.httpOnly).toBeFalsy();
    const session = res.cookies.find((cookie) => cookie.name === 'aw_session');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'http://localhost:80' },
      cookies: { aw_session: session?.value ?? '', aw_staff: '1' },
    });
    expect(out.statusCode).toBe(200);
    expect(hint(out)?.value).toBe('');
  });

  test('a session check that finds no session clears a stale hint', async () => {
    const res = await t.app.inject({
      url: '/api/v1/auth/me',
      cookies: { aw_session: 'ended.session.token', aw_staff: '1' },
    });
    expect(res.statusCode).toBe(401);
    expect(hint(res)?.value).toBe('');
    const visitor = await t.app.inject({ url: '/api/v1/auth/me' });
    expect(hint(visitor)).toBeUndefined();
  });
});
