import type { Giveaway } from '@site/contracts';
import { todayIn } from '../../../../src/lib/dates';
import {
  createGiveaway,
  enter,
  getGiveaway,
  type GiveawayTestContext,
  setup,
  utcDate,
  validForm,
} from './fixtures';

// A fresh PostgreSQL schema runs every migration, and the concurrency tests make hundreds of requests.
jest.setTimeout(60_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(() => t.close());

const post = (payload: unknown, authorization = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/giveaway',
    headers: { authorization },
    payload: payload as object,
  });

describe('create', () => {
  test('an admin creates a giveaway; the answer is the stored giveaway, accepting entries', async () => {
    const res = await post(validForm());
    expect(res.statusCode).toBe(201);
    const g = res.json<Giveaway>();
    expect(g).toMatchObject({
      title: 'Win a custom AI agent',
      prize_image: null,
      prize_picture: null,
      max_participants: null,
      status: 'active',
      participant_count: 0,
      is_accepting_participants: true,
      entries_open: true,
      entries_closed_reason: null,
      winner_id: null,
      winner_details: null,
      winner_selected_at: null,
      draw: null,
      draws: [],
      min_age: 18,
      region: '',
      claim_days: 7,
      external_randomness: null,
      extra_terms: '',
      rules_version: 1,
      frozen: null,
      archived: false,
    });
    expect(g.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(g.committed_at).toBe(g.created_at);
    expect(Number.isInteger(g.id)).toBe(true);
    // The same giveaway for a visitor, without the owner's claims (none before the draw).
    const { claims, ...visible } = g;
    expect(claims).toEqual([]);
    expect(await getGiveaway(t.app, g.id)).toEqual(visible);
  });

  test('empty strings and null mean none for prize_image, end_date and max_participants', async () => {
    const g = (
      await post({ ...validForm(), prize_image: '', end_date: '', max_participants: '' })
    ).json<Giveaway>();
    expect(g).toMatchObject({ prize_image: null, end_date: null, max_participants: null });
    const h = (
      await post({ ...validForm(), prize_image: null, end_date: null, max_participants: 25 })
    ).json<Giveaway>();
    expect(h).toMatchObject({ prize_image: null, end_date: null, max_participants: 25 });
    const { prize_image: _i, end_date: _e, max_participants: _m, ...required } = validForm();
    const k = (await post(required)).json<Giveaway>();
    expect(k).toMatchObject({ prize_image: null, end_date: null, max_participants: null });
  });

  test('read-only fields a form echoes back are accepted and ignored', async () => {
    const res = await post({
      ...validForm(),
      id: 9999,
      participant_count: 500,
      status: 'winner_selected',
      is_accepting_participants: false,
      winner_id: 3,
      winner_details: { instagram_handle: 'someone', email: 'x@example.com' },
      winner_selected_at: '2020-01-01T00:00:00.000Z',
      created_at: '2000-01-01',
      draw: { entrant_count: 1 },
    });
    expect(res.statusCode).toBe(201);
    const g = res.json<Giveaway>();
    expect(g.id).not.toBe(9999);
    expect(g).toMatchObject({
      participant_count: 0,
      status: 'active',
      is_accepting_participants: true,
      winner_id: null,
      winner_details: null,
      winner_selected_at: null,
      draw: null,
    });
    expect(g.created_at).not.toBe('2000-01-01');
  });

  test('an unknown field is refused by name', async () => {
    const res = await post({ ...validForm(), colour: 'red' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Please check the body: colour is not an accepted field.');
  });

  test.each([
    ['a missing title', { title: undefined }, 'Please check the body: title is required.'],
    ['a blank title', { title: '   ' }, 'Please fill in the title.'],
    ['a blank prize', { prize: ' ' }, 'Please fill in the prize.'],
    [
      'a missing start date',
      { start_date: undefined },
      'Please check the body: start_date is required.',
    ],
    [
      'a start date in another format',
      { start_date: '05/01/2026' },
      'Please check the body: start_date must be a date written YYYY-MM-DD.',
    ],
    [
      'an impossible start date',
      { start_date: '2026-02-30' },
      'The start date "2026-02-30" is not a real date; write it as YYYY-MM-DD.',
    ],
    [
      'an end date in another format',
      { end_date: 'tomorrow' },
      'Please check the body: end_date must be a date written YYYY-MM-DD, or empty.',
    ],
    [
      'an end date before the start date',
      { start_date: '2026-05-02', end_date: '2026-05-01' },
      'The end date cannot be before the start date.',
    ],
    [
      'a non-URL prize image',
      { prize_image: 'prize.png' },
      'The prize image must be a web address starting with http:// or https://.',
    ],
    [
      'a javascript: prize image',
      { prize_image: 'javascript:alert(1)' },
      'The prize image must be a web address starting with http:// or https://.',
    ],
    [
      'max 0',
      { max_participants: 0 },
      'Please check the body: max_participants must be a whole number from 1 to 1000000, or empty for unlimited.',
    ],
    [
      'max -3',
      { max_participants: -3 },
      'Please check the body: max_participants must be a whole number from 1 to 1000000, or empty for unlimited.',
    ],
    [
      'max 2.5',
      { max_participants: 2.5 },
      'Please check the body: max_participants must be a whole number from 1 to 1000000, or empty for unlimited.',
    ],
    [
      'max as text',
      { max_participants: '5' },
      'Please check the body: max_participants must be a whole number from 1 to 1000000, or empty for unlimited.',
    ],
    [
      'max as true',
      { max_participants: true },
      'Please check the body: max_participants must be a whole number from 1 to 1000000, or empty for unlimited.',
    ],
    [
      'a title of 201 characters',
      { title: 'x'.repeat(201) },
      'Please check the body: title must be between 1 and 200 characters.',
    ],
  ])('%s is refused with a sentence', async (_name, patch, detail) => {
    const res = await post({ ...validForm(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail });
  });

  test('a body that is not an object is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/giveaway',
      headers: { authorization: t.admin, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Please check the body: body must be a JSON object.');
  });
});

describe('list and read', () => {
  test('the list is newest first', async () => {
    const a = await createGiveaway(t.app, t.admin, { title: 'First' });
    const b = await createGiveaway(t.app, t.admin, { title: 'Second' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/giveaway' })).json<
      Giveaway[]
    >();
    const ids = list.map((g) => g.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids[0]).toBe(b.id);
    for (let i = 1; i < list.length; i += 1) {
      expect((list[i - 1] as Giveaway).created_at >= (list[i] as Giveaway).created_at).toBe(true);
    }
  });

  test('an unknown id is a 404 with a sentence; a malformed id a 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/giveaway/987654' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(
      'There is no giveaway with id 987654; it may have been deleted.',
    );
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${bad}` });
      expect({ bad, status: res.statusCode, detail: res.json().detail }).toEqual({
        bad,
        status: 400,
        detail: 'Please check the params: id must be a positive whole number.',
      });
    }
  });

  test('a stale token on a public read is ignored, not a 401', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/giveaway/${g.id}`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('status', () => {
  test('derived by the server: paused, ended, not started', async () => {
    const paused = await createGiveaway(t.app, t.admin);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${paused.id}/toggle-participants`,
      headers: { authorization: t.admin },
      payload: { accept: false },
    });
    expect(await getGiveaway(t.app, paused.id)).toMatchObject({
      status: 'paused',
      is_accepting_participants: false,
      entries_open: false,
      entries_closed_reason: 'paused',
      phase: 'paused',
      // A pause freezes nothing: Start Accepting reopens it.
      frozen: null,
    });

    const ended = await createGiveaway(t.app, t.admin, {
      start_date: utcDate(-10),
      end_date: utcDate(-1),
    });
    expect(ended).toMatchObject({
      status: 'ended',
      entries_open: false,
      entries_closed_reason: 'ended',
      frozen: { reason: 'ended', entrant_count: 0 },
    });

    const lastDay = await createGiveaway(t.app, t.admin, {
      start_date: utcDate(-10),
      end_date: utcDate(0),
    });
    expect(lastDay).toMatchObject({ status: 'active', entries_open: true });

    const upcoming = await createGiveaway(t.app, t.admin, { start_date: utcDate(3), end_date: '' });
    expect(upcoming).toMatchObject({
      status: 'active',
      entries_open: false,
      entries_closed_reason: 'not_started',
    });
  });

  test('the end date is read in SITE_TIMEZONE', async () => {
    // UTC-11 and UTC+14 are 25 hours apart: Pago Pago's today is always yesterday (or earlier) in Kiritimati.
    const west = await setup({ SITE_TIMEZONE: 'Pacific/Pago_Pago' });
    const east = await setup({ SITE_TIMEZONE: 'Pacific/Kiritimati' });
    try {
      const endDate = todayIn('Pacific/Pago_Pago');
      const form = { start_date: '2020-01-01', end_date: endDate };
      const inWest = await createGiveaway(west.app, west.admin, form);
      const inEast = await createGiveaway(east.app, east.admin, form);
      expect(inWest.status).toBe('active');
      expect((await enter(west.app, inWest.id, 'ann@example.com', 'ann')).statusCode).toBe(200);
      expect(inEast.status).toBe('ended');
      const refused = await enter(east.app, inEast.id, 'ann@example.com', 'ann');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(
        /^This giveaway ended on .+, so it no longer accepts entries\.$/,
      );
    } finally {
      await west.close();
      await east.close();
    }
  });
});

describe('update', () => {
  const put = (id: number, payload: object, authorization = t.admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/giveaway/${id}`,
      headers: { authorization },
      payload,
    });

  test('replaces the settable fields and answers the giveaway', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const res = await put(g.id, { ...g, title: 'New title', max_participants: 10, end_date: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: g.id,
      title: 'New title',
      max_participants: 10,
      end_date: null,
    });
    expect(res.json<Giveaway>().updated_at >= g.updated_at).toBe(true);
  });

  test('the same validation as create', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const res = await put(g.id, {
      ...validForm(),
      start_date: '2026-06-10',
      end_date: '2026-06-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The end date cannot be before the start date.');
  });

  test('the maximum cannot go below the entries already taken', async () => {
    const g = await createGiveaway(t.app, t.admin);
    for (const n of [1, 2, 3])
      expect((await enter(t.app, g.id, `p${n}@example.com`, `p${n}`)).statusCode).toBe(200);
    const res = await put(g.id, { ...validForm(), max_participants: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'This giveaway already has 3 entrants, so the maximum cannot be lower than 3.',
    );
    expect((await put(g.id, { ...validForm(), max_participants: 3 })).statusCode).toBe(200);
  });

  test('an unknown id is a 404', async () => {
    const res = await put(987654, validForm());
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(
      'There is no giveaway with id 987654; it may have been deleted.',
    );
  });
});

describe('delete', () => {
  test('deletes an undrawn giveaway with its entries, frozen list and rules, nothing else', async () => {
    const keep = await createGiveaway(t.app, t.admin);
    await enter(t.app, keep.id, 'keep@example.com', 'keeper');
    const g = await createGiveaway(t.app, t.admin, { title: 'Doomed' });
    await enter(t.app, g.id, 'a@example.com', 'a_a');
    await enter(t.app, g.id, 'b@example.com', 'b_b');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/close`,
      headers: { authorization: t.admin },
    });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/giveaway/${g.id}`,
      headers: { authorization: t.admin },
      // People entered: deleting it takes the title, typed.
      payload: { confirm_title: 'Doomed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'The giveaway "Doomed" and its 2 entries were deleted.',
    });

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${g.id}` })).statusCode,
    ).toBe(404);
    const orphans = await t.app.db
      .selectFrom('participants')
      .select('id')
      .where('giveaway_id', '=', g.id)
      .execute();
    expect(orphans).toEqual([]);
    for (const table of ['giveaway_frozen_entries', 'giveaway_rules', 'giveaway_seeds'] as const) {
      const rows = await t.app.db
        .selectFrom(table)
        .select('giveaway_id')
        .where('giveaway_id', '=', g.id)
        .execute();
      expect(rows).toEqual([]);
    }
    expect(await getGiveaway(t.app, keep.id)).toMatchObject({ participant_count: 1 });

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/giveaway/${g.id}`,
      headers: { authorization: t.admin },
    });
    expect(again.statusCode).toBe(404);
  });
});
