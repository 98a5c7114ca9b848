/**
 * The "Post Not Found" screen for any address under /blog/ that is no post.
 *
 * It is a static page (no client-only route): a client-only /blog/* route would make Gatsby list
 * every post's page in the match-paths table that each page's app bundle carries, so every post
 * would add bytes to every page. Instead:
 *
 * - the build writes this page once, rendered by the 404 page component, which shows the post
 *   screen for any path under /blog/ (the same screen whether the HTML was served for
 *   /blog/<anything> or Gatsby's loader fell back to the 404 page during client navigation);
 * - the server answers every unknown /blog/* address, and this page's own address, with this HTML
 *   and status 404;
 * - the page declares itself as Gatsby's 404 page (window.pagePath), so the browser keeps the
 *   address it asked for instead of being sent on to this page's own path.
 *
 * The path ends in .html so it can never be a post slug (slugs are letters, digits and dashes).
 */
export const POST_NOT_FOUND_PAGE = '/blog/404.html';

/** Gatsby's own 404 page, whose page data the browser loads for any address without a page. */
const GATSBY_404_PAGE = '/404.html';

/** True for the addresses whose not-found screen is the post one. */
export function isBlogAddress(pathname: string): boolean {
  return pathname.startsWith('/blog/');
}

/**
 * Gatsby's inline loader script for `page` with its page path set to Gatsby's 404 page, or null
 * when the script does not carry that page's path (Gatsby changed what it writes).
 */
export function asGatsby404Script(script: string, page: string): string | null {
  const declared = `window.pagePath=${JSON.stringify(page)};`;
  if (!script.includes(declared)) return null;
  return script.replace(declared, `window.pagePath=${JSON.stringify(GATSBY_404_PAGE)};`);
}

/** What a built not-found page must contain for the browser to keep the requested address. */
export const GATSBY_404_DECLARATION = `window.pagePath=${JSON.stringify(GATSBY_404_PAGE)};`;
