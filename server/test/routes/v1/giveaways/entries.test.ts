import type { Giveaway, Participant } from '@site/contracts';
import {
  createGiveaway,
  enter,
  getGiveaway,
  type GiveawayTestContext,
  setup,
  utcDate,
} from './fixtures';
import { deliveredMail } from '../../../helpers/delivered-mail';

// A fresh PostgreSQL schema runs every migration, and the concurrency tests make hundreds of requests.
jest.setTimeout(60_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(() => t.close());

async function participants(id: number): Promise<Participant[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/giveaway/${id}/participants`,
    headers: { authorization: t.admin },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Participant[]>();
}

const toggle = (id: number, accept: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${id}/toggle-participants`,
    headers: { authorization: t.admin },
    payload: { accept },
  });

test('an entry is stored normalised and answered with success and a message', async () => {
  const g = await createGiveaway(t.app, t.admin);
  const res = await enter(t.app, g.id, '  Ann.Lee@Example.COM ', ' @Ann_Lee ');
  expect(res.statusCode).toBe(200);
  const { receipt } = res.json<{ receipt: string }>();
  expect(receipt).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  expect(res.json()).toEqual({
    success: true,
    message: `You have entered the giveaway. Good luck! Your receipt code is ${receipt}; keep it to check that your entry is in the draw.`,
    receipt,
    rules_version: 1,
    referral_code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{12}$/),
    confirmation_pending: false,
    confirm_by: null,
  });
  expect(await participants(g.id)).toEqual([
    expect.objectContaining({
      giveaway_id: g.id,
      email: 'ann.lee@example.com',
      instagram_handle: 'Ann_Lee',
    }),
  ]);
  expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);
});

