import type { Giveaway } from '@site/contracts';
import { startSmtp, type TestSmtp } from '../../../helpers/smtp';
import {
  createGiveaway,
  enter,
  getGiveaway,
  type GiveawayTestContext,
  setup,
  utcDate,
  validForm,
} from './fixtures';

/*
 * The owner's safeguards: drawing a giveaway whose entries are still open takes an explicit
 * "close_now", and the features that need mail to reach an entrant (confirmation by e-mail, a
 * link or receipt sent again, the "already entered" mail) are refused or left out while no mail
 * server is configured. On SQLite, and on PostgreSQL with TEST_DB=postgres.
 */

jest.setTimeout(60_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup({ SMTP_URL: '' });
});
afterAll(() => t.close());

const api = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  authorization?: string,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  });

async function withEntries(n: number, overrides: Record<string, unknown> = {}): Promise<Giveaway> {
  const g = await createGiveaway(t.app, t.admin, overrides);
  for (let i = 0; i < n; i += 1) {
    expect((await enter(t.app, g.id, `safe${g.id}-${i}@example.com`, `safe_${i}`)).statusCode).toBe(
      200,
    );
  }
  return g;
}

describe('drawing a giveaway whose entries are open', () => {
  test.each(['select-winner', 'present/draw'])(
    '/%s without close_now is refused with what it would do, and nothing changes',
    async (path) => {
      const end = utcDate(20);
      const g = await withEntries(3, { end_date: end });
      for (const body of [{}, { close_now: false }]) {
        const res = await api('POST', `/giveaway/${g.id}/${path}`, body, t.admin);
        expect(res.statusCode).toBe(400);
        const { detail } = res.json<{ detail: string }>();
        expect(detail).toMatch(
          /^Entries to this giveaway have not closed: they run until the end of /,
        );
        expect(detail).toContain('freezes the list of 3 entries; it cannot be undone');
        expect(detail).toContain('"close_now": true');
      }
      const after = await getGiveaway(t.app, g.id, t.admin);
      expect(after.frozen).toBeNull();
      expect(after.is_accepting_participants).toBe(true);
      expect(after.entries_open).toBe(true);
      expect(after.draws).toEqual([]);
      // An entry is still taken.
      expect((await enter(t.app, g.id, `late${g.id}@example.com`, 'late_one')).statusCode).toBe(
        200,
      );

      const drawn = await api('POST', `/giveaway/${g.id}/${path}`, { close_now: true }, t.admin);
      expect(drawn.statusCode).toBe(200);
      const closed = await getGiveaway(t.app, g.id, t.admin);
      expect(closed.frozen?.entrant_count).toBe(4);
      expect(closed.draws).toHaveLength(1);
    },
  );

  test('without an end date the refusal says so', async () => {
    const g = await withEntries(1, { end_date: null });
    const res = await api('POST', `/giveaway/${g.id}/select-winner`, {}, t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(
      /^Entries to this giveaway have not closed: it has no end date, so they run until closed\./,
    );
  });

  test('a paused giveaway still needs close_now: pausing is not closing', async () => {
    const g = await withEntries(2);
    const paused = await api(
      'POST',
      `/giveaway/${g.id}/toggle-participants`,
      { accept: false },
      t.admin,
    );
    expect(paused.statusCode).toBe(200);
    expect((await api('POST', `/giveaway/${g.id}/select-winner`, {}, t.admin)).statusCode).toBe(
      400,
    );
  });

  test('once entries closed for good, or the giveaway is full, no close_now is needed', async () => {
    const closed = await withEntries(2);
    expect((await api('POST', `/giveaway/${closed.id}/close`, undefined, t.admin)).statusCode).toBe(
      200,
    );
    expect(
      (await api('POST', `/giveaway/${closed.id}/select-winner`, {}, t.admin)).statusCode,
    ).toBe(200);

    const full = await withEntries(2, { max_participants: 2 });
    expect((await api('POST', `/giveaway/${full.id}/present/draw`, {}, t.admin)).statusCode).toBe(
      200,
    );
  });

  test('close_now must be a boolean', async () => {
    const g = await withEntries(1);
    const res = await api('POST', `/giveaway/${g.id}/select-winner`, { close_now: 'yes' }, t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toContain('must be true or false');
  });
});

describe('the presenter view', () => {
  test('says whether a draw closes entries, shows the end date, and re-draws without an e-mail', async () => {
    const end = utcDate(12);
    const g = await withEntries(3, { end_date: end });
    const before = await api('GET', `/giveaway/${g.id}/present`, undefined, t.admin);
    expect(before.json()).toMatchObject({ end_date: end, draw_closes_entries: true, winners: [] });

    expect(
      (await api('POST', `/giveaway/${g.id}/present/draw`, { close_now: true }, t.admin))
        .statusCode,
    ).toBe(200);
    const drawn = (await api('GET', `/giveaway/${g.id}/present`, undefined, t.admin)).json<{
      draw_closes_entries: boolean;
      winners: { place: number; claim_status: string }[];
    }>();
    expect(drawn.draw_closes_entries).toBe(false);
    expect(drawn.winners).toEqual([
      expect.objectContaining({ place: 1, claim_status: 'awaiting_claim' }),
    ]);

    // Not before the claim deadline: the server's reason comes back.
    const early = await api(
      'POST',
      `/giveaway/${g.id}/present/redraw`,
      { reason: 'Unclaimed' },
      t.admin,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json<{ detail: string }>().detail).toBeTruthy();

    const again = await api(
      'POST',
      `/giveaway/${g.id}/present/disqualify-winner`,
      { reason: 'Entered with a second account' },
      t.admin,
    );
    expect(again.statusCode).toBe(200);
    const answer = again.json<{ success: boolean; winners: { place: number; name: string }[] }>();
    expect(answer.success).toBe(true);
    expect(answer.winners).toEqual([
      expect.objectContaining({ place: 1, name: expect.stringMatching(/^@safe_\d$/) }),
    ]);
    expect(again.body).not.toMatch(/@example\.com/);
    const after = await getGiveaway(t.app, g.id, t.admin);
    expect(after.draws.map((d) => d.reason)).toEqual([
      null,
      'The winner of round 1 was disqualified: Entered with a second account',
    ]);
  });

  test('the presenter re-draws are admin-only', async () => {
    const g = await withEntries(1);
    for (const path of ['present/redraw', 'present/disqualify-winner']) {
      expect((await api('POST', `/giveaway/${g.id}/${path}`, { reason: 'x' })).statusCode).toBe(
        401,
      );
      expect(
        (await api('POST', `/giveaway/${g.id}/${path}`, { reason: 'x' }, t.editor)).statusCode,
      ).toBe(403);
    }
  });
});

describe('without a mail server', () => {
  test('the mail status says mail cannot leave', async () => {
    const res = await api('GET', '/mail/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mail_available: false });
  });

  test('confirmation by e-mail cannot be switched on, on create or on edit', async () => {
    const created = await api(
      'POST',
      '/giveaway',
      { ...validForm(), confirm_entries: true },
      t.admin,
    );
    expect(created.statusCode).toBe(400);
    expect(created.json<{ detail: string }>().detail).toMatch(
      /^Confirmation by e-mail cannot be switched on: this site has no mail server configured/,
    );

    const g = await createGiveaway(t.app, t.admin);
    const edited = await api(
      'PUT',
      `/giveaway/${g.id}`,
      { ...validForm(), confirm_entries: true },
      t.admin,
    );
    expect(edited.statusCode).toBe(400);
    expect((await getGiveaway(t.app, g.id, t.admin)).confirm_entries).toBe(false);
  });

  /** A giveaway saved with confirmation on while a mail server was configured. */
  async function confirmingGiveaway(): Promise<Giveaway> {
    const g = await createGiveaway(t.app, t.admin);
    await t.app.db
      .updateTable('giveaways')
      .set({ confirm_entries: 1 })
      .where('id', '=', g.id)
      .execute();
    return g;
  }

  test('a giveaway that asks for confirmation takes no entry, and says why; it can still be edited', async () => {
    const g = await confirmingGiveaway();
    const res = await enter(t.app, g.id, 'nomail@example.com', 'nomail');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(
      'This giveaway asks each entrant to confirm their entry through a link sent by e-mail, and this site cannot send e-mail at the moment, so entries cannot be taken just now. Please try again later.',
    );
    const rows = await t.app.db
      .selectFrom('participants')
      .select('id')
      .where('giveaway_id', '=', g.id)
      .execute();
    expect(rows).toEqual([]);
    const kept = await t.app.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'nomail@example.com')
      .execute();
    expect(kept).toEqual([]);

    // Keeping it on while editing another field is allowed.
    const edited = await api(
      'PUT',
      `/giveaway/${g.id}`,
      { ...validForm(), title: 'Renamed', confirm_entries: true },
      t.admin,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Giveaway>().confirm_entries).toBe(true);
  });

  test('a new confirmation link is refused with a clear message', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const entry = await enter(t.app, g.id, 'pending@example.com', 'pending');
    const { receipt } = entry.json<{ receipt: string }>();
    await t.app.db
      .updateTable('giveaways')
      .set({ confirm_entries: 1 })
      .where('id', '=', g.id)
      .execute();
    const res = await api('POST', `/giveaway/${g.id}/receipt/confirmation`, { receipt });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(
      /^This site cannot send e-mail at the moment, so no confirmation link can be sent\./,
    );
  });

  test('entering twice keeps no "already entered" mail in the outbox', async () => {
    const g = await createGiveaway(t.app, t.admin);
    expect((await enter(t.app, g.id, 'twice@example.com', 'twice')).statusCode).toBe(200);
    const again = await enter(t.app, g.id, 'twice@example.com', 'twice_again');
    expect(again.statusCode).toBe(200);
    const kept = await t.app.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', 'twice@example.com')
      .execute();
    expect(kept).toEqual([]);
  });
});

describe('with a mail server', () => {
  let smtp: TestSmtp;
  let m: GiveawayTestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    m = await setup({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await m.close();
    await smtp.close();
  });

  test('the mail status says mail can leave, and confirmation can be switched on', async () => {
    const status = await m.app.inject({ method: 'GET', url: '/api/v1/mail/status' });
    expect(status.json()).toEqual({ mail_available: true });
    const g = await createGiveaway(m.app, m.admin, { confirm_entries: true });
    expect(g.confirm_entries).toBe(true);
    const res = await enter(m.app, g.id, 'mailed@example.com', 'mailed');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ confirmation_pending: boolean }>().confirmation_pending).toBe(true);
  });

  test('entering twice mails the mailbox that it already entered', async () => {
    const g = await createGiveaway(m.app, m.admin);
    const first = await enter(m.app, g.id, 'again@example.com', 'again');
    expect(first.statusCode).toBe(200);
    const { referral_code: code } = first.json<{ referral_code: string }>();
    const seen = smtp.mails.length;
    const decoy = await enter(m.app, g.id, 'again@example.com', 'again_two');
    expect(decoy.statusCode).toBe(200);
    const mail = await smtp.waitForMail(seen);
    expect(mail.to).toEqual(['again@example.com']);
    expect(mail.text).toContain('already in it');
    // A way back for an entrant on another browser: the first entry's personal link and the
    // receipt check, never the decoy receipt the page showed.
    expect(mail.text).toContain(`/giveaway/${g.id}?ref=${code}`);
    expect(mail.text).toContain(`/giveaway/${g.id}/check`);
    expect(mail.text).not.toContain(decoy.json<{ receipt: string }>().receipt);
  });
});
