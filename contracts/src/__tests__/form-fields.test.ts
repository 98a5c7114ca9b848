import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH, isEmailAddress } from '../form-fields';

describe('isEmailAddress', () => {
  it.each([
    'ann@example.com',
    'Ann.Lee@Example.COM',
    'ann+news@mail.example.co.uk',
    "o'neil@example.ie",
    'a_b-c@sub-domain.example.org',
    'x@a1.io',
  ])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ['no @ at all', 'ann.example.com'],
    ['nothing before the @', '@example.com'],
    ['nothing after the @', 'ann@'],
    ['a domain without a dot', 'ann@localhost'],
    ['two @', 'ann@lee@example.com'],
    ['a space inside', 'ann lee@example.com'],
    ['surrounding spaces (forms trim first)', ' ann@example.com '],
    ['a leading dot in the local part', '.ann@example.com'],
    ['two dots in a row', 'ann..lee@example.com'],
    ['a hyphen ending a domain label', 'ann@example-.com'],
    ['an empty domain label', 'ann@example..com'],
    ['an empty string', ''],
  ])('refuses %s', (_why, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('holds the length limits: 64 before the @, 254 in all', () => {
    const local = 'a'.repeat(EMAIL_LOCAL_PART_MAX_LENGTH);
    expect(isEmailAddress(`${local}@example.com`)).toBe(true);
    expect(isEmailAddress(`${local}a@example.com`)).toBe(false);

    const domainOf = (length: number) => {
      // Labels of 60 letters joined by dots, ending in ".com", exactly `length` characters long.
      const labels: string[] = [];
      let left = length - '.com'.length;
      while (left > 0) {
        const size = Math.min(60, left - (labels.length ? 1 : 0));
        labels.push('d'.repeat(size));
        left -= size + (labels.length > 1 ? 1 : 0);
      }
      return `${labels.join('.')}.com`;
    };
    const longest = `ann@${domainOf(EMAIL_MAX_LENGTH - 'ann@'.length)}`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isEmailAddress(longest)).toBe(true);
    const tooLong = `anne@${domainOf(EMAIL_MAX_LENGTH - 'ann@'.length)}`;
    expect(tooLong).toHaveLength(EMAIL_MAX_LENGTH + 1);
    expect(isEmailAddress(tooLong)).toBe(false);
  });
});
