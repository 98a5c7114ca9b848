import {
  changeOfRequest,
  pageVersion,
  recordGiveawayChange,
  scopeOfAddress,
} from '../../../src/services/giveaways/page-versions';
import { buildTestApp, type TestApp } from '../../helpers/build';

describe('which requests change which giveaway pages', () => {
  it('a write under a giveaway changes that giveaway (and so the list); a new giveaway the list', () => {
    expect(changeOfRequest('POST', '/api/v1/giveaway/:id/participate', { id: 7 })).toEqual({
      giveawayId: 7,
    });
    expect(changeOfRequest('PUT', '/api/v1/giveaway/:id', { id: 3 })).toEqual({ giveawayId: 3 });
    expect(changeOfRequest('DELETE', '/api/v1/giveaway/:id', { id: 3 })).toEqual({
      giveawayId: 3,
    });
    expect(changeOfRequest('POST', '/api/v1/giveaway', {})).toBe('list');
    expect(changeOfRequest('POST', '/api/v1/personal-data/erase', {})).toBe('all');
    // The page's own entry form, sent without script.
    expect(changeOfRequest('POST', '/giveaway/:id/enter', { id: 5 })).toEqual({ giveawayId: 5 });
  });

  it('reads, receipts and writes elsewhere change nothing', () => {
    expect(changeOfRequest('GET', '/api/v1/giveaway/:id', { id: 7 })).toBeNull();
    expect(changeOfRequest('HEAD', '/api/v1/giveaway', {})).toBeNull();
    expect(changeOfRequest('POST', '/api/v1/giveaway/:id/receipt', { id: 7 })).toBeNull();
    expect(changeOfRequest('POST', '/api/v1/giveaway/:id/receipt/mail', { id: 7 })).toBeNull();
    expect(changeOfRequest('POST', '/api/v1/giveaway/:id/handle-reports', { id: 7 })).toBeNull();
    expect(changeOfRequest('POST', '/api/v1/handle-report/:id/handled', { id: 7 })).toBeNull();
    expect(changeOfRequest('POST', '/api/v1/contact', {})).toBeNull();
    expect(changeOfRequest('POST', '/api/v1/newsletter/subscribe', {})).toBeNull();
    expect(changeOfRequest('POST', '/api/v1/giveaways-elsewhere', {})).toBeNull();
    expect(changeOfRequest('POST', undefined, {})).toBeNull();
  });

  it('maps the drawn pages’ data addresses to their scopes', () => {
    expect(scopeOfAddress('/api/v1/giveaway')).toBe('list');
    expect(scopeOfAddress('/api/v1/giveaway/12')).toBe('giveaway:12');
    expect(scopeOfAddress('/api/v1/giveaway/12/rules')).toBe('giveaway:12');
    expect(scopeOfAddress('/api/v1/giveaway?page=2')).toBe('list');
    expect(scopeOfAddress('/api/v1/giveaway/012')).toBeNull();
    expect(scopeOfAddress('/api/v1/giveaway/admin')).toBeNull();
    expect(scopeOfAddress('/api/v1/posts')).toBeNull();
  });
});

describe('the counters in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('grow with each change to their scope, and all of them with an erasure', async () => {
    const db = t.app.db;
    const [one, two, list] = [
      await pageVersion(db, 'giveaway:1'),
      await pageVersion(db, 'giveaway:2'),
      await pageVersion(db, 'list'),
    ];
    await recordGiveawayChange(db, { giveawayId: 1 });
    expect(await pageVersion(db, 'giveaway:1')).toBe(one + 1);
    expect(await pageVersion(db, 'giveaway:2')).toBe(two);
    expect(await pageVersion(db, 'list')).toBe(list + 1);
    await recordGiveawayChange(db, 'list');
    expect(await pageVersion(db, 'giveaway:1')).toBe(one + 1);
    expect(await pageVersion(db, 'list')).toBe(list + 2);
    await recordGiveawayChange(db, 'all');
    expect(await pageVersion(db, 'giveaway:1')).toBe(one + 2);
    expect(await pageVersion(db, 'giveaway:2')).toBe(two + 1);
    expect(await pageVersion(db, 'list')).toBe(list + 3);
  });
});
