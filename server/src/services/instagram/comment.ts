/**
 * One comment (or reply) on an Instagram post, as the Graph API client and the CSV import both
 * yield it. Only what the rules need, plus the platform's ids so an entry can be traced back.
 */
export interface InstagramComment {
  /** The platform's comment id (for a CSV row without one, a stable id derived from the row). */
  id: string;
  /** The commenter's account name, without a leading "@", as the platform spells it. */
  username: string;
  text: string;
  /** ISO 8601 in UTC with milliseconds (Date#toISOString), so string order is time order. */
  timestamp: string;
  /** The comment this one answers, when it is a reply; null for a top-level comment. */
  parentId: string | null;
  /** Likes at the time of the import, when the source gives them. */
  likeCount: number | null;
  /** Where the comment came from: the platform's API or an uploaded CSV file. */
  source: 'api' | 'csv';
}

/** An account name for comparison: trimmed, a leading "@" removed, lower-cased. */
export function normaliseUsername(name: string): string {
  return name.trim().replace(/^@+/, '').toLowerCase();
}

/** Orders comments by time, then by id, so every run and every reader sees the same order. */
export function compareComments(a: InstagramComment, b: InstagramComment): number {
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/**
 * A timestamp as the platform writes it ("2017-08-31T18:10:30+0000"), or any ISO 8601 form with a
 * zone, as ISO 8601 UTC; null when it is not one. The "+0000" offset without a colon is the
 * Graph API's own spelling, which Date.parse does not read everywhere, so the colon is added.
 */
export function isoTimestamp(value: string): string | null {
  const text = value.trim();
  const match =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      text,
    );
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', zone = 'Z'] = match;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = frac ? frac.slice(0, 4).padEnd(4, '0') : '';
  const parsed = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${ms}${offset}`);
  if (Number.isNaN(parsed)) return null;
  // Some engines roll 2024-02-31 over to March; a calendar date that does not exist is refused.
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return null;
  return new Date(parsed).toISOString();
}
