import type {
  Giveaway,
  GiveawayChange,
  GiveawayVerification,
  Participant,
  PersonalDataExport,
  Presenter,
  WinnerContact,
} from '@site/contracts';
import { deliveredMail } from '../../../helpers/delivered-mail';
import {
  referenceWeightedFingerprint,
  referenceWeightedLines,
  referenceWeightedPick,
  referenceRoundSeed,
  referenceSha256,
} from '../../../helpers/reference-draw';
import {
  createGiveaway,
  EMAIL_LIKE,
  enter,
  getGiveaway,
  type GiveawayTestContext,
  setup,
  utcDate,
} from './fixtures';

/*
 * The owner's desk and the honest states: the phase every page words, pause versus close for
 * good, disqualifications with a public count and reason, the claim's delivery details, the mail
 * to the owner, "Disqualify the winner and draw again now", delete by typing the title, and the
 * presenter view that never sends an e-mail address. On SQLite, and on PostgreSQL with
 * TEST_DB=postgres.
 */

jest.setTimeout(60_000);

const OWNER = 'owner@agentworks.example';
let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup({ SMTP_URL: '', OWNER_EMAIL: OWNER });
});
afterAll(() => t.close());

const api = (
  method: 'GET' | 'POST' | 'DELETE',
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

const DELIVERY = {
  full_name: 'Ann Lee',
  delivery_address: '1 High Street\nLeeds LS1 1AA',
  consent: true,
};

async function fill(id: number, n: number, prefix: string): Promise<string[]> {
  const receipts: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await enter(t.app, id, `${prefix}${i}@example.com`, `${prefix}_${i}`);
    expect(res.statusCode).toBe(200);
    receipts.push(res.json<{ receipt: string }>().receipt);
  }
  return receipts;
}

async function entrants(id: number): Promise<Participant[]> {
  const res = await api('GET', `/giveaway/${id}/participants`, undefined, t.admin);
  expect(res.statusCode).toBe(200);
  return res.json<Participant[]>();
}

