import type { EntryResponse, Giveaway, ReceiptCheckResponse } from '@site/contracts';
import { testDialect } from '../../../helpers/build';
import { startSmtp, type TestSmtp } from '../../../helpers/smtp';
import { mailboxOf } from '../../../../src/services/giveaways/referrals';
import {
  createGiveaway,
  enter,
  getGiveaway,
  type GiveawayTestContext,
  setup,
  utcDate,
} from './fixtures';

// A fresh PostgreSQL schema runs every migration, and the concurrency tests make hundreds of requests.
jest.setTimeout(90_000);

// Confirmation by e-mail needs a mail server: the links reach this one.
let smtp: TestSmtp;
let t: GiveawayTestContext;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await setup({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function entered(
  id: number,
  email: string,
  handle: string,
  extra: object = {},
): Promise<EntryResponse> {
  const res = await enter(t.app, id, email, handle, extra);
  expect(res.statusCode).toBe(200);
  return res.json<EntryResponse>();
}

async function check(id: number, receipt: string): Promise<ReceiptCheckResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${id}/receipt`,
    payload: { receipt },
  });
  expect(res.statusCode).toBe(200);
  return res.json<ReceiptCheckResponse>();
}

const confirm = (id: number, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/giveaway/${id}/confirm`, payload: { token } });

/** The bonus entries each entry holds, by e-mail, read from the table. */
async function bonuses(id: number): Promise<Record<string, number>> {
  const rows = await t.app.db
    .selectFrom('participants')
    .select(['email', 'bonus_entries'])
    .where('giveaway_id', '=', id)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.email, r.bonus_entries]));
}

/** Moves the mail limits' clock past the cool-down between two mails to one mailbox. */
let mailClock = 0;
function coolDownPasses() {
  mailClock += t.config.mailLimits.cooldownMs;
  t.app.mailLimits.now = () => Date.now() + mailClock;
}

const CONFIRM_LINK = /\/confirm\?token=([A-Za-z0-9_-]+)/;

/** The token of the newest confirmation link mailed to `to` (as the mail server received it). */
async function mailedToken(to: string): Promise<string> {
  const mail = smtp.mails.filter((m) => m.to.includes(to) && CONFIRM_LINK.test(m.text)).at(-1);
  const match = mail ? CONFIRM_LINK.exec(mail.text) : null;
  if (!match?.[1]) throw new Error(`no confirmation link in the mail to ${to}`);
  return match[1];
}

