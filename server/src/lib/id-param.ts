/** An id in an address: a positive whole number, as written, that fits the database's integer. */
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

/** `raw` as an id of an address (a path segment, a query value), or null when it is none. */
export function idOf(raw: unknown): number | null {
  if (typeof raw !== 'string' || !ID.test(raw) || Number(raw) > MAX_ID) return null;
  return Number(raw);
}
