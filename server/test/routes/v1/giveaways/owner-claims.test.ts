import type { Giveaway, OwnerClaim } from '@site/contracts';
import { createGiveaway, enter, type GiveawayTestContext, setup } from './fixtures';

/*
 * The owner's list states where each drawn winner's claim stands (waiting until a deadline with
 * its zone, claimed, expired, re-drawn, disqualified); nobody else's answer carries it.
 * On SQLite, and on PostgreSQL with TEST_DB=postgres.
 */

jest.setTimeout(60_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object, auth?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: auth ? { authorization: auth } : {},
    ...(payload ? { payload } : {}),
  });

const listed = async (id: number, auth?: string) =>
  (await api('GET', '/giveaway', undefined, auth)).json<Giveaway[]>().find((g) => g.id === id);

const roundOf = (id: number, round: number) =>
  t.app.db
    .updateTable('giveaway_draw_rounds')
    .where('giveaway_id', '=', id)
    .where('round', '=', round);

test('each place of a drawn giveaway reads its claim state in the admin list only', async () => {
  const g = await createGiveaway(t.app, t.admin, { winner_count: 4, title: 'Owner claims' });
  for (let i = 0; i < 8; i += 1) {
    expect((await enter(t.app, g.id, `oc${g.id}-${i}@example.com`, `oc_${i}`)).statusCode).toBe(
      200,
    );
  }
  // Before the draw there is nothing to claim.
  expect((await listed(g.id, t.admin))?.claims).toEqual([]);

  expect(
    (await api('POST', `/giveaway/${g.id}/select-winner`, { close_now: true }, t.admin)).statusCode,
  ).toBe(200);
  // Place 2 claimed, place 3 let its deadline pass, place 4's winner disqualified and drawn again.
  await roundOf(g.id, 2).set({ claimed_at: new Date().toISOString() }).execute();
  await roundOf(g.id, 3)
    .set({ claim_deadline: new Date(Date.now() - 60_000).toISOString() })
    .execute();
  expect(
    (
      await api(
        'POST',
        `/giveaway/${g.id}/disqualify-winner`,
        { reason: 'Entered twice.', place: 4 },
        t.admin,
      )
    ).statusCode,
  ).toBe(200);

  const owner = await listed(g.id, t.admin);
  const claims = owner?.claims ?? [];
  expect(claims.map((c: OwnerClaim) => [c.place, c.round, c.state])).toEqual([
    [1, 1, 'awaiting_claim'],
    [2, 2, 'claimed'],
    [3, 3, 'expired'],
    [4, 4, 'disqualified'],
    [4, 5, 'awaiting_claim'],
  ]);
  for (const claim of claims) {
    expect(claim.instagram_handle).toMatch(/^oc_\d$/);
    expect(claim.claim_deadline_text).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M \(.+\)$/,
    );
  }
  expect(claims[0]?.claim_deadline_text).toContain(`(${t.app.config.siteTimezone})`);

  // The one giveaway's answer for the owner carries it too; a visitor's answers never do.
  const one = (await api('GET', `/giveaway/${g.id}`, undefined, t.admin)).json<Giveaway>();
  expect(one.claims).toEqual(claims);
  expect((await listed(g.id))?.claims).toBeUndefined();
  expect((await api('GET', `/giveaway/${g.id}`)).json<Giveaway>().claims).toBeUndefined();
});

test('a place re-drawn after its deadline passed reads expired, then re-drawn', async () => {
  const g = await createGiveaway(t.app, t.admin, { title: 'Owner claims, re-drawn' });
  for (let i = 0; i < 3; i += 1) {
    expect((await enter(t.app, g.id, `rd${g.id}-${i}@example.com`, `rd_${i}`)).statusCode).toBe(
      200,
    );
  }
  await api('POST', `/giveaway/${g.id}/select-winner`, { close_now: true }, t.admin);
  await roundOf(g.id, 1)
    .set({ claim_deadline: new Date(Date.now() - 60_000).toISOString() })
    .execute();
  expect((await listed(g.id, t.admin))?.claims?.map((c) => c.state)).toEqual(['expired']);
  expect(
    (await api('POST', `/giveaway/${g.id}/redraw`, { reason: 'No claim in time.' }, t.admin))
      .statusCode,
  ).toBe(200);
  expect((await listed(g.id, t.admin))?.claims?.map((c) => [c.round, c.state])).toEqual([
    [1, 'redrawn'],
    [2, 'awaiting_claim'],
  ]);
});
