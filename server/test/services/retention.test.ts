import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database';
import { applyRetention } from '../../src/services/retention';
import {
  createGiveaway,
  enter,
  setup,
  type GiveawayTestContext,
} from '../routes/v1/giveaways/fixtures';

/*
 * The retention schedule, run at times the test chooses: a drawn giveaway's entrants and delivery
 * details are erased ENTRY_RETENTION_DAYS after its claim period ends, leaving the public draw
 * record exactly as it was; enquiries and outbox mail go after their own periods.
 */

jest.setTimeout(60_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup({ SMTP_URL: '', OWNER_EMAIL: 'owner@agentworks.example' });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const days = { entryDays: 90, enquiryDays: 365, outboxDays: 30 };

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
  expect(res.statusCode).toBe(200);
  return res.body;
};

async function entrants(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('participants')
    .select(['email', 'mailbox', 'instagram_handle', 'referral_code', 'receipt_hash'])
    .where('giveaway_id', '=', id)
    .orderBy('id')
    .execute();
}

test('entrants of a drawn giveaway are erased 90 days after its claim period; the draw stays verifiable', async () => {
  const drawn = await createGiveaway(t.app, t.admin, { claim_days: 7 });
  const open = await createGiveaway(t.app, t.admin);
  for (const [email, handle] of [
    ['ann@example.com', 'ann'],
    ['bo@example.com', 'bo'],
  ] as const) {
    expect((await enter(t.app, drawn.id, email, handle)).statusCode).toBe(200);
    expect((await enter(t.app, open.id, email, handle)).statusCode).toBe(200);
  }
  const draw = await t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${drawn.id}/select-winner`,
    headers: { authorization: t.admin },
    payload: { close_now: true },
  });
  expect(draw.statusCode).toBe(200);
  const enquiry = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact/',
    payload: { name: 'Cy', email: 'cy@example.com', message: 'Hello' },
  });
  expect(enquiry.statusCode).toBe(200);
  const record = await get(`/giveaway/${drawn.id}/verification`);
  const list = await get(`/giveaway/${drawn.id}/frozen-entries.txt`);
  const hashes = (await entrants(t.app.db, drawn.id)).map((e) => e.receipt_hash);

  // 30 days on: the claim period (7 days) ended 23 days ago; only the outbox's period is over.
  const early = await applyRetention(t.app.db, days, new Date(Date.now() + 31 * DAY));
  expect(early).toMatchObject({ giveaways: 0, entries: 0, enquiries: 0 });
  expect(early.mail).toBeGreaterThan(0);
  expect((await t.app.db.selectFrom('outbox').select('id').execute()).length).toBe(0);
  expect((await entrants(t.app.db, drawn.id))[0]?.email).toBe('ann@example.com');

  // 98 days on: 91 days after the claim period ended.
  const due = await applyRetention(t.app.db, days, new Date(Date.now() + 98 * DAY));
  expect(due).toMatchObject({ giveaways: 1, entries: 2, enquiries: 0 });
  const erased = await entrants(t.app.db, drawn.id);
  for (const entry of erased) {
    expect(entry.email).toMatch(/^erased-\d+@erased\.invalid$/);
    expect(entry.mailbox).toBe(entry.email);
    expect(entry.instagram_handle).toMatch(/^erased-\d+$/);
    expect(entry.referral_code).toBeNull();
  }
  expect(erased.map((e) => e.receipt_hash)).toEqual(hashes);
  // The public record is the same but for the winner's handle, which goes with the rest (as in
  // an erasure on request): commitment, seed, list, fingerprint, positions and hashes stay.
  const withoutHandles = (body: string) =>
    body.replace(/"winner_handle":"[^"]*"/g, '"winner_handle":"…"');
  const now = await get(`/giveaway/${drawn.id}/verification`);
  expect(now).toContain('"winner_handle":"erased-');
  expect(withoutHandles(now)).toBe(withoutHandles(record));
  expect(await get(`/giveaway/${drawn.id}/frozen-entries.txt`)).toBe(list);
  // A giveaway not drawn keeps its entrants; running again erases nothing more.
  expect((await entrants(t.app.db, open.id)).map((e) => e.email)).toEqual([
    'ann@example.com',
    'bo@example.com',
  ]);
  expect(await applyRetention(t.app.db, days, new Date(Date.now() + 98 * DAY))).toMatchObject({
    giveaways: 0,
    entries: 0,
  });

  // A year and a day on, the enquiry goes.
  const late = await applyRetention(t.app.db, days, new Date(Date.now() + 366 * DAY));
  expect(late.enquiries).toBe(1);
});

test('the schedule runs by itself a minute after start, then every hour', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  const own = await setup();
  try {
    const old = new Date(Date.now() - 400 * DAY).toISOString();
    const enquiry = {
      name: 'Old',
      email: 'old@example.com',
      phone: '',
      company: '',
      message: 'Hello',
      service: '',
      read_at: null,
    };
    const keep = () => own.app.db.selectFrom('contact_enquiries').select('id').execute();
    const settled = async (count: number) => {
      for (let i = 0; i < 500 && (await keep()).length !== count; i += 1)
        await new Promise((resolve) => setImmediate(resolve));
      return (await keep()).length;
    };
    await own.app.db
      .insertInto('contact_enquiries')
      .values({ ...enquiry, created_at: old })
      .execute();
    jest.advanceTimersByTime(59_000);
    expect(await settled(0)).toBe(1);
    jest.advanceTimersByTime(1_000);
    expect(await settled(0)).toBe(0);
    // The run releases its lock and sets the next one after it has erased: let it finish.
    for (let i = 0; i < 50; i += 1) await keep();

    await own.app.db
      .insertInto('contact_enquiries')
      .values({ ...enquiry, created_at: old })
      .execute();
    jest.advanceTimersByTime(60 * 60_000);
    expect(await settled(0)).toBe(0);
  } finally {
    jest.useRealTimers();
    await own.close();
  }
});
