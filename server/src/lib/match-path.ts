/**
 * Matches a URL path against a Gatsby matchPath pattern (the subset Gatsby emits:
 * literal segments, `:param` segments and a trailing `*`).
 */
export function matchesPath(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    const segment = want[i];
    if (segment === '*') return true;
    const actual = have[i];
    if (actual === undefined) return false;
    if (segment?.startsWith(':')) continue;
    if (segment !== actual) return false;
  }
  return want.length === have.length;
}
