import { formatDeadline as siteFormatDeadline } from '@site/contracts';
import { formatDeadline } from '../../src/lib/dates';

describe('formatDeadline', () => {
  test('reads as the site reads it, in every zone, the first time and again', () => {
    const moments = [
      '2026-12-06T11:00:00.000Z',
      '2026-03-29T00:59:59.000Z',
      '2027-01-01T00:00:00Z',
    ];
    for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) {
      for (const iso of moments) {
        expect([zone, iso, formatDeadline(iso, zone)]).toEqual([
          zone,
          iso,
          siteFormatDeadline(iso, zone),
        ]);
        expect(formatDeadline(iso, zone)).toBe(siteFormatDeadline(iso, zone));
      }
    }
    expect(formatDeadline('2026-12-06T11:00:00.000Z', 'Europe/Berlin')).toBe(
      'December 6, 2026 at 12:00 PM (Europe/Berlin)',
    );
  });

  test('a text that is not a moment comes back as given', () => {
    expect(formatDeadline('not a date', 'UTC')).toBe('not a date');
  });

  test('an unknown time zone is refused as the site refuses it', () => {
    expect(() => formatDeadline('2026-12-06T11:00:00.000Z', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => siteFormatDeadline('2026-12-06T11:00:00.000Z', 'Mars/Olympus')).toThrow(
      RangeError,
    );
  });
});
