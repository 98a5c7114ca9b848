import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * What the production build leaves in the served folder, checked on the build these tests run
 * against.
 */

const root = path.resolve(__dirname, '..');
const publicDir = path.join(root, 'public');

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
