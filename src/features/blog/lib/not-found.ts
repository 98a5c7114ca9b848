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
 *   and status 404; it is a document page (no app runtime), so the browser keeps the address it
 *   asked for.
 *
 * Its path is POST_NOT_FOUND_PAGE, which the build and the server share (contracts/src/site-build.ts).
 */

/** True for the addresses whose not-found screen is the post one. */
export function isBlogAddress(pathname: string): boolean {
  return pathname.startsWith('/blog/');
}