async function claimToken(to: string): Promise<string> {
  const mail = (await deliveredMail(t.app.db)).find(
    (m) => m.to === to && m.subject.startsWith('You won'),
  );
  const match = /\/claim\?token=([^\s]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no claim link mailed to ${to}`);
  return decodeURIComponent(match[1]);
}

describe('one phase per state', () => {
  test('upcoming, open, paused, full, closed (ended and for good)', async () => {
    const upcoming = await createGiveaway(t.app, t.admin, { start_date: utcDate(3) });
    expect(upcoming).toMatchObject({
      phase: 'upcoming',
      entries_closed_reason: 'not_started',
      removals: [],
    });

    const open = await createGiveaway(t.app, t.admin);
    expect(open.phase).toBe('open');
    await api('POST', `/giveaway/${open.id}/toggle-participants`, { accept: false }, t.admin);
    expect((await getGiveaway(t.app, open.id)).phase).toBe('paused');

    const full = await createGiveaway(t.app, t.admin, { max_participants: 1 });
    await fill(full.id, 1, 'full');
    expect(await getGiveaway(t.app, full.id)).toMatchObject({
      phase: 'full',
      status: 'active',
      entries_closed_reason: 'full',
      frozen: { reason: 'full' },
    });

    const ended = await createGiveaway(t.app, t.admin, {
      start_date: utcDate(-10),
      end_date: utcDate(-1),
    });
    expect(await getGiveaway(t.app, ended.id)).toMatchObject({
      phase: 'closed',
      status: 'ended',
      entries_closed_reason: 'ended',
    });

    const closed = await createGiveaway(t.app, t.admin);
    await api('POST', `/giveaway/${closed.id}/close`, undefined, t.admin);
    expect(await getGiveaway(t.app, closed.id)).toMatchObject({
      phase: 'closed',
      entries_closed_reason: 'closed',
    });
  });

  test('drawn, claimed, redrawn', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await fill(g.id, 3, 'dcr');
    const drawn = await api(
      'POST',
      `/giveaway/${g.id}/select-winner`,
      { close_now: true },
      t.admin,
    );
    expect(drawn.statusCode).toBe(200);
    expect((await getGiveaway(t.app, g.id)).phase).toBe('drawn');

    const again = await api(
      'POST',
      `/giveaway/${g.id}/disqualify-winner`,
      { reason: 'Under the minimum age.' },
      t.admin,
    );
    expect(again.statusCode).toBe(200);
    expect((await getGiveaway(t.app, g.id)).phase).toBe('redrawn');

    const winner = again.json<{ winner: { email: string } }>().winner.email;
    const claim = await api('POST', `/giveaway/${g.id}/claim`, {
      token: await claimToken(winner),
      ...DELIVERY,
    });
    expect(claim.statusCode).toBe(200);
    expect((await getGiveaway(t.app, g.id)).phase).toBe('claimed');
  });
});

describe('disqualifying entries before the freeze', () => {
  test('they leave the count and the frozen list; the public record says how many and why', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const receipts = await fill(g.id, 5, 'dq');
    const [, bot1, , bot2] = await entrants(g.id);
    const res = await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: [bot1?.id, bot2?.id], reason: 'Automated entries from one address.' },
      t.admin,
    );
    expect(res.json()).toEqual({
      success: true,
      message:
        '2 entries were disqualified. The giveaway page says how many and why, without naming anyone.',
    });

    const pub = await getGiveaway(t.app, g.id);
    expect(pub.participant_count).toBe(3);
    expect(pub.removals).toEqual([
      {
        at: expect.any(String),
        count: 2,
        reason: 'Automated entries from one address.',
        round: null,
      },
    ]);
    // The public answer names nobody.
    const raw = (await api('GET', `/giveaway/${g.id}`)).body;
    expect(raw).not.toMatch(EMAIL_LIKE);
    expect(raw).not.toContain('dq_1');

    // The desk still lists them, marked.
    const list = await entrants(g.id);
    expect(list).toHaveLength(5);
    expect(list.filter((p) => p.disqualified_at !== null).map((p) => p.id)).toEqual([
      bot1?.id,
      bot2?.id,
    ]);
    const csv = await api('GET', `/giveaway/${g.id}/participants.csv`, undefined, t.admin);
    expect(csv.body.split('\r\n')[0]).toBe(
      '"id","email","instagram_handle","entered_at","disqualified_at","disqualified_reason","weight","bonus_entries","referrals","source","confirmed_at"',
    );
    expect(csv.body).toContain('"Automated entries from one address."');

    // A disqualified address cannot simply enter again (answered like an entry, nothing stored),
    // and the freed places count for others.
    expect((await enter(t.app, g.id, 'dq1@example.com', 'someone_new')).statusCode).toBe(200);

    // The frozen list is the three entries left, in entry order.
    expect((await api('POST', `/giveaway/${g.id}/close`, undefined, t.admin)).statusCode).toBe(200);
    const file = (await api('GET', `/giveaway/${g.id}/frozen-entries.txt`)).body;
    const kept = [receipts[0], receipts[2], receipts[4]].map((r) => referenceSha256(r ?? ''));
    expect(file).toBe(kept.map((h) => `${h} 1\n`).join(''));
    expect((await getGiveaway(t.app, g.id)).frozen?.entrant_count).toBe(3);

    // After the freeze nothing more can be removed.
    const late = await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: [list[0]?.id], reason: 'Too late.' },
      t.admin,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/^The entry list of this giveaway is frozen/);

    // The change log (admin-only) names the ids and the admin.
    const log = (await api('GET', `/giveaway/${g.id}/changes`, undefined, t.admin)).json<
      GiveawayChange[]
    >();
    const line = log.find((c) => c.action === 'disqualified');
    expect(line).toMatchObject({ actor: t.adminName });
    expect(line?.summary).toBe(
      `Disqualified 2 entries (id ${bot1?.id} and ${bot2?.id}). Reason: Automated entries from one address.`,
    );
  });

  test('refusals: no reason, unknown entry, twice, not an admin', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await fill(g.id, 2, 'dqr');
    const [first] = await entrants(g.id);
    const blank = await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: [first?.id], reason: '   ' },
      t.admin,
    );
    expect(blank.statusCode).toBe(400);
    const none = await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: [], reason: 'x' },
      t.admin,
    );
    expect(none.statusCode).toBe(400);
    const unknown = await api(
      'POST',
      `/giveaway/${g.id}/disqualify`,
      { participant_ids: [987654], reason: 'x' },
      t.admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('This giveaway has no entry with id 987654.');
    const once = { participant_ids: [first?.id], reason: 'Duplicate person.' };
    expect((await api('POST', `/giveaway/${g.id}/disqualify`, once, t.admin)).statusCode).toBe(200);
    const twice = await api('POST', `/giveaway/${g.id}/disqualify`, once, t.admin);
    expect(twice.statusCode).toBe(409);
    expect((await api('POST', `/giveaway/${g.id}/disqualify`, once)).statusCode).toBe(401);
    expect((await api('POST', `/giveaway/${g.id}/disqualify`, once, t.editor)).statusCode).toBe(
      403,
    );
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);
  });
});

describe('the winner', () => {
  test('claim with delivery details: stored privately, the owner is mailed, the admin card has them', async () => {
    const g = await createGiveaway(t.app, t.admin, { title: 'Claim desk' });
    await fill(g.id, 1, 'cl');
    await api('POST', `/giveaway/${g.id}/select-winner`, { close_now: true }, t.admin);
    const token = await claimToken('cl0@example.com');

    const before = (
      await api('GET', `/giveaway/${g.id}/winner`, undefined, t.admin)
    ).json<WinnerContact>();
    expect(before).toMatchObject({
      round: 1,
      email: 'cl0@example.com',
      instagram_handle: 'cl_0',
      claim_status: 'awaiting_claim',
      delivery: null,
    });

    const noDetails = await api('POST', `/giveaway/${g.id}/claim`, { token });
    expect(noDetails.statusCode).toBe(400);
    expect(noDetails.json().detail).toBe('Please enter your name, so the prize can reach you.');
    const noConsent = await api('POST', `/giveaway/${g.id}/claim`, {
      token,
      ...DELIVERY,
      consent: false,
    });
    expect(noConsent.statusCode).toBe(400);
    const ok = await api('POST', `/giveaway/${g.id}/claim`, { token, ...DELIVERY });
    expect(ok.statusCode).toBe(200);

    const after = (
      await api('GET', `/giveaway/${g.id}/winner`, undefined, t.admin)
    ).json<WinnerContact>();
    expect(after).toMatchObject({
      claim_status: 'claimed',
      claimed_at: expect.any(String),
      delivery: {
        full_name: 'Ann Lee',
        delivery_address: '1 High Street\nLeeds LS1 1AA',
        consent_at: expect.any(String),
      },
    });
    expect((await api('GET', `/giveaway/${g.id}/winner`)).statusCode).toBe(401);
    // No public answer carries the delivery details.
    for (const path of [`/giveaway/${g.id}`, `/giveaway/${g.id}/verification`, '/giveaway']) {
      const body = (await api('GET', path)).body;
      expect(body).not.toContain('High Street');
      expect(body).not.toMatch(EMAIL_LIKE);
    }

    // The owner is told, without the winner's address or delivery details in the mail.
    const notice = (await deliveredMail(t.app.db)).find(
      (m) => m.to === OWNER && m.subject === 'The prize of "Claim desk" was claimed',
    );
    expect(notice?.text).toContain('@cl_0 (round 1) claimed the prize');
    expect(notice?.text).not.toContain('High Street');
    expect(notice?.text).not.toContain('cl0@example.com');

    // Exported and erased with the winner's data.
    const exported = await api(
      'POST',
      '/personal-data/export',
      { email: 'cl0@example.com' },
      t.admin,
    );
    expect(exported.json<PersonalDataExport>().giveaway_claims).toEqual([
      {
        giveaway_id: g.id,
        round: 1,
        full_name: 'Ann Lee',
        delivery_address: '1 High Street\nLeeds LS1 1AA',
        consent_at: expect.any(String),
      },
    ]);
    const erased = await api('POST', '/personal-data/erase', { email: 'cl0@example.com' }, t.admin);
    expect(erased.json()).toMatchObject({ giveaway_claims: 1, giveaway_entries_anonymised: 1 });
    const gone = (
      await api('GET', `/giveaway/${g.id}/winner`, undefined, t.admin)
    ).json<WinnerContact>();
    expect(gone.delivery).toBeNull();
    expect(gone.claim_status).toBe('claimed');
    const rows = await t.app.db
      .selectFrom('giveaway_claims')
      .selectAll()
      .where('giveaway_id', '=', g.id)
      .execute();
    expect(rows).toEqual([]);
  });

  test('"Disqualify the winner and draw again now": before the deadline, verifiable, reason published', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await fill(g.id, 6, 'dw');
    const first = await api(
      'POST',
      `/giveaway/${g.id}/select-winner`,
      { close_now: true },
      t.admin,
    );
    const firstWinner = first.json<{ winner: { id: number; email: string } }>().winner;
    const firstToken = await claimToken(firstWinner.email);

    // The normal re-draw waits for the deadline; the disqualification does not.
    const early = await api('POST', `/giveaway/${g.id}/redraw`, { reason: 'x' }, t.admin);
    expect(early.statusCode).toBe(409);
    const before = (
      await api('GET', `/giveaway/${g.id}/verification`)
    ).json<GiveawayVerification>();
    const committed = before.redraw_seeds.find((s) => s.round === 2);
    expect(committed?.seed).toBeNull();

    const res = await api(
      'POST',
      `/giveaway/${g.id}/disqualify-winner`,
      { reason: 'Entered twice with two handles.' },
      t.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, round: 2 });
    const second = res.json<{ winner: { id: number } }>().winner;
    expect(second.id).not.toBe(firstWinner.id);

    const pub = await getGiveaway(t.app, g.id);
    expect(pub.removals).toEqual([
      { at: expect.any(String), count: 1, reason: 'Entered twice with two handles.', round: 1 },
    ]);
    expect(pub.draws.map((d) => [d.round, d.claim_status, d.reason])).toEqual([
      [1, 'redrawn', null],
      [
        2,
        'awaiting_claim',
        'The winner of round 1 was disqualified: Entered twice with two handles.',
      ],
    ]);
    // The old winner's link is dead.
    const stale = await api('POST', `/giveaway/${g.id}/claim`, { token: firstToken, ...DELIVERY });
    expect(stale.statusCode).toBe(410);
    expect((await entrants(g.id)).find((p) => p.id === firstWinner.id)?.disqualified_reason).toBe(
      'Entered twice with two handles.',
    );

    // Recomputed by the test's own implementation: round 2 used the seed committed at round 1.
    const v = (await api('GET', `/giveaway/${g.id}/verification`)).json<GiveawayVerification>();
    const lines = referenceWeightedLines(
      (await api('GET', `/giveaway/${g.id}/frozen-entries.txt`)).body,
    );
    expect(referenceWeightedFingerprint(lines)).toBe(v.frozen?.fingerprint);
    const seed2 = v.redraw_seeds.find((s) => s.round === 2);
    expect(seed2?.commitment).toBe(committed?.commitment);
    expect(referenceSha256(seed2?.seed ?? '')).toBe(seed2?.commitment);
    const excluded: number[] = [];
    for (const round of v.draws) {
      const expected = referenceWeightedPick({
        seed: referenceRoundSeed(round.round, v.seed ?? '', v.redraw_seeds),
        external: v.external_value ?? '',
        fingerprint: v.frozen?.fingerprint ?? '',
        round: round.round,
        lines,
        excluded,
      });
      expect({ position: round.position, counter: round.counter }).toEqual(expected);
      excluded.push(round.position);
    }
  });

  test('not drawn yet: 409; unknown: 404; no reason: 400', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const notDrawn = await api(
      'POST',
      `/giveaway/${g.id}/disqualify-winner`,
      { reason: 'x' },
      t.admin,
    );
    expect(notDrawn.statusCode).toBe(409);
    expect(
      (await api('POST', '/giveaway/987654/disqualify-winner', { reason: 'x' }, t.admin))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `/giveaway/${g.id}/disqualify-winner`, { reason: '' }, t.admin))
        .statusCode,
    ).toBe(400);
  });
});

describe('archive, not delete', () => {
  test('a giveaway anyone entered is deleted only with its title typed', async () => {
    const g = await createGiveaway(t.app, t.admin, { title: 'Typed title' });
    await fill(g.id, 1, 'del');
    const plain = await api('DELETE', `/giveaway/${g.id}`, undefined, t.admin);
    expect(plain.statusCode).toBe(409);
    expect(plain.json().detail).toMatch(/so it is archived rather than deleted/);
    const wrong = await api('DELETE', `/giveaway/${g.id}`, { confirm_title: 'Typed' }, t.admin);
    expect(wrong.statusCode).toBe(409);
    const right = await api(
      'DELETE',
      `/giveaway/${g.id}`,
      { confirm_title: 'Typed title' },
      t.admin,
    );
    expect(right.statusCode).toBe(200);
    expect((await api('GET', `/giveaway/${g.id}`)).statusCode).toBe(404);

    const empty = await createGiveaway(t.app, t.admin);
    expect((await api('DELETE', `/giveaway/${empty.id}`, undefined, t.admin)).statusCode).toBe(200);
  });
});

describe('the presenter view', () => {
  test('handles or masked addresses only, never an e-mail, in every answer', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await fill(g.id, 3, 'pv');
    // An entry from before handles were required has none.
    const [noHandle] = await entrants(g.id);
    await t.app.db
      .updateTable('participants')
      .set({ instagram_handle: '' })
      .where('id', '=', noHandle?.id ?? 0)
      .execute();

    const view = await api('GET', `/giveaway/${g.id}/present`, undefined, t.admin);
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toMatch(EMAIL_LIKE);
    expect(view.json<Presenter>()).toMatchObject({
      participant_count: 3,
      names: expect.arrayContaining(['@pv_1', '@pv_2', 'p***@e***.com']),
      winner: null,
      verify_path: `/giveaway/${g.id}/verify`,
    });

    const drawn = await api('POST', `/giveaway/${g.id}/present/draw`, { close_now: true }, t.admin);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).not.toMatch(EMAIL_LIKE);
    expect(drawn.json()).toMatchObject({
      success: true,
      round: 1,
      winner: { name: expect.any(String) },
    });
    const after = await api('GET', `/giveaway/${g.id}/present`, undefined, t.admin);
    expect(after.body).not.toMatch(EMAIL_LIKE);
    expect(after.json<Presenter>().winner).toEqual({
      name: drawn.json<{ winner: { name: string } }>().winner.name,
      round: 1,
    });
    expect((await api('GET', `/giveaway/${g.id}/present`)).statusCode).toBe(401);
    expect((await api('GET', `/giveaway/${g.id}/present`, undefined, t.editor)).statusCode).toBe(
      403,
    );
  });
});

describe('e-mail me my receipt', () => {
  test('without a mail server it says so (409), and never reveals whose receipt it is', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const [receipt] = await fill(g.id, 1, 'rm');
    const res = await api('POST', `/giveaway/${g.id}/receipt/mail`, { receipt });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^This site cannot send e-mail at the moment/);
    expect(res.body).not.toMatch(EMAIL_LIKE);
  });
});

test('the giveaway JSON carries phase and removals for every giveaway in the list', async () => {
  const list = (await api('GET', '/giveaway')).json<Giveaway[]>();
  expect(list.length).toBeGreaterThan(0);
  for (const g of list) {
    expect(typeof g.phase).toBe('string');
    expect(Array.isArray(g.removals)).toBe(true);
  }
});
