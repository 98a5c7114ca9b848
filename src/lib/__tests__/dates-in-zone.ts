/**
 * Run by dates.test.ts in a child process whose TZ is the zone under test (a running process
 * cannot change its own zone under Jest): prints what the dates module shows for fixed inputs.
 */
import {
  formatCalendarDate,
  formatDateTime,
  formatLocalDate,
  localDateIso,
  utcDateIso,
} from '../dates';

const moment = new Date('2026-03-05T10:00:00.000Z');
const shown = {
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  calendarDay: formatCalendarDate('2026-03-05'),
  calendarMidnight: formatCalendarDate('2025-03-05T00:00:00.000Z'),
  calendarShort: formatCalendarDate('2024-12-31', 'short'),
  calendarAsLocal: formatLocalDate('2026-03-05'),
  localDay: formatLocalDate('2026-03-05T10:00:00.000Z'),
  localDayOfDate: formatLocalDate(moment),
  // ICU puts a narrow no-break space before AM/PM; a plain space reads the same.
  dateTime: formatDateTime('2026-11-22T12:16:00.000Z').replace(/\u202f/g, ' '),
  localIso: localDateIso(moment),
  utcIso: utcDateIso(moment),
};
process.stdout.write(JSON.stringify(shown));
