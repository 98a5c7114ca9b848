import { formatDate } from '../lib/format-date';

describe('formatDate', () => {
  it('matches en-US toLocaleDateString in UTC, long and short, for every month and edge days', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const iso = new Date(Date.UTC(2025, month, day, 23, 30)).toISOString();
        for (const style of ['long', 'short'] as const) {
          expect(formatDate(iso, style)).toBe(
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

  it('formats plain dates of the front matter', () => {
    expect(formatDate('2025-03-05')).toBe('March 5, 2025');
    expect(formatDate('2024-12-31', 'short')).toBe('Dec 31, 2024');
  });

  it('returns what it was given when it is not a date', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});
