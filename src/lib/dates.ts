/**
 * Every date the site shows, in its en-US style, by two rules:
 *
 * - A **calendar date** (a post's date, a giveaway's start and end dates) is a day, not a moment.
 *   It is written "YYYY-MM-DD" or as that day's UTC midnight ("2025-03-05T00:00:00.000Z", how
 *   post dates are stored), and it reads the same in every time zone: it is formatted from its UTC
 *   fields, never shifted into the visitor's zone. Built pages and the hydrated page therefore
 *   agree too.
 * - A **moment** (when something happened: sent, drawn, claimed, signed in) is shown on the
 *   visitor's own clock, in the time zone of their browser.
 *
 * Month names are spelled out here rather than by toLocaleDateString: the first Intl formatter a
 * page builds loads locale data, a 30–40 ms task on a phone while the page hydrates. Only
 * formatDateTime, for the staff screens, uses Intl (its time of day follows the browser's en-US
 * rules exactly).
 */

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

export type MonthStyle = 'long' | 'short';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function spell(year: number, monthIndex: number, day: number, month: MonthStyle): string {
  const name = MONTHS[monthIndex] ?? '';
  return `${month === 'short' ? name.slice(0, 3) : name} ${day}, ${year}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A calendar date: "March 5, 2025", or "Mar 5, 2025" with `month: 'short'`. Takes "YYYY-MM-DD"
 * or an ISO timestamp, whose UTC day is the date. Text that is not a date is returned as given.
 */
export function formatCalendarDate(value: string, month: MonthStyle = 'long'): string {
  const date = new Date(CALENDAR_DATE.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return spell(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), month);
}

/**
 * The day of a moment on the visitor's calendar: "March 5, 2026". A bare "YYYY-MM-DD" is already
 * a day and is shown as written. Text that is not a date is returned as given.
 */
export function formatLocalDate(value: string | Date, month: MonthStyle = 'long'): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    return formatCalendarDate(value, month);
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return spell(date.getFullYear(), date.getMonth(), date.getDate(), month);
}

/**
 * A moment with its time on the visitor's clock, for the staff screens, which are about recency:
 * "Nov 22, 2026, 12:16 PM". An empty value reads as nothing; an unreadable one as given.
 */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Today (or the day of `now`) on the visitor's calendar, as "YYYY-MM-DD". */
export function localDateIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Today (or the day of `now`) in UTC, as "YYYY-MM-DD". */
export function utcDateIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A moment with its time and its time zone named: "Nov 22, 2026, 12:16 PM UTC" with
 * `timeZone: 'UTC'`, else on the visitor's clock ("Nov 22, 2026, 1:16 PM GMT+1"). An empty value
 * reads as nothing; an unreadable one as given.
 */
export function formatMoment(iso: string | null, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', momentFormat(timeZone));
}

/** How a moment is written: date, time and the zone's name, in `timeZone` or the visitor's. */
export function momentFormat(timeZone?: string): Intl.DateTimeFormatOptions {
  return {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  };
}
