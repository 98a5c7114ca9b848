/**
 * Shaping the published OpenAPI document: what the validator needs but OpenAPI does not know
 * stays out of it, paths read the way clients call them, and every operation names itself and
 * says whether it needs a session.
 */

/** Keywords only this server's validator reads (custom messages); no OpenAPI tool knows them. */
const VALIDATOR_ONLY = new Set(['errorMessage']);

/** A copy of `value` without the validator-only keywords, at any depth. */
export function withoutValidatorKeywords<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutValidatorKeywords(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!VALIDATOR_ONLY.has(key)) copy[key] = withoutValidatorKeywords(inner);
  }
  return copy as T;
}

/**
 * A route's path in the document, relative to the /api/v1 server entry. A plugin's root route
 * (`/api/v1/contact/`) also answers without the slash, which is how the document names it.
 */
export function documentPath(url: string): string {
  const relative = url.replace(/^\/api\/v1/, '');
  return relative.replace(/(.)\/$/, '$1') || '/';
}

/** `GET /newsletter/issues/{id}` → `getNewsletterIssuesById`: unique per method and path. */
export function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((part) => {
      const param = /^[{:](\w+)}?$/.exec(part);
      return param ? ['by', param[1] as string] : part.split(/[^a-zA-Z0-9]+/);
    })
    .filter(Boolean);
  return [
    method.toLowerCase(),
    ...words.map((word) => word[0]!.toUpperCase() + word.slice(1)),
  ].join('');
}

/** The security schemes a session is carried by: the browser's cookie, or a bearer token. */
export const SESSION_SECURITY: Array<Record<string, string[]>> = [
  { sessionCookie: [] },
  { bearerAuth: [] },
];
