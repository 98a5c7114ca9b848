import { createRequire } from 'node:module';
import {
  APP_PAGE_PREFIXES,
  isDocumentPage,
  LISTED_APP_PAGES,
  NOT_FOUND_PAGE,
  POST_NOT_FOUND_PAGE,
  SECTION_NOT_FOUND_PAGES,
  unlistedPagePatterns,
} from '../site-build';

/** The glob matcher gatsby-plugin-sitemap applies its `excludes` with. */
const requireFromSitemap = createRequire(require.resolve('gatsby-plugin-sitemap'));
const minimatchModule = requireFromSitemap('minimatch') as
  | ((path: string, pattern: string) => boolean)
  | { minimatch: (path: string, pattern: string) => boolean };
const minimatch =
  typeof minimatchModule === 'function' ? minimatchModule : minimatchModule.minimatch;

describe('the site build contract', () => {
  it('lists in the sitemap the public pages and the listed app pages, nothing below an app page', () => {
    const pages = [
      '/',
      '/about',
      '/contact',
      '/blog',
      '/blog/a-post',
      '/giveaway',
      '/giveaway/[...]',
      '/login',
      '/account',
      '/accept-invite',
      '/admin/drafts',
      '/admin/drafts/[...]',
      '/admin/inbox',
      '/admin/users',
      '/blog/new',
      '/newsletter/confirm',
      '/newsletter/unsubscribe',
      '/entrant-document/giveaway',
      '/entrant-document/giveaway-check',
      '/404',
      NOT_FOUND_PAGE,
      POST_NOT_FOUND_PAGE,
    ];
    const patterns = unlistedPagePatterns();
    const listed = pages.filter((page) => !patterns.some((pattern) => minimatch(page, pattern)));
    expect(listed).toEqual(['/', '/about', '/contact', '/blog', '/blog/a-post', '/giveaway']);
  });

  it('lists only app pages that are app pages', () => {
    for (const page of LISTED_APP_PAGES) expect(APP_PAGE_PREFIXES).toContain(page);
  });

  it("has each section's not-found page served as a document page", () => {
    for (const { page } of SECTION_NOT_FOUND_PAGES) expect(isDocumentPage(page)).toBe(true);
    expect(isDocumentPage(NOT_FOUND_PAGE)).toBe(true);
  });
});