test('one entry per e-mail (any case) and per handle (any case, with or without @)', async () => {
  const g = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, g.id, 'ann@example.com', 'ann')).statusCode).toBe(200);

  // The same address again is answered like an entry (so the page tells nobody whether an
  // address entered), with a receipt that matches nothing; only the mailbox is told, by mail,
  // and only through a mail server (owner-safeguards.test.ts): none is kept in the outbox here.
  const sameEmail = await enter(t.app, g.id, ' ANN@example.com', 'someone_else');
  expect(sameEmail.statusCode).toBe(200);
  const decoy = sameEmail.json<{ receipt: string; message: string }>();
  expect(decoy.message).toBe(
    `You have entered the giveaway. Good luck! Your receipt code is ${decoy.receipt}; keep it to check that your entry is in the draw.`,
  );
  const check = await t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${g.id}/receipt`,
    payload: { receipt: decoy.receipt },
  });
  expect(check.json()).toMatchObject({ found: false });
  const told = (await deliveredMail(t.app.db)).filter(
    (m) => m.to === 'ann@example.com' && m.subject === `You have already entered "${g.title}"`,
  );
  expect(told).toEqual([]);

  const sameHandle = await enter(t.app, g.id, 'other@example.com', '@ANN');
  expect(sameHandle.statusCode).toBe(409);
  expect(sameHandle.json().detail).toBe(
    'The Instagram handle @ANN has already entered this giveaway; each handle can enter once. If it is yours and you did not enter, tell the organiser with the report form: the entry can be disqualified.',
  );
  expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);

  // One mailbox is one person: Gmail's dots and any +tag do not make another entrant.
  const gmail = await createGiveaway(t.app, t.admin);
  const variants = ['ann.lee@gmail.com', 'annlee+1@gmail.com', 'A.n.N.Lee@googlemail.com'];
  for (const [i, email] of variants.entries()) {
    expect((await enter(t.app, gmail.id, email, `ann_lee_${i}`)).statusCode).toBe(200);
  }
  expect(await participants(gmail.id)).toEqual([
    expect.objectContaining({ email: 'ann.lee@gmail.com' }),
  ]);

  // The same person may enter a different giveaway.
  const other = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, other.id, 'ann@example.com', 'ann')).statusCode).toBe(200);
});

test.each([
  [
    'an invalid e-mail',
    'not-an-email',
    'ann',
    'Please enter a valid e-mail address, like name@example.com.',
  ],
  [
    'a handle with a hyphen',
    'ann@example.com',
    'ann-lee',
    'An Instagram handle has at most 30 characters: letters, numbers, periods and underscores only.',
  ],
  [
    'a 31-character handle',
    'ann@example.com',
    'a'.repeat(31),
    'An Instagram handle has at most 30 characters: letters, numbers, periods and underscores only.',
  ],
  ['an @ alone', 'ann@example.com', '@', 'Please enter your Instagram handle.'],
  [
    'an empty e-mail',
    '',
    'ann',
    'Please check the body: email must be an e-mail address of at most 254 characters.',
  ],
])('%s is refused with a sentence', async (_name, email, handle, detail) => {
  const g = await createGiveaway(t.app, t.admin);
  const res = await enter(t.app, g.id, email, handle);
  expect(res.statusCode).toBe(400);
  expect(res.json().detail).toBe(detail);
});

test('a refused handle or address is named as the field it is about', async () => {
  const g = await createGiveaway(t.app, t.admin);
  const handle = await enter(t.app, g.id, 'ann@example.com', 'ann-lee');
  expect(handle.statusCode).toBe(400);
  expect(handle.json()).toEqual({
    detail:
      'An Instagram handle has at most 30 characters: letters, numbers, periods and underscores only.',
    errors: [
      {
        field: 'instagram_handle',
        message:
          'An Instagram handle has at most 30 characters: letters, numbers, periods and underscores only.',
      },
    ],
  });
  const both = await enter(t.app, g.id, 'not-an-email', '@');
  expect(both.json().errors).toEqual([
    { field: 'email', message: 'Please enter a valid e-mail address, like name@example.com.' },
    { field: 'instagram_handle', message: 'Please enter your Instagram handle.' },
  ]);
});

test('a missing field or an unknown field is refused', async () => {
  const g = await createGiveaway(t.app, t.admin);
  const missing = await t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${g.id}/participate`,
    payload: { email: 'ann@example.com' },
  });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().detail).toBe('Please check the body: instagram_handle is required.');
  const extra = await enter(t.app, g.id, 'ann@example.com', 'ann', { participant_count: 0 });
  expect(extra.statusCode).toBe(400);
  expect(extra.json().detail).toBe(
    'Please check the body: participant_count is not an accepted field.',
  );
});

test('the honeypot gets the same answer and stores nothing', async () => {
  const g = await createGiveaway(t.app, t.admin);
  const res = await enter(t.app, g.id, 'bot@example.com', 'bot', {
    website: 'http://spam.example',
  });
  expect(res.statusCode).toBe(200);
  const { receipt } = res.json<{ receipt: string }>();
  expect(receipt).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  expect(res.json()).toEqual({
    success: true,
    message: `You have entered the giveaway. Good luck! Your receipt code is ${receipt}; keep it to check that your entry is in the draw.`,
    receipt,
    rules_version: 1,
    referral_code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{12}$/),
    confirmation_pending: false,
    confirm_by: null,
  });
  expect(await participants(g.id)).toEqual([]);
  expect((await getGiveaway(t.app, g.id)).participant_count).toBe(0);
  // An empty honeypot is a person.
  expect((await enter(t.app, g.id, 'ann@example.com', 'ann', { website: '' })).statusCode).toBe(
    200,
  );
  expect(await participants(g.id)).toHaveLength(1);
});

