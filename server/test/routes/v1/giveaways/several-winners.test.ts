import type {
  Giveaway,
  GiveawayRules,
  GiveawayVerification,
  PresenterDrawResponse,
  ReceiptCheckResponse,
  SelectWinnerResponse,
} from '@site/contracts';
import { deliveredMail } from '../../../helpers/delivered-mail';
import {
  referenceRoundSeed,
  referenceSha256,
  referenceWeightedLines,
  referenceWeightedPick,
} from '../../../helpers/reference-draw';
import { createGiveaway, enter, getGiveaway, type GiveawayTestContext, setup } from './fixtures';

// Several giveaways with their draws, on a fresh PostgreSQL schema as well as SQLite.
jest.setTimeout(120_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, auth?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: auth ? { authorization: auth } : {},
    ...(payload ? { payload } : {}),
  });

async function fill(id: number, n: number, prefix: string) {
  for (let i = 0; i < n; i += 1) {
    expect((await enter(t.app, id, `${prefix}${i}@example.com`, `${prefix}_${i}`)).statusCode).toBe(
      200,
    );
  }
}

/** Bonus entries as referrals leave them (set directly: the referral flow is tested on its own). */
async function giveBonus(id: number, handle: string, bonus: number) {
  await t.app.db
    .updateTable('participants')
    .set({ bonus_entries: bonus })
    .where('giveaway_id', '=', id)
    .where('instagram_handle', '=', handle)
    .execute();
}

/** Recomputes every round from the public record with the test's own weighted implementation. */
async function recompute(id: number) {
  const v = (await api('GET', `/giveaway/${id}/verification`)).json<GiveawayVerification>();
  const text = (await api('GET', `/giveaway/${id}/frozen-entries.txt`)).body;
  const lines = referenceWeightedLines(text);
  expect(referenceSha256(text)).toBe(v.frozen?.fingerprint);
  expect(referenceSha256(v.seed ?? '')).toBe(v.commitment);
  const excluded: number[] = [];
  for (const round of v.draws) {
    const seed =
      round.round <= v.winner_count
        ? (v.seed ?? '')
        : referenceRoundSeed(round.round, v.seed ?? '', v.redraw_seeds);
    const expected = referenceWeightedPick({
      seed,
      external: v.external_value ?? '',
      fingerprint: v.frozen?.fingerprint ?? '',
      round: round.round,
      lines,
      excluded,
    });
    expect({ round: round.round, position: round.position, counter: round.counter }).toEqual({
      round: round.round,
      ...expected,
    });
    expect(round.receipt_hash).toBe(lines[round.position]?.hash);
    excluded.push(round.position);
  }
  return { v, lines };
}

describe('the number of winners', () => {
  test('is 1 to 100, a whole number, 1 when left out, and the rules state it', async () => {
    const one = await createGiveaway(t.app, t.admin);
    expect(one).toMatchObject({ winner_count: 1, winners: [] });
    for (const bad of [0, 101, 2.5, '3', null, -1]) {
      const res = await api('POST', '/giveaway', { ...formOf(one), winner_count: bad }, t.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/winner_count/);
    }
    const capped = await api(
      'POST',
      '/giveaway',
      { ...formOf(one), winner_count: 4, max_participants: 3 },
      t.admin,
    );
    expect(capped.statusCode).toBe(400);
    expect(capped.json<{ detail: string }>().detail).toBe(
      'The number of winners (4) cannot be more than the maximum number of entries (3).',
    );
    const three = await createGiveaway(t.app, t.admin, { winner_count: 3 });
    expect(three.winner_count).toBe(3);
    const rules = (await api('GET', `/giveaway/${three.id}/rules`)).json<GiveawayRules>();
    const text = rules.sections.map((s) => s.text).join('\n');
    expect(text).toContain('There are 3 winners, each of whom wins the prize');
    expect(text).toContain('3 different entries are then drawn');
    const oneRules = (await api('GET', `/giveaway/${one.id}/rules`)).json<GiveawayRules>();
    expect(oneRules.sections.map((s) => s.text).join('\n')).toContain('There is one winner.');
  });

  test('can change while entries are open and is fixed once the list is frozen (409 naming it)', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const edit = (n: number) =>
      api('PUT', `/giveaway/${g.id}`, { ...formOf(g), winner_count: n }, t.admin);
    expect((await edit(2)).statusCode).toBe(200);
    const after = await getGiveaway(t.app, g.id);
    expect(after.winner_count).toBe(2);
    const rules = (await api('GET', `/giveaway/${g.id}/rules`)).json<GiveawayRules>();
    expect(rules.sections.map((s) => s.text).join('\n')).toContain('There are 2 winners');
    await fill(g.id, 3, 'fx');
    expect((await api('POST', `/giveaway/${g.id}/close`, undefined, t.admin)).statusCode).toBe(200);
    const late = await edit(3);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toMatch(
      /\(this edit changes the winner count\)\.$/,
    );
    expect((await getGiveaway(t.app, g.id)).winner_count).toBe(2);
  });
});

