import { startSmtp, type TestSmtp } from '../../../helpers/smtp';
import type { HandleReport, Participant, PersonalDataExport } from '@site/contracts';
import { pageVersion } from '../../../../src/services/giveaways/page-versions';
import { applyRetention } from '../../../../src/services/retention';
import { createGiveaway, enter, setup, type GiveawayTestContext } from './fixtures';

/*
 * Reports of a taken Instagram handle: the refusal of a taken handle says it is one (`code`), the
 * person whose handle it is reports it, the desk lists the report with the entries holding the
 * handle, the owner marks it handled; reports are limited like entering, exported and erased with
 * the reporter's address, and erased with the giveaway's entrants by the retention schedule.
 */

jest.setTimeout(60_000);

let t: GiveawayTestContext;
// Confirmed entries need a mail server (confirmation cannot be switched on without one).
let sink: TestSmtp;
beforeAll(async () => {
  sink = await startSmtp();
  t = await setup({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const api = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  authorization?: string,
  app = t.app,
) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  });

const report = (id: number, body: object, app = t.app) =>
  api('POST', `/giveaway/${id}/handle-reports`, body, undefined, app);

const reports = async (id: number) => {
  const res = await api('GET', `/giveaway/${id}/handle-reports`, undefined, t.admin);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<HandleReport[]>();
};

test('a taken handle is refused with code "handle_taken"; its owner reports it and the desk shows the report with the entry', async () => {
  const g = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, g.id, 'squatter@example.com', 'Real_Ann')).statusCode).toBe(200);
  const taken = await enter(t.app, g.id, 'ann@example.com', '@real_ann');
  expect(taken.statusCode).toBe(409);
  expect(taken.json()).toMatchObject({ code: 'handle_taken' });
  expect(taken.json().detail).toContain('tell the organiser with the report form');

  const res = await report(g.id, {
    instagram_handle: '@real_ann',
    email: ' Ann@Example.com ',
    note: 'I did not enter; this is my account. <b>really</b>',
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    success: true,
    message:
      'Thank you: the organiser will see your report about @real_ann on this giveaway and can answer you at ann@example.com. If the entry was not made by you, it can be disqualified.',
  });
  // The same open report again is kept once.
  expect(
    (await report(g.id, { instagram_handle: 'REAL_ANN', email: 'ann@example.com' })).statusCode,
  ).toBe(200);

  const list = await reports(g.id);
  expect(list).toHaveLength(1);
  const [only] = list;
  expect(only).toMatchObject({
    giveaway_id: g.id,
    instagram_handle: 'real_ann',
    email: 'ann@example.com',
    note: 'I did not enter; this is my account. <b>really</b>',
    handled_at: null,
    handled_by: null,
  });
  expect(only?.entries).toEqual([
    expect.objectContaining({
      instagram_handle: 'Real_Ann',
      email: 'squatter@example.com',
      disqualified_at: null,
    }),
  ]);
  expect(only?.entries[0]?.confirmed_at).not.toBeNull();

  // The owner disqualifies the entry through the desk's own action, then marks the report handled.
  const entryId = only?.entries[0]?.id as number;
  const out = await api(
    'POST',
    `/giveaway/${g.id}/disqualify`,
    { participant_ids: [entryId], reason: 'Entered with someone else’s handle.' },
    t.admin,
  );
  expect(out.statusCode).toBe(200);
  const handled = await api(
    'POST',
    `/handle-report/${only?.id}/handled`,
    { handled: true },
    t.admin,
  );
  expect(handled.statusCode).toBe(200);
  expect(handled.json().message).toBe('The report about @real_ann is marked handled.');
  const after = (await reports(g.id))[0];
  expect(after?.handled_at).not.toBeNull();
  expect(after?.handled_by).toBe(t.adminName);
  expect(after?.entries[0]?.disqualified_at).not.toBeNull();
  // Open again.
  const reopened = await api(
    'POST',
    `/handle-report/${only?.id}/handled`,
    { handled: false },
    t.admin,
  );
  expect(reopened.statusCode).toBe(200);
  expect((await reports(g.id))[0]).toMatchObject({ handled_at: null, handled_by: null });
});

test('an unconfirmed entry is listed with the report as unconfirmed', async () => {
  const g = await createGiveaway(t.app, t.admin, { confirm_entries: true });
  expect((await enter(t.app, g.id, 'first@example.com', 'cleo')).statusCode).toBe(200);
  expect(
    (await report(g.id, { instagram_handle: 'cleo', email: 'cleo@example.com' })).statusCode,
  ).toBe(200);
  const [only] = await reports(g.id);
  expect(only?.entries).toHaveLength(1);
  expect(only?.entries[0]).toMatchObject({ email: 'first@example.com', confirmed_at: null });
});

