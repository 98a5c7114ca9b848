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

const deadlineFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment in `timeZone`, the zone named: "May 17, 2026 at 6:03 PM (UTC)"; the text of the
 * contracts' formatDeadline, with one formatter per time zone kept (deadlines are formatted in
 * every entry and confirmation answer, mail and giveaway read). Not a moment: the text as given.
 */
export function formatDeadline(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let formatter = deadlineFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      dateStyle: 'long',
      timeStyle: 'short',
    });
    deadlineFormatters.set(timeZone, formatter);
  }
  return `${formatter.format(date)} (${timeZone})`;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at `at`, as milliseconds of the same reading in UTC. */
function wallClock(timeZone: string, at: number): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
}

/**
 * The moment (ISO, UTC) the day after `day` (YYYY-MM-DD) begins in `timeZone`: the end of `day`
 * there. Where a clock change skips midnight, the first moment of the next day.
 */
export function endOfDayIn(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const wall = Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + 1);
  let guess = wall;
  // The zone's offset at the guess moves the guess; two rounds settle it, even across a change.
  for (let i = 0; i < 3; i++) {
    const next = wall - (wallClock(timeZone, guess) - guess);
    if (next === guess) break;
    guess = next;
  }
  // A midnight that does not exist leaves the guess just before the day begins: step past it.
  while (todayIn(timeZone, new Date(guess)) <= day) guess += 15 * 60 * 1000;
  return new Date(guess).toISOString();
}

/** "2026-12-01T09:30": the wall-clock reading (to the minute) in `timeZone` at `at`. */
export function wallTimeIn(timeZone: string, at: Date): string {
  return new Date(wallClock(timeZone, at.getTime())).toISOString().slice(0, 16);
}

/**
 * The moment a clock in `timeZone` reads `wall` (milliseconds of the same reading in UTC), or null
 * when the clocks skip that reading. A reading that happens twice (clocks going back) is the first.
 */
export function momentOfWallTime(wall: number, timeZone: string): Date | null {
  // The zone's offset at the guess moves the guess; a few rounds settle it, even across a change.
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const next = wall - (wallClock(timeZone, guess) - guess);
    if (next === guess) break;
    guess = next;
  }
  // Of two moments with this reading, the earlier (an hour before, at most).
  const earlier = guess - 60 * 60 * 1000;
  if (wallClock(timeZone, earlier) === wall) guess = earlier;
  return wallClock(timeZone, guess) === wall ? new Date(guess) : null;
}
