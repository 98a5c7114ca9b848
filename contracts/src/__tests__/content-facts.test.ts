import { collectFacts, fillFacts, unknownFacts } from '../content-facts';

const facts = collectFacts({
  company: {
    name: 'Example',
    legalName: 'Example Ltd.',
    address: '1 Main Street, Town',
    foundedYear: 2025,
    email: 'hello@example.com',
    phone: '+1 555',
    replyTime: '2 days',
  },
  pricing: {
    consultation: { rate: '$250', freeMinutes: 45 },
    plans: [
      { id: 'starter', price: '$1,099', monthly: '$109/month', startsAt: null },
      { id: 'enterprise', price: 'Custom', startsAt: '$6,000' },
    ],
  },
});

describe('site content facts', () => {
  it('fills each named fact and leaves other braces alone', () => {
    expect(
      fillFacts(
        'From {starter.price} or {starter.monthly}; {consultation.rate}/hour, first {consultation.freeMinutes} minutes free; within {replyTime}; since {foundedYear}; {enterprise.startsAt}.',
        facts,
      ),
    ).toBe(
      'From $1,099 or $109/month; $250/hour, first 45 minutes free; within 2 days; since 2025; $6,000.',
    );
    expect(fillFacts('{unknown} and {constructor}', facts)).toBe('{unknown} and {constructor}');
  });

  it('lists names that are not facts, own keys only', () => {
    expect(
      unknownFacts('{replyTime} {replyTme} {constructor} {enterprise.monthly}', facts),
    ).toEqual(['replyTme', 'constructor', 'enterprise.monthly']);
  });
});
