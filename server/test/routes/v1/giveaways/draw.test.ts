import type {
  Giveaway,
  GiveawayVerification,
  Participant,
  SelectWinnerResponse,
} from '@site/contracts';
import {
  referenceWeightedFingerprint,
  referenceWeightedLines,
  referenceWeightedPick,
  referenceSha256,
} from '../../../helpers/reference-draw';
import { createGiveaway, enter, getGiveaway, type GiveawayTestContext, setup } from './fixtures';

// A fresh PostgreSQL schema runs every migration, and the concurrency tests make hundreds of requests.
jest.setTimeout(60_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(() => t.close());

/** The owner's confirmed draw: entries still open are closed now ("close_now"). */
const selectWinner = (id: number, authorization = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${id}/select-winner`,
    headers: { authorization },
    payload: { close_now: true },
  });

async function giveawayWith(n: number, overrides: Record<string, unknown> = {}): Promise<Giveaway> {
  const g = await createGiveaway(t.app, t.admin, overrides);
  for (let i = 0; i < n; i += 1) {
    const res = await enter(t.app, g.id, `entrant${i}@example.com`, `entrant_${i}`);
    expect(res.statusCode).toBe(200);
  }
  return g;
}

async function entrantIds(id: number): Promise<number[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/giveaway/${id}/participants`,
    headers: { authorization: t.admin },
  });
  return res.json<Participant[]>().map((p) => p.id);
}

test('the draw freezes the list, reveals the seed and picks the entry the published method names', async () => {
  const g = await giveawayWith(5);
  const res = await selectWinner(g.id);
  expect(res.statusCode).toBe(200);
  const body = res.json<SelectWinnerResponse>();

  const verification = (
    await t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${g.id}/verification` })
  ).json<GiveawayVerification>();
  const list = (
    await t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${g.id}/frozen-entries.txt` })
  ).body;
  const lines = referenceWeightedLines(list);
  const hashes = lines.map((l) => l.hash);
  expect(hashes).toHaveLength(5);
  expect(referenceWeightedFingerprint(lines)).toBe(verification.frozen?.fingerprint);
  const seed = verification.seed as string;
  expect(referenceSha256(seed)).toBe(g.commitment);
  const expected = referenceWeightedPick({
    seed,
    external: '',
    fingerprint: verification.frozen?.fingerprint ?? '',
    round: 1,
    lines,
    excluded: [],
  });

  const ids = (await entrantIds(g.id)).sort((a, b) => a - b);
  const winnerId = ids[expected.position] as number;
  expect(body).toEqual({
    success: true,
    winner: {
      id: winnerId,
      email: expect.stringMatching(/^entrant\d@example\.com$/),
      instagram_handle: expect.any(String),
    },
    round: 1,
    claim_deadline: expect.any(String),
    winners: [
      {
        place: 1,
        round: 1,
        id: winnerId,
        email: body.winner?.email,
        instagram_handle: body.winner?.instagram_handle,
        claim_deadline: body.claim_deadline,
      },
    ],
    message: expect.stringMatching(
      new RegExp(
        `^@${body.winner?.instagram_handle} won "${g.title}", drawn from 5 entries\\. They have until .+ to claim the prize\\.$`,
      ),
    ),
  });

  const after = await getGiveaway(t.app, g.id);
  expect(after).toMatchObject({
    status: 'winner_selected',
    winner_id: winnerId,
    winner_details: { instagram_handle: body.winner?.instagram_handle },
    is_accepting_participants: false,
    entries_open: false,
    entries_closed_reason: 'winner_selected',
    frozen: { reason: 'drawn', entrant_count: 5, fingerprint: verification.frozen?.fingerprint },
  });
  expect(after.winner_selected_at).toEqual(expect.any(String));
  // The public record names no account; the admin's view says who drew.
  expect(after.draw).toEqual({
    entrant_count: 5,
    fingerprint: verification.frozen?.fingerprint,
    drawn_index: expected.position,
    drawn_at: after.winner_selected_at,
  });
  expect((await getGiveaway(t.app, g.id, t.admin)).draw).toEqual({
    ...after.draw,
    drawn_by: t.adminName,
  });
  for (const headers of [{}, { authorization: t.editor }]) {
    for (const url of [`/api/v1/giveaway/${g.id}`, '/api/v1/giveaway']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.body).not.toContain(t.adminName);
    }
  }
  expect(after.draws).toEqual([
    {
      round: 1,
      place: 1,
      algorithm: 'aw-draw-v2',
      drawn_at: after.winner_selected_at,
      reason: null,
      eligible_count: 5,
      position: expected.position,
      counter: expected.counter,
      receipt_hash: hashes[expected.position],
      winner_handle: body.winner?.instagram_handle,
      claim_deadline: body.claim_deadline,
      claimed_at: null,
      claim_status: 'awaiting_claim',
    },
  ]);
  // The claim period is the giveaway's (7 days by default), counted from the draw.
  expect(Date.parse(body.claim_deadline) - Date.parse(after.winner_selected_at ?? '')).toBe(
    7 * 24 * 3600 * 1000,
  );
});

