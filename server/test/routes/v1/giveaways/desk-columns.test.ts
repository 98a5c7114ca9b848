import type { Giveaway, Participant } from '@site/contracts';
import { endOfDayIn, todayIn } from '../../../../src/lib/dates';
import { createGiveaway, enter, getGiveaway, type GiveawayTestContext, setup } from './fixtures';

/*
 * What the owner's desk reads about each entry (weight, bonus entries, referrals, confirmation,
 * source) in the entrants list, one entrant and the CSV; and the moment entries close by date,
 * which the giveaway page counts down to. On SQLite, and on PostgreSQL with TEST_DB=postgres.
 */

jest.setTimeout(60_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup({ SMTP_URL: '', SITE_TIMEZONE: 'Europe/Paris' });
});
afterAll(() => t.close());

const get = (url: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
  });

async function enterAll(id: number, names: string[]): Promise<Record<string, number>> {
  for (const name of names) {
    const res = await enter(t.app, id, `${name}@example.com`, name);
    expect(res.statusCode).toBe(200);
  }
  const rows = await t.app.db
    .selectFrom('participants')
    .select(['id', 'instagram_handle'])
    .where('giveaway_id', '=', id)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.instagram_handle, r.id]));
}

/**
 * Ann brought Ben (confirmed), Cid (not confirmed yet) and Dot (confirmed, later disqualified),
 * and holds two bonus entries; Eve came directly. The referral flow is seeded straight into the
 * table, as the entry flow would leave it.
 */
async function seeded(): Promise<{ g: Giveaway; ids: Record<string, number> }> {
  const g = await createGiveaway(t.app, t.admin);
  const ids = await enterAll(g.id, ['ann', 'ben', 'cid', 'dot', 'eve']);
  const db = t.app.db;
  await db
    .updateTable('participants')
    .set({ bonus_entries: 2 })
    .where('id', '=', ids.ann as number)
    .execute();
  await db
    .updateTable('participants')
    .set({ referred_by: ids.ann as number })
    .where('id', 'in', [ids.ben, ids.cid, ids.dot] as number[])
    .execute();
  await db
    .updateTable('participants')
    .set({ confirmed_at: null, confirm_expires_at: '2099-01-01T00:00:00.000Z' })
    .where('id', '=', ids.cid as number)
    .execute();
  await db
    .updateTable('participants')
    .set({ disqualified_at: new Date().toISOString(), disqualified_reason: 'Test' })
    .where('id', '=', ids.dot as number)
    .execute();
  return { g, ids };
}

describe("the desk's columns", () => {
  test('the entrants list carries weight, bonus entries, referrals, confirmation and source', async () => {
    const { g, ids } = await seeded();
    const res = await get(`/giveaway/${g.id}/participants`, t.admin);
    expect(res.statusCode).toBe(200);
    const list = res.json<Participant[]>();
    const by = (handle: string) => list.find((p) => p.instagram_handle === handle) as Participant;

    expect(by('ann')).toMatchObject({ weight: 3, bonus_entries: 2, source: 'direct' });
    // Ben and Dot were accepted (confirmed); Cid is not confirmed, so not yet accepted.
    expect(by('ann').referrals).toBe(2);
    expect(by('ann').confirmed_at).toBe(by('ann').created_at);
    expect(by('ben')).toMatchObject({ weight: 1, bonus_entries: 0, referrals: 0 });
    expect(by('ben').source).toBe('referral');
    expect(by('cid')).toMatchObject({ source: 'referral', confirmed_at: null });
    expect(by('eve')).toMatchObject({ weight: 1, referrals: 0, source: 'direct' });
    expect(typeof by('ann').referrals).toBe('number');
    // Who referred whom is on the desk (this admin-only list), for its column and tree.
    expect(by('ben').referred_by).toBe(ids.ann);
    expect(by('eve').referred_by).toBeNull();

    const one = await get(`/participant/${ids.ann}`, t.admin);
    expect(one.statusCode).toBe(200);
    expect(one.json<Participant>()).toMatchObject({ weight: 3, referrals: 2, source: 'direct' });
  });

  test('the CSV exports the new columns after the old ones, with formula cells still inert', async () => {
    const { g, ids } = await seeded();
    expect((await enter(t.app, g.id, 'sum@example.com', 'sum')).statusCode).toBe(200);
    await t.app.db
      .updateTable('participants')
      .set({ disqualified_reason: '=HYPERLINK("x")' })
      .where('id', '=', ids.dot as number)
      .execute();
    const res = await get(`/giveaway/${g.id}/participants.csv`, t.admin);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"id","email","instagram_handle","entered_at","disqualified_at","disqualified_reason","weight","bonus_entries","referrals","source","confirmed_at"',
    );
    expect(lines).toHaveLength(7);
    const line = (handle: string) => lines.find((l) => l.includes(`"${handle}@example.com"`));
    expect(line('ann')).toMatch(
      /^"\d+","ann@example\.com","ann","([^"]+)","","","3","2","2","direct","\1"$/,
    );
    expect(line('cid')).toMatch(/,"1","0","0","referral",""$/);
    expect(line('dot')).toContain(`"'=HYPERLINK(""x"")","1","0","0","referral"`);
  });

  test('the list, one entrant and the CSV stay admin-only', async () => {
    const { g, ids } = await seeded();
    for (const url of [
      `/giveaway/${g.id}/participants`,
      `/giveaway/${g.id}/participants.csv`,
      `/participant/${ids.ann}`,
    ]) {
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 401 });
      expect({ url, status: (await get(url, t.editor)).statusCode }).toEqual({ url, status: 403 });
    }
  });
});

describe('when entries close by date', () => {
  test('entries_close_at is the end of end_date in the site time zone, and null without one', async () => {
    const g = await createGiveaway(t.app, t.admin, { end_date: '2030-06-15' });
    // Paris is UTC+2 in June: the day ends at 22:00 UTC.
    expect(g.entries_close_at).toBe('2030-06-15T22:00:00.000Z');
    expect((await getGiveaway(t.app, g.id)).entries_close_at).toBe('2030-06-15T22:00:00.000Z');
    const winter = await createGiveaway(t.app, t.admin, { end_date: '2030-12-15' });
    expect(winter.entries_close_at).toBe('2030-12-15T23:00:00.000Z');
    const open = await createGiveaway(t.app, t.admin, { end_date: null });
    expect(open.entries_close_at).toBeNull();
    const list = await get('/giveaway');
    expect(list.statusCode).toBe(200);
    const listed = list.json<Giveaway[]>().find((x) => x.id === g.id);
    expect(listed?.entries_close_at).toBe('2030-06-15T22:00:00.000Z');
  });

  test('endOfDayIn is the first moment the next day begins, across clock changes', () => {
    const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'America/Santiago'];
    const days = [
      '2026-03-08',
      '2026-03-29',
      '2026-04-04',
      '2026-09-05',
      '2026-10-25',
      '2026-11-01',
    ];
    for (const zone of zones) {
      for (const day of days) {
        const end = Date.parse(endOfDayIn(day, zone));
        expect(todayIn(zone, new Date(end - 1))).toBe(day);
        expect(todayIn(zone, new Date(end)) > day).toBe(true);
      }
    }
  });
});
