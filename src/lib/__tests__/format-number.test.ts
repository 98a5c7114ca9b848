import { grouped } from '../format-number';

describe('grouped', () => {
  it.each([0, 7, 999, 1000, 12345, 1234567, -4321])('matches en-US grouping for %d', (n) => {
    expect(grouped(n)).toBe(n.toLocaleString('en-US'));
  });
});
