/**
 * Dates are stored as ISO strings and always formatted in UTC so the server-rendered HTML and the
 * hydrated page agree whatever the visitor's time zone.
 */
export function formatDate(iso: string, month: 'long' | 'short' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month,
    day: 'numeric',
    timeZone: 'UTC',
  });
}