describe('a draw of several winners, weighted', () => {
  test('picks that many distinct entries by the published method, and tells each winner', async () => {
    const g = await createGiveaway(t.app, t.admin, { winner_count: 3 });
    await fill(g.id, 9, 'sw');
    await giveBonus(g.id, 'sw_2', 4);
    await giveBonus(g.id, 'sw_7', 2);
    // An entry not confirmed yet is not in the frozen list.
    await t.app.db
      .updateTable('participants')
      .set({ confirmed_at: null })
      .where('giveaway_id', '=', g.id)
      .where('instagram_handle', '=', 'sw_8')
      .execute();

    const drawn = await api(
      'POST',
      `/giveaway/${g.id}/select-winner`,
      { close_now: true },
      t.admin,
    );
    expect(drawn.statusCode).toBe(200);
    const body = drawn.json<SelectWinnerResponse>();
    expect(body.winners.map((w) => [w.place, w.round])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    const handles = body.winners.map((w) => w.instagram_handle);
    expect(new Set(handles).size).toBe(3);
    expect(handles).not.toContain('sw_8');
    expect(body.message).toMatch(
      /^3 winners won ".+", drawn from 8 entries: 1\. @sw_\d, 2\. @sw_\d, 3\. @sw_\d\. Each has until .+ to claim the prize\.$/,
    );

    const { v, lines } = await recompute(g.id);
    expect(v.winner_count).toBe(3);
    expect(lines).toHaveLength(8);
    expect(lines.map((l) => l.weight)).toEqual([1, 1, 5, 1, 1, 1, 1, 3]);
    expect(v.draws.map((d) => [d.round, d.place, d.eligible_count])).toEqual([
      [1, 1, 8],
      [2, 2, 7],
      [3, 3, 6],
    ]);
    // Only the seed of the round after the first draw is committed.
    expect(v.redraw_seeds.map((s) => [s.round, s.seed])).toEqual([[4, null]]);

    // Each winner has their own claim link, mailed to them.
    const mails = (await deliveredMail(t.app.db)).filter((m) => m.subject.startsWith('You won'));
    const tokens = body.winners.map((w) => {
      const mail = mails.find((m) => m.to === w.email);
      const match = /\/claim\?token=([^\s]+)/.exec(mail?.text ?? '');
      return decodeURIComponent(match?.[1] ?? '');
    });
    expect(new Set(tokens).size).toBe(3);
    body.winners.forEach((w, i) => {
      const mail = mails.find((m) => m.to === w.email);
      expect(mail?.text).toContain(`was drawn as winner ${i + 1} of 3 of the giveaway`);
    });
    const claim = await api('POST', `/giveaway/${g.id}/claim`, {
      token: tokens[1],
      full_name: 'Second Place',
      delivery_address: '2 High St',
      consent: true,
    });
    expect(claim.statusCode).toBe(200);

    const pub = await getGiveaway(t.app, g.id);
    expect(pub.winners.map((w) => [w.place, w.instagram_handle, w.claim_status])).toEqual([
      [1, handles[0], 'awaiting_claim'],
      [2, handles[1], 'claimed'],
      [3, handles[2], 'awaiting_claim'],
    ]);
    expect(pub.phase).toBe('drawn');
    expect(JSON.stringify(pub)).not.toMatch(/sw\d@example\.com/);

    const second = await api('GET', `/giveaway/${g.id}/winner?place=2`, undefined, t.admin);
    expect(second.json()).toMatchObject({ place: 2, round: 2, claim_status: 'claimed' });
  });

  test('disqualifying one winner re-draws that place only, with the seed committed before', async () => {
    const g = await createGiveaway(t.app, t.admin, { winner_count: 3 });
    await fill(g.id, 10, 'dq');
    await giveBonus(g.id, 'dq_5', 3);
    const first = (
      await api('POST', `/giveaway/${g.id}/select-winner`, { close_now: true }, t.admin)
    ).json<SelectWinnerResponse>();
    const before = (
      await api('GET', `/giveaway/${g.id}/verification`)
    ).json<GiveawayVerification>();
    const committed = before.redraw_seeds.find((s) => s.round === 4);
    expect(committed?.seed).toBeNull();

    const noPlace = await api(
      'POST',
      `/giveaway/${g.id}/disqualify-winner`,
      { reason: 'Too young.' },
      t.admin,
    );
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json<{ detail: string }>().detail).toBe(
      'This giveaway has 3 winners: say which place to draw again ("place": 1 to 3).',
    );
    const noSuchPlace = await api(
      'POST',
      `/giveaway/${g.id}/disqualify-winner`,
      { reason: 'Too young.', place: 4 },
      t.admin,
    );
    expect(noSuchPlace.statusCode).toBe(400);
    // A re-draw of a place still inside its claim period is refused.
    const early = await api(
      'POST',
      `/giveaway/${g.id}/redraw`,
      { reason: 'No claim.', place: 1 },
      t.admin,
    );
    expect(early.statusCode).toBe(409);

    const res = await api(
      'POST',
      `/giveaway/${g.id}/disqualify-winner`,
      { reason: 'Too young.', place: 2 },
      t.admin,
    );
    expect(res.statusCode).toBe(200);
    const again = res.json<SelectWinnerResponse>();
    expect(again.winners.map((w) => [w.place, w.round])).toEqual([[2, 4]]);
    expect(first.winners.map((w) => w.instagram_handle)).not.toContain(
      again.winners[0]?.instagram_handle,
    );

    const pub = await getGiveaway(t.app, g.id);
    expect(pub.winners.map((w) => [w.place, w.round, w.instagram_handle])).toEqual([
      [1, 1, first.winners[0]?.instagram_handle],
      [2, 4, again.winners[0]?.instagram_handle],
      [3, 3, first.winners[2]?.instagram_handle],
    ]);
    expect(pub.draws.map((d) => [d.round, d.place, d.claim_status])).toEqual([
      [1, 1, 'awaiting_claim'],
      [2, 2, 'redrawn'],
      [3, 3, 'awaiting_claim'],
      [4, 2, 'awaiting_claim'],
    ]);
    expect(pub.removals).toEqual([
      { at: expect.any(String), count: 1, reason: 'Too young.', round: 2 },
    ]);

    const { v } = await recompute(g.id);
    expect(v.redraw_seeds.map((s) => [s.round, s.commitment, s.seed !== null])).toEqual([
      [4, committed?.commitment, true],
      [5, expect.any(String), false],
    ]);
  });

  test('the receipt check says whether the entry holds a place now, a place drawn again included', async () => {
    const g = await createGiveaway(t.app, t.admin, { winner_count: 1 });
    const receipts = new Map<string, string>();
    for (let i = 0; i < 4; i += 1) {
      const res = await enter(t.app, g.id, `won${i}@example.com`, `won_${i}`);
      receipts.set(`won_${i}`, res.json<{ receipt: string }>().receipt);
    }
    const wonOf = async (handle: string) =>
      (
        await api('POST', `/giveaway/${g.id}/receipt`, { receipt: receipts.get(handle) })
      ).json<ReceiptCheckResponse>().won;
    expect(await wonOf('won_0')).toBe(false);
    const first = (
      await api('POST', `/giveaway/${g.id}/select-winner`, { close_now: true }, t.admin)
    ).json<SelectWinnerResponse>();
    const winner = first.winners[0]?.instagram_handle ?? '';
    const others = [...receipts.keys()].filter((h) => h !== winner);
    expect(await wonOf(winner)).toBe(true);
    for (const handle of others) expect(await wonOf(handle)).toBe(false);

    const res = await api(
      'POST',
      `/giveaway/${g.id}/disqualify-winner`,
      { reason: 'Two accounts.' },
      t.admin,
    );
    expect(res.statusCode).toBe(200);
    const redrawn = res.json<SelectWinnerResponse>().winners[0]?.instagram_handle ?? '';
    expect(redrawn).not.toBe(winner);
    expect(await wonOf(redrawn)).toBe(true);
    expect(await wonOf(winner)).toBe(false);
    for (const handle of others.filter((h) => h !== redrawn))
      expect(await wonOf(handle)).toBe(false);
  });

  test('with fewer entries than places every entry wins once; the presenter gets every name', async () => {
    const g = await createGiveaway(t.app, t.admin, { winner_count: 5 });
    await fill(g.id, 2, 'few');
    const res = await api('POST', `/giveaway/${g.id}/present/draw`, { close_now: true }, t.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json<PresenterDrawResponse>();
    expect(body.winners.map((w) => w.place)).toEqual([1, 2]);
    expect(body.winners.map((w) => w.name).sort()).toEqual(['@few_0', '@few_1']);
    expect(res.body).not.toMatch(/@example\.com/);
    const presenter = await api('GET', `/giveaway/${g.id}/present`, undefined, t.admin);
    expect(presenter.json()).toMatchObject({ winner_count: 5, winners: body.winners });
    await recompute(g.id);
  });
});

function formOf(g: Giveaway) {
  return {
    title: g.title,
    description: g.description,
    prize: g.prize,
    prize_image: g.prize_image,
    start_date: g.start_date,
    end_date: g.end_date,
    max_participants: g.max_participants,
  };
}
