import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eAdmin, hydrated } from './support';

/**
 * What the production build leaves in the served folder, checked on the build these tests run
 * against: Gatsby's working files are not there, and pages built once for many addresses name
 * no address of their own.
 */

const root = path.resolve(__dirname, '..');
const publicDir = path.join(root, 'public');

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** GET with the path sent exactly as written (no URL tidying), answered status. */
function rawStatus(baseURL: string, target: string): Promise<number> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: target, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the build keeps webpack.stats.json and chunk-map.json out of the served folder', () => {
  for (const name of ['webpack.stats.json', 'chunk-map.json']) {
    expect(fs.existsSync(path.join(publicDir, name)), `public/${name}`).toBe(false);
    // Moved, not lost: Gatsby's working copy is beside the rest of its cache.
    const moved = path.join(root, '.cache', 'build-internals', name);
    expect(() => JSON.parse(fs.readFileSync(moved, 'utf8')) as unknown).not.toThrow();
  }
});

test('no spelling of their addresses reaches them', async ({ baseURL }) => {
  for (const target of [
    '/webpack.stats.json',
    '//webpack.stats.json',
    '/%2fwebpack.stats.json',
    '/%2F%2Fwebpack.stats.json',
    '//chunk-map.json',
    '/%2fchunk-map.json',
  ]) {
    expect({ target, status: await rawStatus(baseURL as string, target) }).toEqual({
      target,
      status: 404,
    });
  }
});

test('pages built under a placeholder path name no canonical address', () => {
  const pages = htmlFiles(publicDir);
  const clientOnly = pages.filter((file) => /\[[^/\\]*\]/.test(path.relative(publicDir, file)));
  expect(clientOnly.map((file) => path.relative(publicDir, file)).sort()).toEqual(
    expect.arrayContaining([
      path.join('admin', 'drafts', '[...]', 'index.html'),
      path.join('giveaway', '[...]', 'index.html'),
    ]),
  );
  for (const file of clientOnly) {
    const html = fs.readFileSync(file, 'utf8');
    expect({ file, canonical: /rel="canonical"/.test(html), ogUrl: /og:url/.test(html) }).toEqual({
      file,
      canonical: false,
      ogUrl: false,
    });
  }
  // No page anywhere names an address with a placeholder in it.
  for (const file of pages) {
    const canonical = /<link[^>]*rel="canonical"[^>]*>/.exec(fs.readFileSync(file, 'utf8'))?.[0];
    expect({ file, canonical }).not.toEqual({ file, canonical: expect.stringContaining('[') });
  }
  // A page with an address of its own keeps its canonical.
  const pricing = fs.readFileSync(path.join(publicDir, 'pricing', 'index.html'), 'utf8');
  expect(pricing).toMatch(/<link[^>]*rel="canonical"[^>]*href="[^"]*\/pricing"/);
});

test('in the browser, each address of a client-only page has its own canonical', async ({
  page,
  request,
}) => {
  // A giveaway that exists (an id that names none is not found).
  const login = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(login.ok()).toBeTruthy();
  const { access_token: token } = (await login.json()) as { access_token: string };
  const created = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `Canonical ${Date.now().toString(36)}`,
      description: 'A giveaway with an address of its own.',
      prize: 'A canonical address',
      start_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const address of [`/giveaway/${id}`, `/giveaway/${id}/rules`, '/admin/drafts/7']) {
    await page.goto(address);
    await hydrated(page);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`^https?://[^/]+${address.replace(/\//g, '\\/')}$`),
    );
  }
});
