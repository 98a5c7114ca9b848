/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IAdapter } from 'gatsby';
import {
  cacheControlFor,
  IMMUTABLE,
  REVALIDATE,
  SITE_MANIFEST_FILE,
  type SiteManifest,
} from '@site/contracts/static-rules';
import { pageScripts } from '../csp';
import { siteAdapter } from '../index';

type AdaptContext = Parameters<IAdapter['adapt']>[0];

const CHUNK_MAP = 'window.___chunkMapping="{}";';

// The script part of a page as Gatsby 5 writes it (csp.test.ts has the whole slice).
const page = (content: string) =>
  [
    '<!DOCTYPE html><html><head></head><body>',
    `<div id="___gatsby">${content}</div>`,
    '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>',
    `<script id="gatsby-chunk-mapping">${CHUNK_MAP}</script>`,
    '<script src="/webpack-runtime-1.js" async></script>',
    '</body></html>',
  ].join('');

const revalidate = [{ key: 'cache-control', value: REVALIDATE }];
const forever = [{ key: 'cache-control', value: IMMUTABLE }];
const base = [{ key: 'x-content-type-options', value: 'nosniff' }];

/** Runs the adapter in a folder holding `pages` under public/, with Gatsby's routes for them. */
async function adapt(pages: Record<string, string>, extraRoutes: AdaptContext['routesManifest']) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-adapter-'));
  for (const [relative, html] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'public', relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'public', relative), html);
  }
  const routesManifest: AdaptContext['routesManifest'] = [
    // A client-only page's only route is its pattern (given in extraRoutes), as Gatsby lists it.
    ...Object.keys(pages)
      .filter((relative) => !relative.includes('[...]'))
      .map((relative) => ({
        type: 'static' as const,
        path: `/${relative.replace(/\/?index\.html$/, '')}`,
        filePath: `public/${relative}`,
        headers: revalidate,
      })),
    ...extraRoutes,
  ];
  const reporter = { panic: jest.fn(), info: jest.fn() };
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    await siteAdapter().adapt({
      routesManifest,
      functionsManifest: [],
      headerRoutes: [
        { path: '/*', headers: revalidate },
        { path: '/static/*', headers: forever },
      ],
      pathPrefix: '',
      trailingSlash: 'never',
      remoteFileAllowedUrls: [],
      reporter,
    } as unknown as AdaptContext);
    const file = path.join(dir, SITE_MANIFEST_FILE);
    const manifest: unknown = fs.existsSync(file)
      ? JSON.parse(fs.readFileSync(file, 'utf8'))
      : null;
    return { manifest, reporter };
  } finally {
    process.chdir(cwd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the site adapter', () => {
  it("writes one manifest beside public/: client-only routes, Gatsby's cache headers, each page's script hashes", async () => {
    const home = page('home');
    const post = page('<article>post</article>');
    const shell = page('shell');
    const { manifest, reporter } = await adapt(
      {
        'index.html': home,
        'blog/post/index.html': post,
        'giveaway/[...]/index.html': shell,
        '_gatsby/slices/_gatsby-scripts-1.html': '<script>slice</script>',
      },
      [
        // Gatsby names a client-only page by its matchPath.
        {
          type: 'static',
          path: '/giveaway/*',
          filePath: 'public/giveaway/[...]/index.html',
          headers: revalidate,
        },
        {
          type: 'static',
          path: '/app-0123456789abcdef.js',
          filePath: 'public/app-0123456789abcdef.js',
          headers: forever,
        },
        {
          type: 'static',
          path: '/static/a/b.png',
          filePath: 'public/static/a/b.png',
          headers: base,
        },
      ],
    );
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(manifest).toEqual({
      clientOnlyRoutes: [{ matchPath: '/giveaway/*', page: 'giveaway/[...]/index.html' }],
      cacheControl: {
        files: {
          'index.html': REVALIDATE,
          'blog/post/index.html': REVALIDATE,
          'giveaway/[...]/index.html': REVALIDATE,
          '_gatsby/slices/_gatsby-scripts-1.html': REVALIDATE,
          'app-0123456789abcdef.js': IMMUTABLE,
        },
        folders: { 'static/': IMMUTABLE, 'og/': IMMUTABLE },
      },
      scriptHashes: {
        'index.html': pageScripts(home).hashes,
        'blog/post/index.html': pageScripts(post).hashes,
        'giveaway/[...]/index.html': pageScripts(shell).hashes,
      },
    });
    expect(pageScripts(home).hashes).toContain(
      `'sha256-${createHash('sha256').update(CHUNK_MAP).digest('base64')}'`,
    );
  });

  it("serves the social cards (drawn after the pages, in no route of Gatsby's) for good", async () => {
    const { manifest } = await adapt({ 'index.html': page('home') }, []);
    const written = manifest as SiteManifest;
    expect(cacheControlFor('og/0123456789abcdef.jpg', written)).toBe(IMMUTABLE);
    // Only that folder: a page named og is still a page, revalidated.
    expect(cacheControlFor('ogham/index.html', written)).toBe(REVALIDATE);
    expect(cacheControlFor('index.html', written)).toBe(REVALIDATE);
  });

  it('stops the build, writing no manifest, when an inline script sits inside the page content', async () => {
    const { manifest, reporter } = await adapt(
      { 'index.html': page('<p>hi</p><script>alert(1)</script>') },
      [],
    );
    expect(reporter.panic).toHaveBeenCalledWith(
      expect.stringContaining('public/index.html has an inline script inside its content'),
    );
    expect(manifest).toBeNull();
  });
});