describe('referrals', () => {
  test('an entry through a personal link gives its referrer one bonus entry; only the total is public', async () => {
    const g = await createGiveaway(t.app, t.admin);
    expect(g.referral_cap).toBe(5);
    expect(g.confirm_entries).toBe(false);
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    expect(ann.referral_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    const bob = await entered(g.id, 'bob@example.com', 'bob', { ref: ann.referral_code });
    expect(bob.referral_code).not.toBe(ann.referral_code);
    // The code works in either case, as people retype it.
    await entered(g.id, 'cy@example.com', 'cy', { ref: ann.referral_code.toLowerCase() });

    expect(await bonuses(g.id)).toEqual({
      'ann@example.com': 2,
      'bob@example.com': 0,
      'cy@example.com': 0,
    });
    const annCheck = await check(g.id, ann.receipt);
    expect(annCheck).toMatchObject({ found: true, confirmed: true, entries: 3, bonus_entries: 2 });
    expect((await check(g.id, bob.receipt)).entries).toBe(1);

    const pub = await t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${g.id}` });
    const giveaway = pub.json<Giveaway>();
    expect(giveaway.bonus_entry_count).toBe(2);
    expect(giveaway.participant_count).toBe(3);
    // Who referred whom, and anyone's code, appear in no public answer.
    expect(pub.body).not.toContain(ann.referral_code);
    expect(pub.body).not.toContain('referred_by');
    expect(JSON.stringify(annCheck)).not.toContain('bob');
  });

  test('nobody refers themselves: same address, same handle, or the same mailbox normalised', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const ann = await entered(g.id, 'ann.lee+first@gmail.com', 'Ann_Lee');
    const ref = { ref: ann.referral_code };
    // Same handle in another case, with another address.
    await entered(g.id, 'other@example.com', 'ann_lee2', ref);
    expect(await bonuses(g.id)).toMatchObject({ 'ann.lee+first@gmail.com': 1 });
    const self = [
      ['annlee@gmail.com', 'x_one'],
      ['a.n.n.l.e.e+again@googlemail.com', 'x_two'],
      ['ANNLEE+promo@Gmail.com', 'x_three'],
      ['carl@example.com', 'ANN_LEE'],
    ] as const;
    for (const [email, handle] of self) {
      const res = await enter(t.app, g.id, email, handle, ref);
      if (handle === 'ANN_LEE') {
        // The handle is taken by the referrer's own entry: refused as a duplicate.
        expect(res.statusCode).toBe(409);
      } else {
        // The referrer's own mailbox: answered like an entry, but it is the same person, so
        // nothing is stored and nothing is credited.
        expect(res.statusCode).toBe(200);
      }
    }
    expect((await bonuses(g.id))['ann.lee+first@gmail.com']).toBe(1);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(2);

    // Outside Gmail, dots are part of the mailbox, a +tag is not.
    const dot = await createGiveaway(t.app, t.admin);
    const dee = await entered(dot.id, 'd.ee@example.com', 'dee');
    await entered(dot.id, 'dee@example.com', 'dee_two', { ref: dee.referral_code });
    await entered(dot.id, 'D.EE+x@example.com', 'dee_three', { ref: dee.referral_code });
    expect((await bonuses(dot.id))['d.ee@example.com']).toBe(1);
  });

  test('the mailbox rule, as docs/giveaways.md states it', () => {
    expect(mailboxOf('Ann.Lee+promo@GoogleMail.com')).toBe('annlee@gmail.com');
    expect(mailboxOf('ann.lee@example.com')).toBe('ann.lee@example.com');
    expect(mailboxOf('ann+tag@example.com')).toBe('ann@example.com');
    expect(mailboxOf('+only@example.com')).toBe('+only@example.com');
  });

  test('an unknown, foreign or malformed code is ignored and the entry still counts', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const other = await createGiveaway(t.app, t.admin);
    const foreign = await entered(other.id, 'far@example.com', 'far');
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    await entered(g.id, 'b1@example.com', 'b1', { ref: foreign.referral_code });
    await entered(g.id, 'b2@example.com', 'b2', { ref: 'ZZZZZZZZZZZZ' });
    await entered(g.id, 'b3@example.com', 'b3', { ref: '<script>alert(1)</script>' });
    await entered(g.id, 'b4@example.com', 'b4', { ref: '' });
    expect(await bonuses(g.id)).toMatchObject({ 'ann@example.com': 0 });
    expect((await bonuses(other.id))['far@example.com']).toBe(0);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(5);
    // A ref longer than any code is bad input, answered clearly.
    const long = await enter(t.app, g.id, 'b5@example.com', 'b5', { ref: 'x'.repeat(65) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/ref/);
    void ann;
  });

  test('bonus entries stop at the cap; a cap of 0 turns referrals off; the cap is checked on edit', async () => {
    const g = await createGiveaway(t.app, t.admin, { referral_cap: 2 });
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    for (let i = 0; i < 4; i += 1)
      await entered(g.id, `f${i}@example.com`, `f${i}`, { ref: ann.referral_code });
    expect((await bonuses(g.id))['ann@example.com']).toBe(2);
    expect((await getGiveaway(t.app, g.id)).bonus_entry_count).toBe(2);
    expect((await check(g.id, ann.receipt)).entries).toBe(3);

    // Lowering the cap below what an entrant holds is refused.
    const lower = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/giveaway/${g.id}`,
      headers: { authorization: t.admin },
      payload: {
        title: g.title,
        description: g.description,
        prize: g.prize,
        start_date: g.start_date,
        end_date: g.end_date,
        referral_cap: 1,
      },
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().detail).toBe(
      'An entrant already holds 2 bonus entries for referrals, so the referral bonus cap cannot be lower than 2.',
    );

    const off = await createGiveaway(t.app, t.admin, { referral_cap: 0 });
    const zed = await entered(off.id, 'zed@example.com', 'zed');
    await entered(off.id, 'z1@example.com', 'z1', { ref: zed.referral_code });
    expect((await bonuses(off.id))['zed@example.com']).toBe(0);

    for (const bad of [-1, 101, 2.5, '3', null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/giveaway',
        headers: { authorization: t.admin },
        payload: {
          title: 'x',
          description: 'x',
          prize: 'x',
          start_date: utcDate(0),
          referral_cap: bad,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(
        'Please check the body: referral_cap must be a whole number from 0 to 100 (0 turns referrals off).',
      );
    }
  });

  test('a referral counts only while entries are open; the cap and the switch are fixed once frozen', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    const close = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/close`,
      headers: { authorization: t.admin },
    });
    expect(close.statusCode).toBe(200);
    const late = await enter(t.app, g.id, 'late@example.com', 'late', { ref: ann.referral_code });
    expect(late.statusCode).toBe(409);
    expect((await bonuses(g.id))['ann@example.com']).toBe(0);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/giveaway/${g.id}`,
      headers: { authorization: t.admin },
      payload: {
        title: g.title,
        description: g.description,
        prize: g.prize,
        start_date: g.start_date,
        end_date: g.end_date,
        referral_cap: 9,
        confirm_entries: true,
      },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toMatch(/referral cap and confirm entries\)\.$/);
  });

  test('a disqualified referred entry takes back the bonus it gave', async () => {
    const g = await createGiveaway(t.app, t.admin, { referral_cap: 1 });
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    await entered(g.id, 'r1@example.com', 'r1', { ref: ann.referral_code });
    await entered(g.id, 'r2@example.com', 'r2', { ref: ann.referral_code });
    const rows = await t.app.db
      .selectFrom('participants')
      .select(['id', 'email'])
      .where('giveaway_id', '=', g.id)
      .execute();
    const idOf = (email: string) => rows.find((r) => r.email === email)?.id ?? 0;
    const out = (ids: number[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/giveaway/${g.id}/disqualify`,
        headers: { authorization: t.admin },
        payload: { participant_ids: ids, reason: 'Fake accounts.' },
      });
    // One of two referrals goes: the other still earns the one bonus the cap allows.
    expect((await out([idOf('r1@example.com')])).statusCode).toBe(200);
    expect((await bonuses(g.id))['ann@example.com']).toBe(1);
    expect((await out([idOf('r2@example.com')])).statusCode).toBe(200);
    expect((await bonuses(g.id))['ann@example.com']).toBe(0);
    expect((await getGiveaway(t.app, g.id)).bonus_entry_count).toBe(0);
  });
});

describe('confirmed entries', () => {
  test('an entry waits unconfirmed, the link is mailed, and it counts once confirmed', async () => {
    const g = await createGiveaway(t.app, t.admin, { confirm_entries: true });
    expect(g.confirm_entries).toBe(true);
    const before = Date.now();
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    expect(ann.confirmation_pending).toBe(true);
    expect(ann.message).toMatch(/^Almost there: we sent you an e-mail with a link to confirm/);
    const by = Date.parse(ann.confirm_by ?? '');
    expect(by - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
    expect(by - before).toBeLessThanOrEqual(48 * 3600_000 + 60_000);

    // Not counted yet: not in the count, and the check says so.
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(0);
    expect(await check(g.id, ann.receipt)).toMatchObject({
      found: true,
      confirmed: false,
      entries: 0,
    });

    // The mail server received the link; nothing waits in the outbox.
    const token = await mailedToken('ann@example.com');
    const mailed = smtp.mails.filter((m) => m.to.includes('ann@example.com'));
    expect(mailed.map((m) => m.headers.subject)).toContainEqual(
      expect.stringContaining('Confirm_your_entry'),
    );
    const kept = await t.app.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'ann@example.com')
      .execute();
    expect(kept).toEqual([]);

    const first = await confirm(g.id, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: 'confirmed',
      message: 'Your entry is confirmed. It counts now. Good luck!',
    });
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);
    expect(await check(g.id, ann.receipt)).toMatchObject({ confirmed: true, entries: 1 });

    const again = await confirm(g.id, token);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('already_confirmed');
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);

    const unknown = await confirm(g.id, 'not-a-real-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/^This confirmation link is not known/);
    // Another giveaway's page does not confirm this one's entry.
    const other = await createGiveaway(t.app, t.admin);
    expect((await confirm(other.id, token)).statusCode).toBe(404);
    expect((await confirm(999_999, token)).statusCode).toBe(404);
    expect((await confirm(g.id, '')).statusCode).toBe(400);
  });

  test('an unconfirmed entry expires after 48 hours: it never counts and no longer blocks the address', async () => {
    const g = await createGiveaway(t.app, t.admin, { confirm_entries: true, max_participants: 5 });
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    const token = await mailedToken('ann@example.com');
    // While it waits it blocks no one (anyone could have made it with Ann's address); only the
    // mail limits' cool-down spaces the confirmation mails to one mailbox.
    expect((await enter(t.app, g.id, 'ann@example.com', 'ann_other')).statusCode).toBe(429);
    coolDownPasses();
    expect((await enter(t.app, g.id, 'ann@example.com', 'ann_other')).statusCode).toBe(200);
    coolDownPasses();
    await t.app.db
      .updateTable('participants')
      .set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('giveaway_id', '=', g.id)
      .execute();
    const expired = await confirm(g.id, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toMatch(/^This confirmation link expired/);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(0);
    expect((await check(g.id, ann.receipt)).message).toMatch(/has expired/);

    // The same person can enter again and confirm the new entry.
    const again = await entered(g.id, 'ann@example.com', 'ann');
    expect(again.receipt).not.toBe(ann.receipt);
    const fresh = await mailedToken('ann@example.com');
    expect(fresh).not.toBe(token);
    expect((await confirm(g.id, fresh)).statusCode).toBe(200);
    expect((await confirm(g.id, token)).statusCode).toBe(404);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);
  });

  test("an unconfirmed entry with someone else's handle blocks no one; the first confirmed counts, and only confirmed entries spin", async () => {
    const g = await createGiveaway(t.app, t.admin, { confirm_entries: true });
    // Mallory enters first with Ann's handle and Ann's address; neither blocks Ann.
    await entered(g.id, 'mallory@example.com', 'ann');
    const malloryToken = await mailedToken('mallory@example.com');
    await entered(g.id, 'ann@example.com', 'mallory_x');
    coolDownPasses();
    await entered(g.id, 'ann+real@example.com', 'ann');
    const annToken = await mailedToken('ann+real@example.com');
    const spin = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/giveaway/${g.id}/present`,
        headers: { authorization: t.admin },
      });
      expect(res.statusCode).toBe(200);
      return JSON.stringify(res.json());
    };
    // Nothing confirmed: the presenter's spin shows no names.
    expect(await spin()).not.toMatch(/ann|mallory/i);

    expect((await confirm(g.id, annToken)).statusCode).toBe(200);
    const late = await confirm(g.id, malloryToken);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(
      'Another entry with the Instagram handle @ann was confirmed first, so this one cannot count. If it is yours and you did not enter, tell the organiser with the report form: the entry can be disqualified.',
    );
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);
    // The other unconfirmed entry of Ann's mailbox cannot count beside hers.
    const second = await confirm(g.id, await mailedToken('ann@example.com'));
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(
      'An entry from this mailbox was confirmed first, so this one cannot count: each person can enter once.',
    );
    const shown = await spin();
    expect(shown).toContain('ann');
    expect(shown).not.toMatch(/mallory/i);
  });

  test('a lost confirmation mail: a new link is mailed for the receipt, only it works, and the deadline stays', async () => {
    const g = await createGiveaway(t.app, t.admin, { confirm_entries: true });
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    const first = await mailedToken('ann@example.com');
    const again = (receipt: string, id = g.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/giveaway/${id}/receipt/confirmation`,
        payload: { receipt },
      });

    const sent = await again(ann.receipt.toLowerCase());
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['cache-control']).toBe('no-store');
    expect(sent.json().message).toMatch(
      /^We sent a new confirmation link to the address you entered with; the earlier link no longer works\. Open it by /,
    );
    const second = await mailedToken('ann@example.com');
    expect(second).not.toBe(first);
    // The deadline is the entry's own: sending again does not extend it.
    const row = await t.app.db
      .selectFrom('participants')
      .select('confirm_expires_at')
      .where('giveaway_id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(row.confirm_expires_at).toBe(ann.confirm_by);

    expect((await confirm(g.id, first)).statusCode).toBe(404);
    expect((await confirm(g.id, second)).statusCode).toBe(200);
    const confirmed = await again(ann.receipt);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().detail).toBe(
      'Your entry is already confirmed. It counts; nothing more to do.',
    );

    // Unknown, malformed and another giveaway's receipts, and a giveaway that does not exist.
    expect((await again('AAAA-BBBB-CCCC-DDDD')).statusCode).toBe(404);
    expect((await again('not a receipt')).statusCode).toBe(400);
    const other = await createGiveaway(t.app, t.admin, { confirm_entries: true });
    expect((await again(ann.receipt, other.id)).statusCode).toBe(404);
    expect((await again(ann.receipt, 999_999)).statusCode).toBe(404);

    // After the deadline: 410, and no new link. After the freeze: 409.
    const bo = await entered(other.id, 'bo@example.com', 'bo');
    const cy = await entered(other.id, 'cy@example.com', 'cy');
    await t.app.db
      .updateTable('participants')
      .set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'bo@example.com')
      .where('giveaway_id', '=', other.id)
      .execute();
    const boToken = await mailedToken('bo@example.com');
    const late = await again(bo.receipt, other.id);
    expect(late.statusCode).toBe(410);
    expect(late.json().detail).toMatch(/^Your entry was not confirmed in time: /);
    expect(await mailedToken('bo@example.com')).toBe(boToken);
    const close = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${other.id}/close`,
      headers: { authorization: t.admin },
    });
    expect(close.statusCode).toBe(200);
    const frozen = await again(cy.receipt, other.id);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().detail).toBe(
      'Entries to this giveaway have closed, so an entry that was not confirmed in time can no longer count.',
    );
  });

  test('unconfirmed entries count toward neither the cap, the frozen list nor referrals', async () => {
    const g = await createGiveaway(t.app, t.admin, {
      confirm_entries: true,
      max_participants: 2,
      referral_cap: 5,
    });
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    const annToken = await mailedToken('ann@example.com');
    // Three more wait unconfirmed through Ann's link: the cap of 2 does not stop them yet.
    for (const name of ['bo', 'cy', 'di'])
      await entered(g.id, `${name}@example.com`, name, { ref: ann.referral_code });
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(0);
    expect((await bonuses(g.id))['ann@example.com']).toBe(0);

    expect((await confirm(g.id, await mailedToken('bo@example.com'))).statusCode).toBe(200);
    // Bo's confirmation earns Ann her bonus even before Ann confirmed.
    expect((await bonuses(g.id))['ann@example.com']).toBe(1);
    expect((await confirm(g.id, annToken)).statusCode).toBe(200);
    // The giveaway is now full (2 confirmed) and its list frozen with those two only.
    const full = await getGiveaway(t.app, g.id);
    expect(full.participant_count).toBe(2);
    expect(full.frozen?.entrant_count).toBe(2);
    const late = await confirm(g.id, await mailedToken('cy@example.com'));
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(
      'This giveaway filled up (2 confirmed entries) before your entry was confirmed, so it does not count.',
    );
    expect((await bonuses(g.id))['ann@example.com']).toBe(1);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(2);
  });

  test('rules an unconfirmed entrant accepted are not rewritten in place', async () => {
    const g = await createGiveaway(t.app, t.admin, { confirm_entries: true });
    await entered(g.id, 'ann@example.com', 'ann');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/giveaway/${g.id}`,
      headers: { authorization: t.admin },
      payload: {
        title: g.title,
        description: g.description,
        prize: g.prize,
        start_date: g.start_date,
        end_date: g.end_date,
        confirm_entries: true,
        region: 'the United Kingdom',
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json<Giveaway>().rules_version).toBe(2);
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/v1/giveaway/${g.id}/rules?version=1`,
    });
    expect(first.body).not.toContain('the United Kingdom');
  });

  test('a confirmation after entries closed does not count, nor does its referral', async () => {
    const g = await createGiveaway(t.app, t.admin, { confirm_entries: true });
    const ann = await entered(g.id, 'ann@example.com', 'ann');
    await confirm(g.id, await mailedToken('ann@example.com'));
    const bo = await entered(g.id, 'bo@example.com', 'bo', { ref: ann.referral_code });
    const close = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/close`,
      headers: { authorization: t.admin },
    });
    expect(close.statusCode).toBe(200);
    const late = await confirm(g.id, await mailedToken('bo@example.com'));
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(
      'Entries to this giveaway closed before your entry was confirmed, so it does not count.',
    );
    expect((await bonuses(g.id))['ann@example.com']).toBe(0);
    const after = await getGiveaway(t.app, g.id);
    expect(after.participant_count).toBe(1);
    expect(after.frozen?.entrant_count).toBe(1);
    expect(await check(g.id, bo.receipt)).toMatchObject({
      found: true,
      confirmed: false,
      entries: 0,
      message:
        'Your entry was not confirmed before entries closed, so it does not count and is not in the draw.',
    });
  });
});

test('the official rules state the confirmation step and the referral bonus only where a giveaway has them', async () => {
  const rulesOf = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${id}/rules` })).json<{
      sections: { heading: string; text: string }[];
    }>().sections;
  const both = await createGiveaway(t.app, t.admin, { referral_cap: 3, confirm_entries: true });
  const sections = await rulesOf(both.id);
  expect(sections.find((s) => s.heading === 'Confirming your entry')?.text).toMatch(
    /counts \(towards the maximum, in the entry list and for referrals\) only once you open that link.*within 48 hours expires/,
  );
  expect(sections.find((s) => s.heading === 'Bonus entries for referrals')?.text).toMatch(
    /whose entry counts \(is confirmed\), gives you one bonus entry, up to 3 bonus entries/,
  );
  const neither = await createGiveaway(t.app, t.admin, { referral_cap: 0 });
  const headings = (await rulesOf(neither.id)).map((s) => s.heading);
  expect(headings).not.toContain('Confirming your entry');
  expect(headings).not.toContain('Bonus entries for referrals');
});

