/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageScripts } from '../csp';
import { onPostBuild } from '../gatsby-node';

const CHUNK_MAP = 'window.___chunkMapping="{}";';

// The script part of a page as Gatsby 5 writes it (csp.test.ts has the whole slice).
const page = (content: string) =>
  [
    '<!DOCTYPE html><html><head></head><body>',
    `<div id="___gatsby">${content}</div>`,
    '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>',
    `<script id="gatsby-chunk-mapping">${CHUNK_MAP}</script>`,
    '<script src="/webpack-runtime-1.js" async></script>',
    '<script src="/app-3.js" async></script>',
    '</body></html>',
  ].join('');

async function postBuild(pages: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-post-build-'));
  const publicDir = path.join(dir, 'public');
  for (const [relative, html] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(publicDir, relative)), { recursive: true });
    fs.writeFileSync(path.join(publicDir, relative), html);
  }
  const reporter = { panicOnBuild: jest.fn(), info: jest.fn() };
  const store = { getState: () => ({ program: { directory: dir } }) };
  try {
    // Only the two fields onPostBuild reads are given; the rest of Gatsby's arguments are unused.
    const run = onPostBuild as unknown as (args: object) => Promise<void>;
    await run({ reporter, store });
    const after = Object.fromEntries(
      Object.keys(pages).map((relative) => [
        relative,
        fs.readFileSync(path.join(publicDir, relative), 'utf8'),
      ]),
    );
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dir, '.cache', 'csp-hashes.json'), 'utf8'),
    ) as Record<string, string[]>;
    return { after, manifest, reporter, files: fs.readdirSync(publicDir) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('onPostBuild', () => {
  it("leaves Gatsby's pages as written and records each page's inline script hashes", async () => {
    const home = page('home');
    const post = page('<article>post</article>');
    const pages = {
      'index.html': home,
      'blog/post/index.html': post,
      '_gatsby/slices/_gatsby-scripts-1.html': '<script>slice</script>',
    };
    const { after, manifest, reporter, files } = await postBuild(pages);
    expect(after).toEqual(pages);
    expect(manifest).toEqual({
      'index.html': pageScripts(home).hashes,
      'blog/post/index.html': pageScripts(post).hashes,
    });
    expect(manifest['index.html']).toHaveLength(2);
    expect(manifest['index.html']).toContain(
      `'sha256-${createHash('sha256').update(CHUNK_MAP).digest('base64')}'`,
    );
    expect(files.sort()).toEqual(['_gatsby', 'blog', 'index.html']);
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(reporter.info).toHaveBeenCalledWith(
      expect.stringContaining("2 pages' script hashes in .cache/csp-hashes.json"),
    );
  });

  it('stops the build when an inline script sits inside the page content', async () => {
    const { reporter } = await postBuild({
      'index.html': page('home'),
      'blog/x/index.html': page('<script>alert(1)</script>'),
    });
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1);
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      expect.stringContaining('public/blog/x/index.html has an inline script inside its content'),
    );
  });
});