describe('refusals', () => {
  test('Stop Accepting pauses and Start Accepting reopens: nothing is frozen', async () => {
    const g = await createGiveaway(t.app, t.admin);
    expect((await enter(t.app, g.id, 'zoe@example.com', 'zoe')).statusCode).toBe(200);
    const off = await toggle(g.id, false);
    expect(off.json()).toEqual({
      success: true,
      message: 'Entries are paused. Start Accepting reopens them; the entry list is not frozen.',
    });
    expect(await getGiveaway(t.app, g.id)).toMatchObject({
      status: 'paused',
      phase: 'paused',
      entries_open: false,
      entries_closed_reason: 'paused',
      frozen: null,
    });
    const refused = await enter(t.app, g.id, 'ann@example.com', 'ann');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Entries to this giveaway are paused by the organiser at the moment. Please check back later.',
    );

    const on = await toggle(g.id, true);
    expect(on.json()).toEqual({
      success: true,
      message: 'The giveaway is now accepting participants.',
    });
    expect((await enter(t.app, g.id, 'ann@example.com', 'ann')).statusCode).toBe(200);
    expect(await getGiveaway(t.app, g.id)).toMatchObject({
      phase: 'open',
      participant_count: 2,
      frozen: null,
    });
  });

  test('"Close entries for good" freezes the list, and it can never reopen', async () => {
    const g = await createGiveaway(t.app, t.admin);
    expect((await enter(t.app, g.id, 'zoe@example.com', 'zoe')).statusCode).toBe(200);
    // A pause first: closing a paused giveaway works the same.
    expect((await toggle(g.id, false)).statusCode).toBe(200);
    const close = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/close`,
      headers: { authorization: t.admin },
    });
    expect(close.json()).toEqual({
      success: true,
      message: 'Entries are closed for good. The list of 1 entry is frozen and published.',
    });
    const refused = await enter(t.app, g.id, 'ann@example.com', 'ann');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Entries to this giveaway have closed and the entry list is frozen, so it no longer accepts entries.',
    );
    const on = await toggle(g.id, true);
    expect(on.statusCode).toBe(409);
    expect(on.json().detail).toMatch(
      /^Entries to this giveaway closed on .+ and its entry list is frozen and published, so it cannot take entries again\.$/,
    );
    expect(await getGiveaway(t.app, g.id)).toMatchObject({
      status: 'ended',
      phase: 'closed',
      entries_closed_reason: 'closed',
      participant_count: 1,
      is_accepting_participants: false,
      frozen: { reason: 'stopped', entrant_count: 1 },
    });
    // Closing twice changes nothing; an anonymous or editor request is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/close`,
      headers: { authorization: t.admin },
    });
    expect(again.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/v1/giveaway/${g.id}/close` });
    expect(anonymous.statusCode).toBe(401);
  });

  test('not started yet', async () => {
    const g = await createGiveaway(t.app, t.admin, { start_date: '2099-05-01', end_date: '' });
    const res = await enter(t.app, g.id, 'ann@example.com', 'ann');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This giveaway opens for entries on May 1, 2099.');
  });

  test('ended', async () => {
    const g = await createGiveaway(t.app, t.admin, {
      start_date: '2020-01-01',
      end_date: '2020-01-31',
    });
    const res = await enter(t.app, g.id, 'ann@example.com', 'ann');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'This giveaway ended on January 31, 2020, so it no longer accepts entries.',
    );
    const on = await toggle(g.id, true);
    expect(on.statusCode).toBe(409);
    expect(on.json().detail).toMatch(/so it cannot take entries again\.$/);
    expect(await getGiveaway(t.app, g.id)).toMatchObject({
      frozen: { reason: 'ended', entrant_count: 0 },
    });
  });

  test('full', async () => {
    const g = await createGiveaway(t.app, t.admin, { max_participants: 2 });
    expect((await enter(t.app, g.id, 'a@example.com', 'a1')).statusCode).toBe(200);
    expect((await enter(t.app, g.id, 'b@example.com', 'b1')).statusCode).toBe(200);
    const res = await enter(t.app, g.id, 'c@example.com', 'c1');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'This giveaway is full: it has reached its maximum of 2 participants.',
    );
    expect(await getGiveaway(t.app, g.id)).toMatchObject({
      participant_count: 2,
      status: 'active',
      entries_open: false,
      entries_closed_reason: 'full',
      frozen: { reason: 'full', entrant_count: 2 },
    });
  });

  test('drawn: entries close with the draw and cannot be reopened', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await enter(t.app, g.id, 'a@example.com', 'a1');
    const draw = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/select-winner`,
      headers: { authorization: t.admin },
      payload: { close_now: true },
    });
    expect(draw.statusCode).toBe(200);
    const res = await enter(t.app, g.id, 'b@example.com', 'b1');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'The winner of this giveaway has already been drawn, so it no longer accepts entries.',
    );
    const reopen = await toggle(g.id, true);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().detail).toBe(
      'The winner of this giveaway has been drawn, so its entries stay closed.',
    );
    expect(await getGiveaway(t.app, g.id)).toMatchObject({
      is_accepting_participants: false,
      participant_count: 1,
    });
  });

  test('an unknown giveaway is a 404', async () => {
    const res = await enter(t.app, 987654, 'a@example.com', 'a1');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(
      'There is no giveaway with id 987654; it may have been deleted.',
    );
  });

  test('toggle needs a boolean', async () => {
    const g = await createGiveaway(t.app, t.admin);
    for (const payload of [{}, { accept: 'true' }, { accept: 1 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/giveaway/${g.id}/toggle-participants`,
        headers: { authorization: t.admin },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(
        /^Please check the body: accept (is required|must be true or false)\.$/,
      );
    }
  });
});

describe('under concurrency', () => {
  test('300 simultaneous entries on a cap of 25 store exactly 25', async () => {
    const g = await createGiveaway(t.app, t.admin, { max_participants: 25, end_date: utcDate(5) });
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        enter(t.app, g.id, `racer${i}@example.com`, `racer_${i}`),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
    expect(statuses.filter((s) => s === 409)).toHaveLength(275);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().detail).toBe(
        'This giveaway is full: it has reached its maximum of 25 participants.',
      );
    }
    expect(await participants(g.id)).toHaveLength(25);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(25);
  });

  test('20 simultaneous case variants of one e-mail make one entry', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const variants = Array.from({ length: 20 }, (_, i) => {
      const mixed = [...'same.person@example.com']
        .map((c, j) => ((i >> (j % 5)) & 1 ? c.toUpperCase() : c))
        .join('');
      return i % 2 ? ` ${mixed} ` : mixed;
    });
    const results = await Promise.all(
      variants.map((email, i) => enter(t.app, g.id, email, `handle_${i}`)),
    );
    // Every one is answered like an entry; one is stored.
    expect(results.map((r) => r.statusCode)).toEqual(variants.map(() => 200));
    expect(await participants(g.id)).toEqual([
      expect.objectContaining({ email: 'same.person@example.com' }),
    ]);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);
  });

  test('the counter always equals the stored entries', async () => {
    const g = await createGiveaway(t.app, t.admin, { max_participants: 10 });
    // Duplicates, invalid entries and overflow mixed together.
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        enter(t.app, g.id, `mix${i % 15}@example.com`, `mix_${i % 20}`),
      ),
    );
    const stored = await participants(g.id);
    const after: Giveaway = await getGiveaway(t.app, g.id);
    expect(after.participant_count).toBe(stored.length);
    expect(stored.length).toBeLessThanOrEqual(10);
  });
});

test('entering is rate-limited per address when limits are on', async () => {
  const limited = await setup({ RATE_LIMITS: 'on', RATE_LIMIT_PARTICIPATE: '2' });
  try {
    const g = await createGiveaway(limited.app, limited.admin);
    expect((await enter(limited.app, g.id, 'a@example.com', 'a1')).statusCode).toBe(200);
    expect((await enter(limited.app, g.id, 'b@example.com', 'b1')).statusCode).toBe(200);
    const third = await enter(limited.app, g.id, 'c@example.com', 'c1');
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/^Too many requests/);
  } finally {
    await limited.close();
  }
});