describe('under concurrency', () => {
  /** Ten referrers entered one by one; their codes. */
  async function referrers(id: number): Promise<string[]> {
    const codes: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const answer = await entered(id, `ref${i}@example.com`, `ref_${i}`);
      codes.push(answer.referral_code);
    }
    return codes;
  }

  /** Runs `jobs` with at most `limit` in flight at once (all 300 at once here; bounded in count). */
  async function bounded<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
    const results: T[] = new Array<T>(jobs.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: limit }, async () => {
        while (next < jobs.length) {
          const i = next;
          next += 1;
          results[i] = await (jobs[i] as () => Promise<T>)();
        }
      }),
    );
    return results;
  }

  test('300 concurrent entries through referral links overshoot neither the entry cap nor the bonus cap', async () => {
    const g = await createGiveaway(t.app, t.admin, { max_participants: 60, referral_cap: 3 });
    const codes = await referrers(g.id);
    const started = Date.now();
    const results = await bounded(
      Array.from(
        { length: 300 },
        (_, i) => () =>
          enter(t.app, g.id, `racer${i}@example.com`, `racer_${i}`, { ref: codes[i % 10] }),
      ),
      300,
    );
    const ms = Date.now() - started;
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(250);
    const after = await getGiveaway(t.app, g.id);
    expect(after.participant_count).toBe(60);
    const held = await bonuses(g.id);
    for (let i = 0; i < 10; i += 1) {
      expect(held[`ref${i}@example.com`]).toBeLessThanOrEqual(3);
    }
    // Each referrer holds exactly min(cap, its accepted referrals).
    const referred = await t.app.db
      .selectFrom('participants')
      .select(['referred_by'])
      .where('giveaway_id', '=', g.id)
      .where('referred_by', 'is not', null)
      .execute();
    expect(referred).toHaveLength(50);
    const rows = await t.app.db
      .selectFrom('participants')
      .select(['id', 'email', 'bonus_entries'])
      .where('giveaway_id', '=', g.id)
      .where('email', 'like', 'ref%')
      .execute();
    for (const row of rows) {
      const count = referred.filter((r) => r.referred_by === row.id).length;
      expect(row.bonus_entries).toBe(Math.min(3, count));
    }
    expect(after.bonus_entry_count).toBe(rows.reduce((sum, r) => sum + r.bonus_entries, 0));
    console.log(`300 referral entries (${testDialect()}): ${ms} ms`);
  });

  test('with confirmation on, 300 concurrent entries and then their confirmations never overshoot', async () => {
    const g = await createGiveaway(t.app, t.admin, {
      max_participants: 40,
      referral_cap: 2,
      confirm_entries: true,
    });
    const codes: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const answer = await entered(g.id, `cref${i}@example.com`, `cref_${i}`);
      expect((await confirm(g.id, await mailedToken(`cref${i}@example.com`))).statusCode).toBe(200);
      codes.push(answer.referral_code);
    }
    const entries = await bounded(
      Array.from(
        { length: 300 },
        (_, i) => () => enter(t.app, g.id, `c${i}@example.com`, `c_${i}`, { ref: codes[i % 10] }),
      ),
      300,
    );
    // Unconfirmed entries do not fill the giveaway: all 300 wait for confirmation.
    expect(entries.filter((r) => r.statusCode === 200)).toHaveLength(300);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(10);
    const tokens = smtp.mails.filter(
      (m) => /^c\d+@/.test(m.to[0] ?? '') && CONFIRM_LINK.test(m.text),
    );
    expect(tokens).toHaveLength(300);
    const confirmations = await bounded(
      tokens.map((mail) => () => {
        const token = CONFIRM_LINK.exec(mail.text)?.[1] ?? '';
        return confirm(g.id, token);
      }),
      300,
    );
    expect(confirmations.filter((r) => r.statusCode === 200)).toHaveLength(30);
    expect(confirmations.filter((r) => r.statusCode === 409)).toHaveLength(270);
    const after = await getGiveaway(t.app, g.id);
    expect(after.participant_count).toBe(40);
    expect(after.frozen?.entrant_count).toBe(40);
    const rows = await t.app.db
      .selectFrom('participants')
      .select(['id', 'bonus_entries'])
      .where('giveaway_id', '=', g.id)
      .where('email', 'like', 'cref%')
      .execute();
    const counted = await t.app.db
      .selectFrom('participants')
      .select(['referred_by'])
      .where('giveaway_id', '=', g.id)
      .where('confirmed_at', 'is not', null)
      .where('referred_by', 'is not', null)
      .execute();
    expect(counted).toHaveLength(30);
    for (const row of rows) {
      const n = counted.filter((r) => r.referred_by === row.id).length;
      expect(row.bonus_entries).toBe(Math.min(2, n));
    }
  });
});
