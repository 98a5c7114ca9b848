import { stringify } from '../qs-lite';

// The real package (untyped here), as the reference.
const qs = jest.requireActual<{ stringify: (value: unknown) => string }>('qs');

describe('qs-lite stringify', () => {
  it.each([
    [{ a: 1, b: 'x y' }],
    [{ a: [1, 2] }],
    [{ a: { b: 'c', d: [true, { e: 'f' }] } }],
    [{ n: null, u: undefined, t: true }],
    [{ 'k&=': 'v/?', ü: 'ß €' }],
    [{ when: new Date(Date.UTC(2026, 10, 22)) }],
    [{}],
  ])('matches qs.stringify for %j', (value) => {
    expect(stringify(value)).toBe(qs.stringify(value));
  });
});