test('the admin view adds the winner e-mail; public views never carry an e-mail', async () => {
  const g = await giveawayWith(3);
  const drawn = (await selectWinner(g.id)).json<SelectWinnerResponse>();

  const adminView = await getGiveaway(t.app, g.id, t.admin);
  expect(adminView.winner_details).toEqual({
    instagram_handle: drawn.winner?.instagram_handle,
    email: drawn.winner?.email,
  });

  const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
  for (const headers of [{}, { authorization: t.editor }, { authorization: 'Bearer stale' }]) {
    for (const url of [`/api/v1/giveaway/${g.id}`, '/api/v1/giveaway']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(EMAIL);
      expect(res.body).toContain(drawn.winner?.instagram_handle);
    }
  }
  const entry = await enter(
    t.app,
    (await createGiveaway(t.app, t.admin)).id,
    'visible@example.com',
    'vis',
  );
  expect(entry.body).not.toMatch(EMAIL);
  const refused = await enter(t.app, g.id, 'entrant0@example.com', 'entrant_0');
  expect(refused.body).not.toMatch(EMAIL);
});

test('a second draw is refused and changes nothing', async () => {
  const g = await giveawayWith(2);
  const first = (await selectWinner(g.id)).json<SelectWinnerResponse>();
  const before = await getGiveaway(t.app, g.id);
  const second = await selectWinner(g.id);
  expect(second.statusCode).toBe(409);
  expect(second.json().detail).toBe(
    'This giveaway has already been drawn; it is drawn once (a winner who cannot take the prize is replaced by drawing that place again).',
  );
  const after = await getGiveaway(t.app, g.id);
  expect(after.winner_id).toBe(first.winner?.id);
  expect(after.draw).toEqual(before.draw);
});

test('10 simultaneous draws make one winner and one draw record', async () => {
  const g = await giveawayWith(8);
  const results = await Promise.all(Array.from({ length: 10 }, () => selectWinner(g.id)));
  const ok = results.filter((r) => r.statusCode === 200);
  expect(ok).toHaveLength(1);
  for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(409);
  const records = await t.app.db
    .selectFrom('giveaway_draw_rounds')
    .selectAll()
    .where('giveaway_id', '=', g.id)
    .execute();
  expect(records).toHaveLength(1);
  expect(records[0]?.participant_id).toBe(ok[0]?.json<SelectWinnerResponse>().winner?.id);
  expect((await getGiveaway(t.app, g.id)).winner_id).toBe(records[0]?.participant_id);
});

test('entries racing a draw are either in the draw or refused, never after it', async () => {
  const g = await giveawayWith(3);
  const [draw, ...entries] = await Promise.all([
    selectWinner(g.id),
    ...Array.from({ length: 20 }, (_, i) =>
      enter(t.app, g.id, `late${i}@example.com`, `late_${i}`),
    ),
  ]);
  expect(draw?.statusCode).toBe(200);
  const accepted = entries.filter((r) => r.statusCode === 200).length;
  const after = await getGiveaway(t.app, g.id);
  // Everyone stored was in the draw: the record counts exactly the stored entrants.
  expect(after.participant_count).toBe(3 + accepted);
  expect(after.draw?.entrant_count).toBe(after.participant_count);
  const hashes = await t.app.db
    .selectFrom('participants')
    .select('receipt_hash')
    .where('giveaway_id', '=', g.id)
    .orderBy('id')
    .execute();
  expect(after.draw?.fingerprint).toBe(
    referenceWeightedFingerprint(hashes.map((h) => ({ hash: h.receipt_hash, weight: 1 }))),
  );
  for (const refused of entries.filter((r) => r.statusCode !== 200))
    expect(refused.statusCode).toBe(409);
});

test('no entrants: 409 with a sentence, and entries stay open', async () => {
  const g = await createGiveaway(t.app, t.admin);
  const res = await selectWinner(g.id);
  expect(res.statusCode).toBe(409);
  expect(res.json().detail).toBe(
    'Nobody has entered this giveaway yet, so there is no one to draw. Wait for entries first.',
  );
  expect(await getGiveaway(t.app, g.id)).toMatchObject({
    status: 'active',
    is_accepting_participants: true,
    draw: null,
    frozen: null,
  });
  expect((await enter(t.app, g.id, 'a@example.com', 'a1')).statusCode).toBe(200);
});

