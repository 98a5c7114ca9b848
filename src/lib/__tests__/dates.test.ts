import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { formatDay } from '@site/contracts/dates';
import {
  formatCalendarDate,
  formatDateTime,
  formatLocalDate,
  localDateIso,
  utcDateIso,
} from '../dates';

describe('formatCalendarDate', () => {
  it('matches en-US toLocaleDateString in UTC, long and short, for every month and edge days', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const iso = new Date(Date.UTC(2025, month, day, 23, 30)).toISOString();
        for (const style of ['long', 'short'] as const) {
          expect(formatCalendarDate(iso, style)).toBe(
            new Date(iso).toLocaleDateString('en-US', {
              year: 'numeric',
              month: style,
              day: 'numeric',
              timeZone: 'UTC',
            }),
          );
        }
      }
    }
  });

  it('formats plain dates of the front matter and the giveaway forms', () => {
    expect(formatCalendarDate('2025-03-05')).toBe('March 5, 2025');
    expect(formatCalendarDate('2024-12-31', 'short')).toBe('Dec 31, 2024');
  });

  it('returns what it was given when it is not a date', () => {
    expect(formatCalendarDate('soon')).toBe('soon');
  });
});

describe('formatLocalDate, formatDateTime and the ISO days in this process’s zone', () => {
  it('match the en-US formats of the local clock', () => {
    const moment = new Date(2026, 10, 22, 12, 16);
    expect(formatLocalDate(moment)).toBe(
      moment.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    );
    expect(formatLocalDate(moment.toISOString(), 'short')).toBe('Nov 22, 2026');
    expect(formatDateTime(moment.toISOString()).replace(/\u202f/g, ' ')).toBe(
      'Nov 22, 2026, 12:16 PM',
    );
    expect(localDateIso(moment)).toBe('2026-11-22');
  });

  it('read empty and unreadable values as nothing or as given', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('later')).toBe('later');
    expect(formatLocalDate('later')).toBe('later');
  });

  it('give the UTC day for utcDateIso', () => {
    expect(utcDateIso(new Date('2026-03-05T23:59:59.999Z'))).toBe('2026-03-05');
    expect(utcDateIso(new Date('2026-03-06T00:00:00.000Z'))).toBe('2026-03-06');
  });
});

/** What the module shows when the process runs in `zone` (a child process with TZ set). */
function shownIn(zone: string): Record<string, string> {
  const root = path.resolve(__dirname, '../../..');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(__dirname, 'dates-in-zone.ts')],
    { cwd: root, encoding: 'utf8', env: { ...process.env, TZ: zone } },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Record<string, string>;
}

describe('in the visitor’s time zone', () => {
  // UTC, UTC+14 (the first zone into a new day) and UTC-11 (one of the last).
  const utc = shownIn('UTC');
  const kiritimati = shownIn('Pacific/Kiritimati');
  const pagoPago = shownIn('Pacific/Pago_Pago');

  it('ran in the zones asked for', () => {
    expect([utc.zone, kiritimati.zone, pagoPago.zone]).toEqual([
      'UTC',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ]);
  });

  it('never shifts a calendar date', () => {
    for (const shown of [utc, kiritimati, pagoPago]) {
      expect(shown.calendarDay).toBe('March 5, 2026');
      expect(shown.calendarMidnight).toBe('March 5, 2025');
      expect(shown.calendarShort).toBe('Dec 31, 2024');
      expect(shown.calendarAsLocal).toBe('March 5, 2026');
      expect(shown.utcIso).toBe('2026-03-05');
    }
  });

  it('shows a moment on the local clock', () => {
    // 2026-03-05T10:00Z is midnight of March 6 at UTC+14 and 23:00 of March 4 at UTC-11.
    expect([utc.localDay, kiritimati.localDay, pagoPago.localDay]).toEqual([
      'March 5, 2026',
      'March 6, 2026',
      'March 4, 2026',
    ]);
    expect([utc.localDayOfDate, kiritimati.localDayOfDate, pagoPago.localDayOfDate]).toEqual([
      'March 5, 2026',
      'March 6, 2026',
      'March 4, 2026',
    ]);
    expect([utc.localIso, kiritimati.localIso, pagoPago.localIso]).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-04',
    ]);
    expect([utc.dateTime, kiritimati.dateTime, pagoPago.dateTime]).toEqual([
      'Nov 22, 2026, 12:16 PM',
      'Nov 23, 2026, 2:16 AM',
      'Nov 22, 2026, 1:16 AM',
    ]);
  });
});

describe('formatCalendarDate and the shared day formatter', () => {
  it('write a date-only end exactly as the server and the mails do', () => {
    for (const day of ['2026-01-01', '2026-03-05', '2026-11-29', '2026-12-31', '2027-02-28']) {
      expect(formatCalendarDate(day)).toBe(formatDay(day));
    }
  });
});
