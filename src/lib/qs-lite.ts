/**
 * Stands in for the `qs` package in the browser bundle (aliased in gatsby-node.ts). Its only
 * caller there is apollo-link-rest, which calls `stringify` when a path parameter is an object.
 * `qs` itself, with its side-channel dependencies, is ~50 KB of JavaScript on the giveaway pages;
 * this covers what `qs.stringify` does with its default options: bracketed, percent-encoded keys
 * for nested objects and indexed arrays, `null` as an empty value, `undefined` skipped.
 */
function pairs(prefix: string, value: unknown, out: string[]): void {
  if (value === undefined) return;
  if (value === null) {
    out.push(`${encodeURIComponent(prefix)}=`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => pairs(`${prefix}[${index}]`, item, out));
    return;
  }
  if (value instanceof Date) {
    out.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(value.toISOString())}`);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) pairs(`${prefix}[${key}]`, item, out);
    return;
  }
  out.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`);
}

export function stringify(object: unknown): string {
  if (object === null || typeof object !== 'object') return '';
  const out: string[] = [];
  for (const [key, value] of Object.entries(object)) pairs(key, value, out);
  return out.join('&');
}

const qs = { stringify };
export default qs;
