import { formatDate, isCalendarDate, todayIn } from '../../../src/lib/dates';
import {
  deriveState,
  type GiveawayState,
  validateEntry,
  validateGiveawayInput,
} from '../../../src/services/giveaways/rules';

const base: GiveawayState = {
  start_date: '2026-05-01',
  end_date: '2026-05-10',
  max_participants: null,
  is_accepting: 1,
  participant_count: 0,
  winner_id: null,
  frozen_at: null,
  draw_round: null,
};

describe('deriveState', () => {
  test.each([
    ['active while open', {}, '2026-05-05', 'active', null],
    ['active but not started before the start date', {}, '2026-04-30', 'active', 'not_started'],
    ['still active on the end date itself', {}, '2026-05-10', 'active', null],
    ['ended the day after the end date', {}, '2026-05-11', 'ended', 'ended'],
    ['paused when not accepting', { is_accepting: 0 }, '2026-05-05', 'paused', 'paused'],
    ['ended beats paused', { is_accepting: 0 }, '2026-06-01', 'ended', 'ended'],
    [
      'winner_selected beats everything',
      { winner_id: 4, is_accepting: 0 },
      '2026-06-01',
      'winner_selected',
      'winner_selected',
    ],
    [
      'full at the cap',
      { max_participants: 3, participant_count: 3 },
      '2026-05-05',
      'active',
      'full',
    ],
    [
      'open below the cap',
      { max_participants: 3, participant_count: 2 },
      '2026-05-05',
      'active',
      null,
    ],
    ['no end date never ends', { end_date: null }, '2099-01-01', 'active', null],
    [
      'drawn once a round exists, even when the winning entry was erased',
      { draw_round: 1, frozen_at: '2026-05-05T10:00:00.000Z' },
      '2026-05-05',
      'winner_selected',
      'winner_selected',
    ],
    [
      'a list frozen when full stays closed after an entrant is erased',
      {
        max_participants: 3,
        participant_count: 2,
        frozen_at: '2026-05-05T10:00:00.000Z',
        frozen_reason: 'full',
      },
      '2026-05-05',
      'active',
      'full',
    ],
    [
      'closed for good by the owner: ended, whatever the switch',
      { frozen_at: '2026-05-05T10:00:00.000Z', frozen_reason: 'stopped' },
      '2026-05-05',
      'ended',
      'closed',
    ],
    [
      'paused: the switch is off, nothing is frozen',
      { is_accepting: 0 },
      '2026-05-05',
      'paused',
      'paused',
    ],
  ] as const)('%s', (_name, patch, today, status, reason) => {
    const state = deriveState({ ...base, ...patch }, today);
    expect(state).toEqual({ status, entries_closed_reason: reason, entries_open: reason === null });
  });
});

describe('dates', () => {
  test('todayIn reads the calendar of the given time zone', () => {
    const instant = new Date('2026-05-10T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-05-10');
    expect(todayIn('Europe/Berlin', instant)).toBe('2026-05-11');
    expect(todayIn('America/New_York', instant)).toBe('2026-05-10');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-05-10T09:59:00Z'))).toBe('2026-05-10');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-05-10T10:00:00Z'))).toBe('2026-05-11');
  });

  test('isCalendarDate accepts real dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-1-1',
      '26-01-01',
      '',
      '2026-01-01T00:00',
    ]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
  });

  test('formatDate writes the en-US long form', () => {
    expect(formatDate('2026-05-01')).toBe('May 1, 2026');
  });
});

describe('validateEntry', () => {
  test('trims and lower-cases the e-mail; trims the handle and drops one leading @', () => {
    expect(
      validateEntry({ email: '  Ann.Lee@Example.COM ', instagram_handle: '  @Ann_Lee.42 ' }),
    ).toEqual({
      email: 'ann.lee@example.com',
      instagram_handle: 'Ann_Lee.42',
    });
  });

  test.each(['ann', 'ann@', '@example.com', 'ann@example', 'a b@example.com', 'ann@@example.com'])(
    'refuses the e-mail %p',
    (email) => {
      expect(() => validateEntry({ email, instagram_handle: 'ann' })).toThrow(
        'valid e-mail address',
      );
    },
  );

  test.each(['@@ann', 'ann lee', 'ann-lee', 'ann!', 'é', 'a'.repeat(31)])(
    'refuses the handle %p',
    (handle) => {
      expect(() => validateEntry({ email: 'ann@example.com', instagram_handle: handle })).toThrow(
        'at most 30 characters: letters, numbers, periods and underscores',
      );
    },
  );

  test('an empty handle (or only @) is asked for', () => {
    expect(() => validateEntry({ email: 'ann@example.com', instagram_handle: ' @ ' })).toThrow(
      'Please enter your Instagram handle.',
    );
  });

  test('a 30-character handle is fine', () => {
    expect(
      validateEntry({ email: 'a@b.co', instagram_handle: 'a'.repeat(30) }).instagram_handle,
    ).toHaveLength(30);
  });
});

describe('validateGiveawayInput', () => {
  const form = {
    title: ' Title ',
    description: 'Description',
    prize: 'Prize',
    prize_image: '',
    start_date: '2026-05-01',
    end_date: '',
    max_participants: '' as const,
  };

  test('empty strings mean none; text is trimmed', () => {
    expect(validateGiveawayInput(form)).toEqual({
      title: 'Title',
      description: 'Description',
      prize: 'Prize',
      prize_image: null,
      prize_image_id: null,
      start_date: '2026-05-01',
      end_date: null,
      max_participants: null,
      min_age: 18,
      region: '',
      claim_days: 7,
      external_randomness: null,
      extra_terms: '',
      winner_count: 1,
      referral_cap: 5,
      confirm_entries: 0,
    });
  });

  test('the number of winners defaults to 1 and cannot exceed the maximum number of entries', () => {
    expect(validateGiveawayInput({ ...form, winner_count: 3 }).winner_count).toBe(3);
    expect(validateGiveawayInput({ ...form, winner_count: 5, max_participants: 5 })).toMatchObject({
      winner_count: 5,
    });
    expect(() => validateGiveawayInput({ ...form, winner_count: 6, max_participants: 5 })).toThrow(
      'The number of winners (6) cannot be more than the maximum number of entries (5).',
    );
  });

  test('the rules fields are trimmed; a blank external value means none', () => {
    expect(
      validateGiveawayInput({
        ...form,
        min_age: 21,
        region: '  the United Kingdom ',
        claim_days: 14,
        external_randomness: '   ',
        extra_terms: ' No cash alternative. ',
      }),
    ).toMatchObject({
      min_age: 21,
      region: 'the United Kingdom',
      claim_days: 14,
      external_randomness: null,
      extra_terms: 'No cash alternative.',
    });
  });

  test.each([
    [{ title: '   ' }, 'Please fill in the title.'],
    [{ prize_image: 'ftp://example.com/a.png' }, 'http:// or https://'],
    [{ prize_image: 'not a url' }, 'http:// or https://'],
    [{ start_date: '2026-02-30' }, 'The start date "2026-02-30" is not a real date'],
    [{ end_date: '2026-13-01' }, 'The end date "2026-13-01" is not a real date'],
    [{ end_date: '2026-04-30' }, 'The end date cannot be before the start date.'],
  ])('refuses %p', (patch, message) => {
    expect(() => validateGiveawayInput({ ...form, ...patch })).toThrow(message);
  });

  test('an end date equal to the start date is a one-day giveaway', () => {
    expect(validateGiveawayInput({ ...form, end_date: '2026-05-01' }).end_date).toBe('2026-05-01');
  });
});
