/**
 * How end dates and deadlines read on every page and in every mail, site and server alike:
 *
 * - An end date ("YYYY-MM-DD") is a day of the site's calendar and reads as that day, "December 6,
 *   2026", in every time zone and on every screen; never as the midnight that follows it.
 * - A moment (a deadline, a claim) always names its time zone: "December 6, 2026 at 12:00 PM (UTC)".
 * - A range whose two ends fall on one day reads as that one day.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' });

/**
 * A day: "December 6, 2026". Takes "YYYY-MM-DD" or an ISO timestamp, whose UTC day is the date.
 * Text that is not a date is returned as given.
 */
export function formatDay(value: string): string {
  const date = new Date(CALENDAR_DATE.test(value) ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** The day ("YYYY-MM-DD") a moment falls on in `timeZone`. */
export function dayIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/**
 * The last day entries are open when they close at `closeAt` (the start of the next day in
 * `timeZone`): "December 6, 2026" for a close at December 7's midnight.
 */
export function formatLastDay(closeAt: string, timeZone: string): string {
  const at = Date.parse(closeAt);
  if (Number.isNaN(at)) return closeAt;
  return formatDay(dayIn(new Date(at - 1).toISOString(), timeZone));
}

/** A moment in `timeZone`, the zone named: "May 17, 2026 at 6:03 PM (UTC)". */
export function formatDeadline(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(date);
  return `${text} (${timeZone})`;
}

/**
 * Two days as a range: "November 29, 2026" when both are the same day, else "November 29 –
 * December 6, 2026", or with both years when they differ.
 */
export function formatDayRange(from: string, to: string): string {
  const start = formatDay(from);
  const end = formatDay(to);
  if (start === end) return start;
  const [startDay, startYear] = start.split(', ');
  const [, endYear] = end.split(', ');
  return startYear !== undefined && startYear === endYear
    ? `${startDay} – ${end}`
    : `${start} – ${end}`;
}
