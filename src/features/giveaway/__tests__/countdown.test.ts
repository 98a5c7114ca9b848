import { formatDay, formatLastDay } from '@site/contracts/dates';
import { countdownText, formatClosing, msUntilNextChange } from '../countdown';

const close = Date.parse('2026-12-02T00:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('countdownText', () => {
  it.each([
    [3 * DAY + 4 * HOUR + 59 * MIN, 'Closes in 3 days, 4 hours'],
    [1 * DAY + 1 * HOUR, 'Closes in 1 day, 1 hour'],
    [2 * DAY + 30 * MIN, 'Closes in 2 days'],
    [DAY, 'Closes in 1 day'],
    [DAY - 1, 'Closes in 23 hours, 59 minutes'],
    [5 * HOUR, 'Closes in 5 hours'],
    [2 * HOUR + MIN, 'Closes in 2 hours, 1 minute'],
    [HOUR + 30_000, 'Closes in 1 hour'],
    [59 * MIN + 59_999, 'Closes in 59 minutes'],
    [MIN, 'Closes in 1 minute'],
    [MIN - 1, 'Closes in less than a minute'],
    [1, 'Closes in less than a minute'],
    [0, 'Entries have closed.'],
    [-5 * DAY, 'Entries have closed.'],
  ])('%i ms before the close reads "%s"', (left, words) => {
    expect(countdownText(close, close - left)).toBe(words);
  });
});

describe('msUntilNextChange', () => {
  it('waits until the time left crosses a whole minute', () => {
    expect(msUntilNextChange(close, close - (3 * MIN + 12_345))).toBe(12_345);
    expect(msUntilNextChange(close, close - 3 * MIN)).toBe(MIN);
    expect(msUntilNextChange(close, close - 10)).toBe(10);
  });

  it('never fires again after the close', () => {
    expect(msUntilNextChange(close, close)).toBe(Infinity);
    expect(msUntilNextChange(close, close + 1)).toBe(Infinity);
  });

  it('changes the words only where it says they change', () => {
    for (const left of [DAY + 7 * MIN + 1234, 3 * HOUR + 5, 61_000, 59_000]) {
      const now = close - left;
      const wait = msUntilNextChange(close, now);
      expect(countdownText(close, now + wait - 1)).toBe(countdownText(close, now));
    }
  });
});

describe('formatClosing', () => {
  it('writes the last open moment out with its zone named, on the end date itself', () => {
    // Entries of a giveaway ending on December 1 (UTC) close when December 2 begins.
    expect(formatClosing(close, 'UTC')).toBe('Tue, Dec 1, 2026, 11:59 PM UTC');
    expect(formatClosing(close, 'America/New_York')).toBe('Tue, Dec 1, 2026, 6:59 PM EST');
    expect(formatLastDay(new Date(close).toISOString(), 'UTC')).toBe(formatDay('2026-12-01'));
  });
});
