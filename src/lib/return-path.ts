/**
 * Where a login goes afterwards. A page that needs a session sends the visitor to
 * `/login?next=<its path>`; after the login they return there, but only to a path on this site:
 * anything that could leave it (`//evil.example`, `https://evil.example`, `/\evil.example`,
 * the same written with percent-escapes, control characters) is refused and the member goes to
 * their role's landing page instead.
 */

export const LOGIN_PATH = '/login';
export const RETURN_PARAM = 'next';

/** Where each role works: admins run the giveaways, editors write. */
export function landingFor(role: string | null | undefined): string {
  return role === 'admin' ? '/giveaway/admin' : '/admin/drafts';
}

const PROBE_ORIGIN = 'https://site.invalid';

/** Decodes percent-escapes until nothing changes (at most a few rounds); null when malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The path to return to, or null when `raw` is missing or could lead off this site. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  const decoded = fullyDecoded(raw);
  if (decoded === null) return null;
  for (const form of [raw, decoded]) {
    if (!form.startsWith('/') || form.startsWith('//')) return null;
    // A backslash reads as a slash in browsers' URL parsing; control characters are dropped.
    if (form.includes('\\') || hasControlCharacter(form)) return null;
  }
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Back to the login itself would be a loop.
  if (url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login address for a page that needs a session: it returns there afterwards. */
export function loginPathReturningTo(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== '/'
    ? `${LOGIN_PATH}?${RETURN_PARAM}=${encodeURIComponent(safe)}`
    : LOGIN_PATH;
}

/** Where to go after a login: the page that asked for it (`?next=`), else the role's landing. */
export function afterLoginPath(search: string, role: string | null | undefined): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? landingFor(role);
}
