/*
 * The countdown to the end of entries, as words. It changes once a minute at most: the words
 * name days and hours, or hours and minutes, or minutes, never seconds, so a screen reader that
 * reads the line again hears something worth hearing, and nothing on screen flickers.
 */

import { momentFormat } from '@/lib/dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "3 days, 4 hours", "5 hours", "2 hours, 1 minute", "12 minutes"; the smaller unit left out at 0. */
function span(ms: number): string {
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0)
    return hours > 0 ? `${unit(days, 'day')}, ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0)
    return minutes > 0 ? `${unit(hours, 'hour')}, ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  return unit(minutes, 'minute');
}

/** The countdown's words at `now` for entries that close at `closeAt` (both in ms). */
export function countdownText(closeAt: number, now: number): string {
  const left = closeAt - now;
  if (left <= 0) return 'Entries have closed.';
  if (left < MINUTE) return 'Closes in less than a minute';
  return `Closes in ${span(left)}`;
}

/**
 * Milliseconds until the words can next change: when the time left crosses a whole minute (the
 * words count whole minutes, rounded down), or at the close itself.
 */
export function msUntilNextChange(closeAt: number, now: number): number {
  const left = closeAt - now;
  if (left <= 0) return Infinity;
  const toMinute = left % MINUTE;
  return toMinute === 0 ? MINUTE : toMinute;
}

/**
 * The last moment entries are open (just before `closeAt`) on the visitor's own clock, with its
 * zone named: entries that close when December 7 begins are open until "Sun, Dec 6, 2026,
 * 11:59 PM UTC", the end date's own day, never December 7's midnight.
 */
export function formatClosing(closeAt: number, timeZone?: string): string {
  return new Date(closeAt - 1).toLocaleString('en-US', {
    weekday: 'short',
    ...momentFormat(timeZone),
  });
}
