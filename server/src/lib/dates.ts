/** Calendar-date helpers. Giveaway dates are plain YYYY-MM-DD strings in the site's time zone. */

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2026-02-30 and 2026-13-01). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one
 * (it was a fifth of a giveaway read's CPU time), and the set of zones in use is tiny.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Today's date (YYYY-MM-DD) as a person in `timeZone` reads it on their calendar at `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormatter(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

const longDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' });

/** "May 1, 2026": the en-US long form the site uses, for sentences in API answers. */
export function formatDate(value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  return longDate.format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
}
