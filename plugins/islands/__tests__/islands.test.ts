import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { APP_PAGE_PREFIXES, isDocumentPage } from '@site/contracts/site-build';
import { buildLoader, islandNames, speculationRules } from '../manifest';
import { isAppRuntime } from '../runtime-filter';

const h = React.createElement;

describe('which parts of a prebuilt page are the app runtime', () => {
  it("drops Gatsby's scripts, script and page-data preloads and its scripts slice", () => {
    const slice = h(() => null, { sliceId: '_gatsby-scripts' });
    for (const component of [
      h('script', { id: 'gatsby-script-loader', dangerouslySetInnerHTML: { __html: 'x' } }),
      h('script', { src: '/app-0123.js', async: true }),
      h('script', { type: 'module', src: '/x.js' }),
      h('link', { rel: 'preload', as: 'script', href: '/app-0123.js' }),
      h('link', { rel: 'preload', as: 'fetch', href: '/page-data/app-data.json' }),
      slice,
    ]) {
      expect(isAppRuntime(component)).toBe(true);
    }
  });

  it('keeps the island loader, data scripts (JSON-LD), styles, links and metadata', () => {
    for (const component of [
      h('script', { async: true, src: '/islands/loader-0123.js', 'data-island-loader': '' }),
      h('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: '{}' } }),
      h('style', {}, 'body{}'),
      h('link', { rel: 'canonical', href: '/about' }),
      h('link', { rel: 'preload', as: 'font', href: '/f.woff2' }),
      h('meta', { name: 'description', content: 'x' }),
      'text',
      null,
    ]) {
      expect(isAppRuntime(component)).toBe(false);
    }
  });
});

describe('the two kinds of page', () => {
  it('app pages are the listed paths and everything below them', () => {
    for (const path of ['/giveaway', '/giveaway/12', '/login', '/admin/drafts', '/blog/new']) {
      expect(isDocumentPage(path)).toBe(false);
    }
    for (const path of ['/', '/about', '/blog', '/blog/a-post', '/blog/404.html', '/404.html']) {
      expect(isDocumentPage(path)).toBe(true);
    }
    // A prefix is a whole segment: /giveaways-faq would be a document page.
    expect(isDocumentPage('/giveaways-faq')).toBe(true);
    expect(isDocumentPage('/login/')).toBe(false);
  });

  it('the speculation rules prerender document pages and only prefetch app pages', () => {
    const rules = speculationRules(APP_PAGE_PREFIXES) as {
      prerender: { where: { and: [unknown, { not: { href_matches: string[] } }] } }[];
      prefetch: unknown[];
    };
    const excluded = rules.prerender[0]?.where.and[1].not.href_matches ?? [];
    for (const prefix of APP_PAGE_PREFIXES) {
      expect(excluded).toEqual(expect.arrayContaining([prefix, `${prefix}/*`]));
    }
    expect(excluded).toContain('/api/*');
    expect(rules.prefetch).toHaveLength(1);
  });
});

describe('the island loader', () => {
  it("fills in each island's files and names the file by its content", () => {
    const template = '/* x */\nvar FILES = ISLAND_FILES;\nuse(FILES);';
    const files = { share: ['/webpack-runtime-1.js', '/island-share-2.js'] };
    const a = buildLoader(template, files, (code) => code);
    expect(a.code).toContain(`var FILES = ${JSON.stringify(files)};`);
    expect(a.file).toMatch(/^islands\/loader-[0-9a-f]{20}\.js$/);
    const b = buildLoader(template, { share: ['/island-share-3.js'] }, (code) => code);
    expect(b.file).not.toBe(a.file);
    expect(() => buildLoader('no slot', files, (code) => code)).toThrow(/ISLAND_FILES/);
  });

  it('finds the islands by their entry files', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'islands-'));
    try {
      await mkdir(path.join(dir, 'src/islands'), { recursive: true });
      for (const file of ['share.tsx', 'blog-list.tsx', 'README.md', 'Bad.tsx']) {
        await writeFile(path.join(dir, 'src/islands', file), '');
      }
      expect(islandNames(dir)).toEqual(['blog-list', 'share']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('every island of the site has an entry named after it', () => {
    const root = path.resolve(__dirname, '../../..');
    expect(islandNames(root)).toEqual(
      [
        'blog-list',
        'contact',
        'footer-signup',
        'giveaway-check',
        'giveaway-countdown',
        'giveaway-entry',
        'giveaway-link',
        'giveaway-share',
        'giveaway-verify',
        'newsletter',
        'not-found-log',
        'projects',
        'share',
        'staff-menu',
      ].sort(),
    );
  });
});
