import { dayIn, formatDay, formatDayRange, formatDeadline, formatLastDay } from '../dates';

describe('formatDay', () => {
  it('reads a date-only end as that day, whatever the zone of the reader', () => {
    expect(formatDay('2026-12-06')).toBe('December 6, 2026');
    expect(formatDay('2026-12-06T00:00:00.000Z')).toBe('December 6, 2026');
    expect(formatDay('not a date')).toBe('not a date');
  });
});

describe('formatLastDay', () => {
  it("names the end date of entries that close when the next day begins in the site's zone", () => {
    expect(formatLastDay('2026-12-07T00:00:00.000Z', 'UTC')).toBe('December 6, 2026');
    // Berlin's December 7 begins at 23:00 UTC on December 6.
    expect(formatLastDay('2026-12-06T23:00:00.000Z', 'Europe/Berlin')).toBe('December 6, 2026');
    expect(dayIn('2026-12-06T23:00:00.000Z', 'Europe/Berlin')).toBe('2026-12-07');
  });
});

describe('formatDeadline', () => {
  it('always names the zone of a moment', () => {
    expect(formatDeadline('2026-12-06T11:00:00.000Z', 'UTC')).toBe(
      'December 6, 2026 at 11:00 AM (UTC)',
    );
    expect(formatDeadline('2026-12-06T11:00:00.000Z', 'Europe/Berlin')).toBe(
      'December 6, 2026 at 12:00 PM (Europe/Berlin)',
    );
  });
});

describe('formatDayRange', () => {
  it('reads a range of one day as that one day', () => {
    expect(formatDayRange('2026-11-29', '2026-11-29T18:00:00.000Z')).toBe('November 29, 2026');
  });

  it('names the year once within a year, and both across years', () => {
    expect(formatDayRange('2026-11-29', '2026-12-06')).toBe('November 29 – December 6, 2026');
    expect(formatDayRange('2026-12-29', '2027-01-04')).toBe('December 29, 2026 – January 4, 2027');
  });
});