test('bad input is 400 with a detail; an unknown giveaway 404; a handle no entry holds 409', async () => {
  const g = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, g.id, 'dora@example.com', 'dora')).statusCode).toBe(200);
  const cases: object[] = [
    { instagram_handle: 'dora', email: 'not-an-address' },
    { instagram_handle: 'no spaces allowed', email: 'd@example.com' },
    { instagram_handle: '', email: 'd@example.com' },
    { instagram_handle: 'dora', email: 'd@example.com', note: 'x'.repeat(1001) },
    { instagram_handle: 'dora', email: 'd@example.com', extra: 1 },
    { instagram_handle: 'dora' },
    { instagram_handle: 42, email: 'd@example.com' },
  ];
  for (const body of cases) {
    const res = await report(g.id, body);
    expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    expect(typeof res.json().detail).toBe('string');
  }
  // A note of exactly 1000 characters is fine.
  expect(
    (
      await report(g.id, {
        instagram_handle: 'dora',
        email: 'd@example.com',
        note: 'y'.repeat(1000),
      })
    ).statusCode,
  ).toBe(200);

  const missing = await report(999_999, { instagram_handle: 'dora', email: 'd@example.com' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().detail).toMatch(/no giveaway with id 999999/);

  const free = await report(g.id, { instagram_handle: 'nobody_here', email: 'd@example.com' });
  expect(free.statusCode).toBe(409);
  expect(free.json().detail).toBe(
    'No entry of this giveaway holds the Instagram handle @nobody_here now, so there is nothing to report: the handle is free to enter with.',
  );
  // Nothing of the refused ones was kept.
  expect(await reports(g.id)).toHaveLength(1);
});

test('a filled honeypot gets the same answer and nothing is kept', async () => {
  const g = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, g.id, 'eve@example.com', 'eve')).statusCode).toBe(200);
  const res = await report(g.id, {
    instagram_handle: 'eve',
    email: 'bot@example.com',
    website: 'http://spam.example',
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().success).toBe(true);
  expect(await reports(g.id)).toEqual([]);
});

test('the desk listing and marking handled are for admins: 401 anonymous, 403 editor, 404 unknown', async () => {
  const g = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, g.id, 'fay@example.com', 'fay')).statusCode).toBe(200);
  expect(
    (await report(g.id, { instagram_handle: 'fay', email: 'f2@example.com' })).statusCode,
  ).toBe(200);
  const [only] = await reports(g.id);
  const listUrl = `/giveaway/${g.id}/handle-reports`;
  const markUrl = `/handle-report/${only?.id}/handled`;
  expect((await api('GET', listUrl)).statusCode).toBe(401);
  expect((await api('GET', listUrl, undefined, t.editor)).statusCode).toBe(403);
  expect((await api('POST', markUrl, { handled: true })).statusCode).toBe(401);
  expect((await api('POST', markUrl, { handled: true }, t.editor)).statusCode).toBe(403);
  expect((await api('GET', '/giveaway/999999/handle-reports', undefined, t.admin)).statusCode).toBe(
    404,
  );
  const unknown = await api('POST', '/handle-report/999999/handled', { handled: true }, t.admin);
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().detail).toBe('There is no handle report with id 999999.');
  expect((await api('POST', markUrl, { handled: 'yes' }, t.admin)).statusCode).toBe(400);
  expect((await reports(g.id))[0]?.handled_at).toBeNull();
});

test('reports are rate-limited like entering when limits are on', async () => {
  const limited = await setup({ RATE_LIMITS: 'on', RATE_LIMIT_PARTICIPATE: '2' });
  try {
    const g = await createGiveaway(limited.app, limited.admin);
    const body = { instagram_handle: 'gil', email: 'gil@example.com' };
    // No entry holds the handle: refused, but each try counts.
    expect((await report(g.id, body, limited.app)).statusCode).toBe(409);
    expect((await report(g.id, body, limited.app)).statusCode).toBe(409);
    const third = await report(g.id, body, limited.app);
    expect(third.statusCode).toBe(429);
    expect(typeof third.json().detail).toBe('string');
  } finally {
    await limited.close();
  }
});

