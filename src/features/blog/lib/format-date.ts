const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * Dates are stored as ISO strings and always formatted in UTC so the server-rendered HTML and the
 * hydrated page agree whatever the visitor's time zone. The output is en-US ("March 5, 2025",
 * "Mar 5, 2025"), spelled out by hand: toLocaleDateString builds an Intl formatter on every call,
 * and the first one loads locale data, a 30–40 ms task on a phone while the page hydrates.
 */
export function formatDate(iso: string, month: 'long' | 'short' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const name = MONTHS[date.getUTCMonth()] ?? '';
  return `${month === 'short' ? name.slice(0, 3) : name} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
