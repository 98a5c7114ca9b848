/**
 * The two kinds of page.
 *
 * App pages are full Gatsby app routes: the pages that need a session, act on a token in the
 * address or draw live data (the giveaways, login, the account and staff screens, the editor, the
 * newsletter's confirm and unsubscribe links). Every other prebuilt page is a document page: it is
 * built the same way, but served without Gatsby's runtime scripts, and only its islands (see
 * src/lib/island.tsx) load code.
 */
export const APP_PAGE_PREFIXES: readonly string[] = [
  '/giveaway',
  '/login',
  '/account',
  '/accept-invite',
  '/admin',
  '/blog/new',
  '/newsletter',
];

/** True for a document page: a path that is neither one of the app pages nor below one. */
export function isDocumentPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !APP_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
