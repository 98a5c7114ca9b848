import type { Giveaway, GiveawayChange, Participant } from '@site/contracts';
import { createGiveaway, getGiveaway, type GiveawayTestContext, setup } from './fixtures';

/*
 * The desk's safeguards: a disqualification needs a reason and can be undone until the list is
 * frozen; the fraud flags (disposable domains, one network, one device, referral chains that feed
 * one account) and who referred whom in the entrants list; the network and browser kept only as
 * keyed digests. On SQLite, and on PostgreSQL with TEST_DB=postgres.
 */

jest.setTimeout(60_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup({ SMTP_URL: '' });
});
afterAll(() => t.close());

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0';

function api(method: 'GET' | 'POST', url: string, payload?: object, authorization?: string) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  });
}

/** Enters from a given address and browser; answers the new entry's referral code. */
async function enterFrom(
  id: number,
  handle: string,
  from: { ip: string; agent: string; email?: string; ref?: string },
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${id}/participate`,
    remoteAddress: from.ip,
    headers: { 'user-agent': from.agent },
    payload: {
      email: from.email ?? `${handle}@example.com`,
      instagram_handle: handle,
      accept_rules: true,
      ...(from.ref ? { ref: from.ref } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ referral_code: string }>().referral_code;
}

async function entrants(id: number): Promise<Record<string, Participant>> {
  const res = await api('GET', `/giveaway/${id}/participants`, undefined, t.admin);
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json<Participant[]>().map((p) => [p.instagram_handle, p]));
}

describe('disqualifying needs a reason', () => {
  test.each([
    ['missing', {}],
    ['empty', { reason: '' }],
    ['blank', { reason: '   ' }],
  ])('a %s reason is refused with 400 and a sentence, and nothing changes', async (_, body) => {
    const g = await createGiveaway(t.app, t.admin);
    await enterFrom(g.id, 'amy', { ip: '198.51.100.1', agent: LAPTOP });
    const { amy } = await entrants(g.id);
    const res = await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: [amy!.id], ...body },
      t.admin,
    );
    expect(res.statusCode).toBe(400);
    expect(typeof res.json<{ detail: string }>().detail).toBe('string');
    expect(res.json<{ detail: string }>().detail.length).toBeGreaterThan(10);
    expect((await entrants(g.id)).amy!.disqualified_at).toBeNull();
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);
  });

  test('the reason is stored and shown on the entrant', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await enterFrom(g.id, 'amy', { ip: '198.51.100.1', agent: LAPTOP });
    const { amy } = await entrants(g.id);
    const res = await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: [amy!.id], reason: '  Bot <b>entries</b>  ' },
      t.admin,
    );
    expect(res.statusCode).toBe(200);
    const after = (await entrants(g.id)).amy!;
    expect(after.disqualified_reason).toBe('Bot <b>entries</b>');
    expect(after.disqualified_at).not.toBeNull();
  });
});

describe('undoing a disqualification', () => {
  test('reinstated entries count again, the public record forgets them, the log says so', async () => {
    const g = await createGiveaway(t.app, t.admin, { referral_cap: 3 });
    const annCode = await enterFrom(g.id, 'ann', { ip: '198.51.100.10', agent: LAPTOP });
    await enterFrom(g.id, 'ben', { ip: '192.0.2.20', agent: PHONE, ref: annCode });
    await enterFrom(g.id, 'cat', { ip: '192.0.2.30', agent: LAPTOP });
    let list = await entrants(g.id);
    expect(list.ann!.bonus_entries).toBe(1);

    const out = await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: [list.ben!.id, list.cat!.id], reason: 'Duplicate' },
      t.admin,
    );
    expect(out.statusCode).toBe(200);
    let pub = await getGiveaway(t.app, g.id);
    expect(pub.participant_count).toBe(1);
    expect(pub.removals).toEqual([expect.objectContaining({ count: 2, reason: 'Duplicate' })]);
    list = await entrants(g.id);
    // Ben's referral no longer counts, so Ann's bonus went with it.
    expect(list.ann!.bonus_entries).toBe(0);

    const back = await api(
      'POST',
      `/giveaway/${g.id}/reinstate`,
      { participant_ids: [list.ben!.id] },
      t.admin,
    );
    expect(back.statusCode).toBe(200);
    expect(back.json<{ message: string }>().message).toMatch(/back in the draw/);
    list = await entrants(g.id);
    expect(list.ben).toMatchObject({ disqualified_at: null, disqualified_reason: null });
    expect(list.cat!.disqualified_reason).toBe('Duplicate');
    expect(list.ann!.bonus_entries).toBe(1);
    pub = await getGiveaway(t.app, g.id);
    expect(pub.participant_count).toBe(2);
    expect(pub.removals).toEqual([expect.objectContaining({ count: 1, reason: 'Duplicate' })]);

    await api('POST', `/giveaway/${g.id}/reinstate`, { participant_ids: [list.cat!.id] }, t.admin);
    pub = await getGiveaway(t.app, g.id);
    expect(pub.participant_count).toBe(3);
    expect(pub.removals).toEqual([]);

    const changes = await api('GET', `/giveaway/${g.id}/changes`, undefined, t.admin);
    const reinstated = changes.json<GiveawayChange[]>().filter((c) => c.action === 'reinstated');
    expect(reinstated).toHaveLength(2);
    expect(reinstated[0]!.summary).toContain(`id ${list.ben!.id}`);
    expect(reinstated[0]!.summary).toContain('Duplicate');
  });

  test('refusals: not disqualified, unknown, editor, over the maximum, after the freeze and the draw', async () => {
    const g: Giveaway = await createGiveaway(t.app, t.admin, { max_participants: 3 });
    await enterFrom(g.id, 'dan', { ip: '198.51.100.1', agent: LAPTOP });
    await enterFrom(g.id, 'eli', { ip: '198.51.100.2', agent: LAPTOP });
    const list = await entrants(g.id);
    const dan = list.dan!.id;
    const notOut = await api(
      'POST',
      `/giveaway/${g.id}/reinstate`,
      { participant_ids: [dan] },
      t.admin,
    );
    expect(notOut.statusCode).toBe(409);
    expect(notOut.json<{ detail: string }>().detail).toMatch(/not disqualified/);
    const unknown = await api(
      'POST',
      `/giveaway/${g.id}/reinstate`,
      { participant_ids: [2_000_000_000] },
      t.admin,
    );
    expect(unknown.statusCode).toBe(404);
    const empty = await api(
      'POST',
      `/giveaway/${g.id}/reinstate`,
      { participant_ids: [] },
      t.admin,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ detail: string }>().detail).toBeTruthy();

    const eli = list.eli!.id;
    await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: [dan, eli], reason: 'Bot' },
      t.admin,
    );
    expect(
      (await api('POST', `/giveaway/${g.id}/reinstate`, { participant_ids: [dan] }, t.editor))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('POST', `/giveaway/${g.id}/reinstate`, { participant_ids: [dan] })).statusCode,
    ).toBe(401);
    // Two new entries take two of the three places: both back would make four.
    await enterFrom(g.id, 'fay', { ip: '198.51.100.3', agent: LAPTOP });
    await enterFrom(g.id, 'gil', { ip: '198.51.100.4', agent: LAPTOP });
    const full = await api(
      'POST',
      `/giveaway/${g.id}/reinstate`,
      { participant_ids: [dan, eli] },
      t.admin,
    );
    expect(full.statusCode).toBe(409);
    expect(full.json<{ detail: string }>().detail).toMatch(/maximum of 3/);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(2);

    const h = await createGiveaway(t.app, t.admin);
    await enterFrom(h.id, 'gus', { ip: '198.51.100.1', agent: LAPTOP });
    await enterFrom(h.id, 'hal', { ip: '198.51.100.2', agent: LAPTOP });
    const hl = await entrants(h.id);
    await api(
      'POST',
      `/giveaway/${h.id}/disqualify`,
      { participant_ids: [hl.gus!.id], reason: 'Bot' },
      t.admin,
    );
    expect((await api('POST', `/giveaway/${h.id}/close`, undefined, t.admin)).statusCode).toBe(200);
    const frozen = await api(
      'POST',
      `/giveaway/${h.id}/reinstate`,
      { participant_ids: [hl.gus!.id] },
      t.admin,
    );
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json<{ detail: string }>().detail).toMatch(/frozen/);
    expect(
      (await api('POST', `/giveaway/${h.id}/select-winner`, undefined, t.admin)).statusCode,
    ).toBe(200);
    const drawn = await api(
      'POST',
      `/giveaway/${h.id}/reinstate`,
      { participant_ids: [hl.gus!.id] },
      t.admin,
    );
    expect(drawn.statusCode).toBe(409);
    expect((await entrants(h.id)).gus!.disqualified_reason).toBe('Bot');
  });
});

describe('the fraud flags', () => {
  test('disposable domains, one network, one device and referral chains are flagged', async () => {
    const g = await createGiveaway(t.app, t.admin, { referral_cap: 5 });
    // Three entries from one /24 (two of them from one browser there), one from elsewhere.
    await enterFrom(g.id, 'net_one', { ip: '203.0.113.5', agent: PHONE });
    await enterFrom(g.id, 'net_two', { ip: '203.0.113.77', agent: PHONE });
    await enterFrom(g.id, 'net_three', { ip: '203.0.113.200', agent: LAPTOP });
    await enterFrom(g.id, 'honest', { ip: '198.51.100.9', agent: LAPTOP });
    // A throwaway address (and one at a subdomain of a throwaway domain).
    await enterFrom(g.id, 'throwaway', {
      ip: '192.0.2.1',
      agent: PHONE,
      email: 'someone@mailinator.com',
    });
    // A chain that feeds Root: Root's two referrals come from Root's own IPv6 /48.
    const root = await enterFrom(g.id, 'root', { ip: '2001:db8:aa:1::1', agent: LAPTOP });
    const feedOne = await enterFrom(g.id, 'feed_one', {
      ip: '2001:db8:aa:2::9',
      agent: PHONE,
      ref: root,
    });
    await enterFrom(g.id, 'feed_two', { ip: '2001:db8:aa:3::9', agent: LAPTOP, ref: feedOne });
    // A genuine referral from elsewhere does not make a chain.
    const friend = await enterFrom(g.id, 'friend', { ip: '192.0.2.50', agent: LAPTOP });
    await enterFrom(g.id, 'friends_friend', { ip: '198.51.100.200', agent: PHONE, ref: friend });

    const list = await entrants(g.id);
    expect(list.net_one!.flags).toEqual(['same_network', 'same_device']);
    expect(list.net_two!.flags).toEqual(['same_network', 'same_device']);
    expect(list.net_three!.flags).toEqual(['same_network']);
    expect(list.honest!.flags).toEqual([]);
    expect(list.throwaway!.flags).toEqual(['disposable_email']);
    expect(list.root!.flags).toContain('referral_chain');
    expect(list.feed_one!.flags).toContain('referral_chain');
    expect(list.feed_two!.flags).toContain('referral_chain');
    expect(list.friend!.flags).toEqual([]);
    expect(list.friends_friend!.flags).toEqual([]);
    // Who referred whom, for the desk's column and tree.
    expect(list.feed_one!.referred_by).toBe(list.root!.id);
    expect(list.feed_two!.referred_by).toBe(list.feed_one!.id);
    expect(list.root!.referred_by).toBeNull();

    // One entrant carries the flags it has among its giveaway's entries.
    const one = await api('GET', `/participant/${list.net_one!.id}`, undefined, t.admin);
    expect(one.json<Participant>().flags).toEqual(['same_network', 'same_device']);

    // What is stored: digests only, never the address or the browser.
    const rows = await t.app.db
      .selectFrom('participants')
      .select(['network_hash', 'agent_hash'])
      .where('giveaway_id', '=', g.id)
      .execute();
    for (const row of rows) {
      expect(row.network_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(row.agent_hash).toMatch(/^[0-9a-f]{32}$/);
    }
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('203.0.113');
    expect(stored).not.toContain('iPhone');
    // Nothing of it in a public answer.
    const pub = await api('GET', `/giveaway/${g.id}`);
    expect(pub.body).not.toContain(rows[0]!.network_hash as string);
    expect(pub.body).not.toContain('same_network');
  });

  test('the same client in two giveaways leaves different digests', async () => {
    const a = await createGiveaway(t.app, t.admin);
    const b = await createGiveaway(t.app, t.admin);
    await enterFrom(a.id, 'same', { ip: '203.0.113.5', agent: PHONE });
    await enterFrom(b.id, 'same', { ip: '203.0.113.5', agent: PHONE });
    const rows = await t.app.db
      .selectFrom('participants')
      .select(['network_hash', 'agent_hash'])
      .where('giveaway_id', 'in', [a.id, b.id])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.network_hash).not.toBe(rows[1]!.network_hash);
    expect(rows[0]!.agent_hash).not.toBe(rows[1]!.agent_hash);
  });

  test('"disqualify flagged" in bulk: every flagged entry out with one reason, the rest stay', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await enterFrom(g.id, 'bot_a', { ip: '203.0.113.1', agent: PHONE });
    await enterFrom(g.id, 'bot_b', { ip: '203.0.113.2', agent: PHONE });
    await enterFrom(g.id, 'bot_c', { ip: '203.0.113.3', agent: PHONE });
    await enterFrom(g.id, 'temp', { ip: '192.0.2.8', agent: LAPTOP, email: 'x@yopmail.com' });
    await enterFrom(g.id, 'real', { ip: '198.51.100.4', agent: LAPTOP });
    const list = Object.values(await entrants(g.id));
    const flagged = list.filter((p) => p.flags.length > 0).map((p) => p.id);
    expect(flagged).toHaveLength(4);
    const res = await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: flagged, reason: 'Flagged: one network or a throwaway address' },
      t.admin,
    );
    expect(res.statusCode).toBe(200);
    const after = await entrants(g.id);
    expect(after.real!.disqualified_at).toBeNull();
    expect(Object.values(after).filter((p) => p.disqualified_at !== null)).toHaveLength(4);
    const pub = await getGiveaway(t.app, g.id);
    expect(pub.participant_count).toBe(1);
    expect(pub.removals).toEqual([
      expect.objectContaining({ count: 4, reason: 'Flagged: one network or a throwaway address' }),
    ]);
  });
});
