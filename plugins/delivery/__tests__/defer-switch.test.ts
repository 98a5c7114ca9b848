/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onPostBuild } from '../gatsby-node';

// The script part of a page as Gatsby 5 writes it (see deferred-scripts.test.ts).
const PAGE = [
  '<!DOCTYPE html><html><head></head><body><div id="___gatsby">text</div>',
  '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>',
  '<script src="/webpack-runtime-1.js" async></script>',
  '<script src="/app-3.js" async></script>',
  '</body></html>',
].join('');

async function postBuild(setting: string | undefined) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-switch-'));
  fs.mkdirSync(path.join(dir, 'public'));
  fs.writeFileSync(path.join(dir, 'public', 'index.html'), PAGE);
  const reporter = { panicOnBuild: jest.fn(), info: jest.fn() };
  const store = { getState: () => ({ program: { directory: dir } }) };
  const previous = process.env.DEFER_SCRIPTS;
  if (setting === undefined) delete process.env.DEFER_SCRIPTS;
  else process.env.DEFER_SCRIPTS = setting;
  try {
    // Only the two fields onPostBuild reads are given; the rest of Gatsby's arguments are unused.
    const run = onPostBuild as unknown as (args: object) => Promise<void>;
    await run({ reporter, store });
  } finally {
    if (previous === undefined) delete process.env.DEFER_SCRIPTS;
    else process.env.DEFER_SCRIPTS = previous;
  }
  const html = fs.readFileSync(path.join(dir, 'public', 'index.html'), 'utf8');
  const chunkMaps = fs
    .readdirSync(path.join(dir, 'public'))
    .filter((f) => f.startsWith('chunk-map-'));
  fs.rmSync(dir, { recursive: true, force: true });
  return { html, chunkMaps, reporter };
}

describe('DEFER_SCRIPTS', () => {
  it('rewrites the pages when unset', async () => {
    const { html, chunkMaps, reporter } = await postBuild(undefined);
    expect(html).toContain('<script id="deferred-scripts">');
    expect(chunkMaps).toHaveLength(1);
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
  });

  it('=off leaves Gatsby’s script tags as written and does not stop the build', async () => {
    const { html, chunkMaps, reporter } = await postBuild('off');
    expect(html).toBe(PAGE);
    expect(chunkMaps).toEqual([]);
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(reporter.info).toHaveBeenCalledWith(expect.stringContaining('DEFER_SCRIPTS=off'));
  });

  it('stops the build on any other value', async () => {
    const { html, reporter } = await postBuild('no');
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      'delivery: DEFER_SCRIPTS must be "on" or "off" (got "no").',
    );
    expect(html).toBe(PAGE);
  });
});