test('an empty JSON object as the body is accepted (the site REST link always sends one)', async () => {
  const g = await giveawayWith(1);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${g.id}/select-winner`,
    headers: { authorization: t.admin },
    payload: { close_now: true },
  });
  expect(res.statusCode).toBe(200);
});

test('an unknown giveaway is a 404', async () => {
  const res = await selectWinner(987654);
  expect(res.statusCode).toBe(404);
});

test('a paused or ended giveaway can still be drawn', async () => {
  const g = await giveawayWith(2);
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${g.id}/toggle-participants`,
    headers: { authorization: t.admin },
    payload: { accept: false },
  });
  expect((await selectWinner(g.id)).statusCode).toBe(200);
});

describe('participants', () => {
  test('the list is in entry order; one participant by id; unknown ids are 404', async () => {
    const g = await giveawayWith(3);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/giveaway/${g.id}/participants`,
      headers: { authorization: t.admin },
    });
    const list = res.json<Participant[]>();
    expect(list.map((p) => p.instagram_handle)).toEqual(['entrant_0', 'entrant_1', 'entrant_2']);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/participant/${list[1]?.id}`,
      headers: { authorization: t.admin },
    });
    expect(one.json()).toEqual(list[1]);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/participant/987654',
      headers: { authorization: t.admin },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('There is no participant with id 987654.');
    const noGiveaway = await t.app.inject({
      method: 'GET',
      url: '/api/v1/giveaway/987654/participants',
      headers: { authorization: t.admin },
    });
    expect(noGiveaway.statusCode).toBe(404);
  });

  test('the CSV export lists every entrant with formula-looking cells made inert', async () => {
    const g = await createGiveaway(t.app, t.admin);
    expect((await enter(t.app, g.id, '=cmd@example.com', 'formula')).statusCode).toBe(200);
    expect((await enter(t.app, g.id, 'plain@example.com', 'plain')).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/giveaway/${g.id}/participants.csv`,
      headers: { authorization: t.admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="giveaway-${g.id}-participants.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"id","email","instagram_handle","entered_at","disqualified_at","disqualified_reason","weight","bonus_entries","referrals","source","confirmed_at"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^"\d+","'=cmd@example\.com","formula","([^"]+)","","","1","0","0","direct","\1"$/,
    );
    expect(lines[2]).toMatch(
      /^"\d+","plain@example\.com","plain","([^"]+)","","","1","0","0","direct","\1"$/,
    );
  });
});

describe('admin-only routes', () => {
  let g: Giveaway;
  let undrawn: Giveaway;
  let participantId: number;
  beforeAll(async () => {
    g = await giveawayWith(1);
    undrawn = await giveawayWith(1);
    participantId = (await entrantIds(g.id))[0] as number;
  });

  const routes = (): Array<[string, string, object | undefined]> => [
    [
      'POST',
      '/api/v1/giveaway',
      { title: 'T', description: 'D', prize: 'P', start_date: '2026-01-01' },
    ],
    [
      'PUT',
      `/api/v1/giveaway/${g.id}`,
      { title: 'T', description: 'D', prize: 'P', start_date: '2026-01-01' },
    ],
    ['POST', `/api/v1/giveaway/${g.id}/toggle-participants`, { accept: true }],
    ['GET', `/api/v1/giveaway/${g.id}/participants`, undefined],
    ['GET', `/api/v1/giveaway/${g.id}/participants.csv`, undefined],
    ['GET', `/api/v1/participant/${participantId}`, undefined],
    ['GET', `/api/v1/giveaway/${g.id}/changes`, undefined],
    ['POST', `/api/v1/giveaway/${g.id}/close`, undefined],
    ['POST', `/api/v1/giveaway/${g.id}/select-winner`, undefined],
    ['POST', `/api/v1/giveaway/${g.id}/archive`, { archived: true }],
    // It has an entry: deleting it takes its title, typed.
    ['DELETE', `/api/v1/giveaway/${undrawn.id}`, { confirm_title: undrawn.title }],
    ['GET', `/api/v1/giveaway/${g.id}/present`, undefined],
  ];

  test('no token: 401; editor: 403 (and nothing changes); admin: allowed', async () => {
    const snapshot = async () => ({
      giveaways: await t.app.db.selectFrom('giveaways').selectAll().orderBy('id').execute(),
      draws: await t.app.db.selectFrom('giveaway_draw_rounds').selectAll().execute(),
      changes: await t.app.db.selectFrom('giveaway_changes').selectAll().execute(),
    });
    for (const [method, url, payload] of routes()) {
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
      const before = await snapshot();
      const anonymous = await call({});
      expect({ method, url, status: anonymous.statusCode }).toEqual({ method, url, status: 401 });
      expect(anonymous.json().detail).toEqual(expect.any(String));
      const editor = await call({ authorization: t.editor });
      expect({ method, url, status: editor.statusCode }).toEqual({ method, url, status: 403 });
      expect(await snapshot()).toEqual(before);
      const admin = await call({ authorization: t.admin });
      const created = method === 'POST' && url.endsWith('/giveaway');
      expect({ method, url, status: admin.statusCode }).toEqual({
        method,
        url,
        status: created ? 201 : 200,
      });
    }
  });
});