test('a report is in the reporter’s copy and goes with the erasure of their address', async () => {
  const g = await createGiveaway(t.app, t.admin, { title: 'Erasure check' });
  expect((await enter(t.app, g.id, 'hal@example.com', 'hal')).statusCode).toBe(200);
  expect(
    (await report(g.id, { instagram_handle: 'hal', email: 'Ida@Example.com', note: 'mine' }))
      .statusCode,
  ).toBe(200);
  const personal = (action: 'export' | 'erase') =>
    api('POST', `/personal-data/${action}`, { email: 'ida@example.com' }, t.admin);
  const copy = (await personal('export')).json<PersonalDataExport>();
  expect(copy.giveaway_handle_reports).toEqual([
    {
      giveaway_id: g.id,
      giveaway_title: 'Erasure check',
      instagram_handle: 'hal',
      note: 'mine',
      created_at: expect.any(String),
      handled_at: null,
    },
  ]);
  const erased = await personal('erase');
  expect(erased.statusCode).toBe(200);
  expect(erased.json()).toMatchObject({
    giveaway_handle_reports: 1,
    message: 'Everything held about that address has been erased.',
  });
  expect((await personal('export')).json<PersonalDataExport>().giveaway_handle_reports).toEqual([]);
  expect(await reports(g.id)).toEqual([]);
  // The entry reported is someone else's and stays.
  const entrants = await api('GET', `/giveaway/${g.id}/participants`, undefined, t.admin);
  expect(entrants.json<Participant[]>().map((p) => p.email)).toEqual(['hal@example.com']);
});

test('the retention schedule erases a drawn giveaway’s reports with its entrants', async () => {
  const own = await setup({ SMTP_URL: '' });
  try {
    const drawn = await createGiveaway(own.app, own.admin, { claim_days: 7 });
    const open = await createGiveaway(own.app, own.admin);
    for (const id of [drawn.id, open.id]) {
      expect((await enter(own.app, id, 'ivy@example.com', 'ivy')).statusCode).toBe(200);
      expect(
        (await report(id, { instagram_handle: 'ivy', email: 'jo@example.com' }, own.app))
          .statusCode,
      ).toBe(200);
    }
    const draw = await api(
      'POST',
      `/giveaway/${drawn.id}/select-winner`,
      { close_now: true },
      own.admin,
      own.app,
    );
    expect(draw.statusCode).toBe(200);
    const days = { entryDays: 90, enquiryDays: 365, outboxDays: 30 };
    const count = (id: number) =>
      own.app.db
        .selectFrom('giveaway_handle_reports')
        .select('id')
        .where('giveaway_id', '=', id)
        .execute();
    // 31 days on, the claim period ended only 24 days ago: kept.
    const early = await applyRetention(own.app.db, days, new Date(Date.now() + 31 * 86_400_000));
    expect(early.handleReports).toBe(0);
    expect(await count(drawn.id)).toHaveLength(1);
    // 98 days on: gone with the entrants; the giveaway not drawn keeps its report.
    const due = await applyRetention(own.app.db, days, new Date(Date.now() + 98 * 86_400_000));
    expect(due).toMatchObject({ giveaways: 1, entries: 1, handleReports: 1 });
    expect(await count(drawn.id)).toHaveLength(0);
    expect(await count(open.id)).toHaveLength(1);
  } finally {
    await own.close();
  }
});

test('deleting a giveaway deletes its reports', async () => {
  const g = await createGiveaway(t.app, t.admin, { title: 'Gone soon' });
  expect((await enter(t.app, g.id, 'kim@example.com', 'kim')).statusCode).toBe(200);
  expect(
    (await report(g.id, { instagram_handle: 'kim', email: 'lu@example.com' })).statusCode,
  ).toBe(200);
  const del = await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/giveaway/${g.id}`,
    headers: { authorization: t.admin },
    payload: { confirm_title: 'Gone soon' },
  });
  expect(del.statusCode).toBe(200);
  const left = await t.app.db
    .selectFrom('giveaway_handle_reports')
    .select('id')
    .where('giveaway_id', '=', g.id)
    .execute();
  expect(left).toEqual([]);
});

test('a report changes nothing the public pages show: their version stays', async () => {
  const g = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, g.id, 'max@example.com', 'max')).statusCode).toBe(200);
  const before = await pageVersion(t.app.db, `giveaway:${g.id}`);
  expect(
    (await report(g.id, { instagram_handle: 'max', email: 'ned@example.com' })).statusCode,
  ).toBe(200);
  const [only] = await reports(g.id);
  expect(
    (await api('POST', `/handle-report/${only?.id}/handled`, { handled: true }, t.admin))
      .statusCode,
  ).toBe(200);
  expect(await pageVersion(t.app.db, `giveaway:${g.id}`)).toBe(before);
});
