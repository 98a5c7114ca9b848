import crypto from 'node:crypto';
import type { PersonalDataExport } from '@site/contracts';
import { erasedEmail, erasedHandle } from '../../../src/services/personal-data';
import {
  createGiveaway,
  enter,
  getGiveaway,
  setup,
  type GiveawayTestContext,
} from './giveaways/fixtures';

const PERSON = 'Person@Example.com';
const OTHER = 'other@example.com';

let t: GiveawayTestContext;
beforeEach(async () => {
  t = await setup({ SMTP_URL: '', OWNER_EMAIL: 'owner@agentworks.example' });
});
afterEach(() => t.close());

const call = (action: 'export' | 'erase', email: string, authorization = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/personal-data/${action}`,
    headers: { authorization },
    payload: { email },
  });

/** Leaves a trace of `email` everywhere the site keeps one. */
async function footprint(email: string, handle: string) {
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact/',
    payload: { name: 'Pat', email, message: `Hello from ${email}` },
  });
  expect(contact.statusCode).toBe(200);
  const sub = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/subscribe',
    payload: { email },
  });
  expect(sub.statusCode).toBe(200);
  return handle;
}

test('export gathers enquiries, the subscription, giveaway entries and kept mail', async () => {
  await footprint(PERSON, 'pat');
  await footprint(OTHER, 'oth');
  const g = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, g.id, 'PERSON@example.com', 'pat')).statusCode).toBe(200);
  expect((await enter(t.app, g.id, OTHER, 'oth')).statusCode).toBe(200);

  const res = await call('export', 'person@EXAMPLE.com');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const data = res.json<PersonalDataExport>();
  expect(data.email).toBe('person@example.com');
  expect(data.enquiries).toHaveLength(1);
  expect(data.enquiries[0]).toMatchObject({ name: 'Pat', email: PERSON });
  expect(data.subscription).toMatchObject({ email: 'person@example.com', status: 'pending' });
  expect(data.giveaway_entries).toEqual([
    {
      id: expect.any(Number),
      giveaway_id: g.id,
      giveaway_title: g.title,
      email: 'person@example.com',
      instagram_handle: 'pat',
      created_at: expect.any(String),
      won: false,
    },
  ]);
  // The owner's notice names the enquirer as Reply-To; the confirmation mail is addressed to them.
  expect(data.mail.map((m) => m.subject).sort()).toEqual([
    'New enquiry from Pat',
    'Please confirm your AgentWorks newsletter subscription',
    'We received your message – AgentWorks',
  ]);
  expect(JSON.stringify(data)).not.toContain(OTHER);
});

test('erase removes everything; a drawn giveaway keeps the winner’s place with a placeholder', async () => {
  await footprint(PERSON, 'pat');
  await footprint(OTHER, 'oth');
  const open = await createGiveaway(t.app, t.admin);
  const drawn = await createGiveaway(t.app, t.admin);
  await enter(t.app, open.id, PERSON, 'pat');
  await enter(t.app, open.id, OTHER, 'oth');
  await enter(t.app, drawn.id, PERSON, 'pat');
  const spy = jest
    .spyOn(crypto, 'randomInt')
    .mockImplementationOnce((() => 0) as unknown as typeof crypto.randomInt);
  const draw = await t.app.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${drawn.id}/select-winner`,
    headers: { authorization: t.admin },
    payload: { close_now: true },
  });
  spy.mockRestore();
  expect(draw.statusCode).toBe(200);
  const winnerId = draw.json().winner.id as number;
  const before = await getGiveaway(t.app, drawn.id, t.admin);

  const res = await call('erase', PERSON);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    message: 'Everything held about that address has been erased.',
    enquiries: 1,
    subscriptions: 1,
    giveaway_claims: 0,
    giveaway_handle_reports: 0,
    giveaway_entries_deleted: 1,
    giveaway_entries_anonymised: 1,
    // The enquiry notice and its acknowledgement, the subscription confirmation and the
    // winner's notice of the draw.
    mail: 4,
    staff_invitations: 0,
    staff_account: null,
  });

  const left = (await call('export', PERSON)).json<PersonalDataExport>();
  expect(left).toMatchObject({ enquiries: [], subscription: null, giveaway_entries: [], mail: [] });

  // The draw record is whole: same winner, same entrant count and fingerprint.
  const after = await getGiveaway(t.app, drawn.id, t.admin);
  expect(after.winner_id).toBe(winnerId);
  expect(after.draw).toEqual(before.draw);
  expect(after.winner_details).toEqual({
    instagram_handle: erasedHandle(winnerId),
    email: erasedEmail(winnerId),
  });
  // Its mailbox (kept to tell one person's addresses apart) goes with the address.
  const kept = await t.app.db
    .selectFrom('participants')
    .select('mailbox')
    .where('id', '=', winnerId)
    .executeTakeFirstOrThrow();
  expect(kept.mailbox).toBe(erasedEmail(winnerId));
  // The open giveaway's count follows the deleted entry; the other entrant is untouched.
  expect((await getGiveaway(t.app, open.id)).participant_count).toBe(1);
  const others = (await call('export', OTHER)).json<PersonalDataExport>();
  expect(others.enquiries).toHaveLength(1);
  expect(others.giveaway_entries).toHaveLength(1);
  expect(others.subscription).not.toBeNull();

  const again = await call('erase', PERSON);
  expect(again.json()).toMatchObject({ message: 'Nothing was held about that address.' });
});

test('only admins may export or erase; a malformed address is refused', async () => {
  await footprint(PERSON, 'pat');
  for (const action of ['export', 'erase'] as const) {
    expect((await call(action, PERSON, t.editor)).statusCode).toBe(403);
    expect((await call(action, PERSON, '')).statusCode).toBe(401);
    const bad = await call(action, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'email', message: 'must be an e-mail address' }]);
  }
  expect((await call('export', PERSON)).json().enquiries).toHaveLength(1);
});

test('an address with LIKE wildcards matches only itself', async () => {
  await footprint('a_b%c@example.com', 'wild');
  await footprint('axbyc@example.com', 'tame');
  const res = await call('erase', 'a_b%c@example.com');
  // The enquiry notice and its acknowledgement, and the subscription confirmation.
  expect(res.json()).toMatchObject({ enquiries: 1, subscriptions: 1, mail: 3 });
  const tame = (await call('export', 'axbyc@example.com')).json<PersonalDataExport>();
  expect(tame.enquiries).toHaveLength(1);
  expect(tame.mail).toHaveLength(3);
});

test('newsletter issues sent to the address are exported, and erased with the subscription', async () => {
  await footprint(PERSON, 'pat');
  await footprint(OTHER, 'oth');
  const now = new Date().toISOString();
  const issue = await t.app.db
    .insertInto('newsletter_issues')
    .values({
      slug: 'what-is-an-ai-agent',
      subject: 'What Is an AI Agent?',
      post_url: 'http://127.0.0.1/blog/what-is-an-ai-agent',
      html_body: '<p>x</p>',
      text_body: 'x',
      status: 'sent',
      recipient_count: 2,
      created_by: 'admin',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subscribers = await t.app.db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email'])
    .execute();
  await t.app.db
    .insertInto('newsletter_issue_recipients')
    .values(
      subscribers.map((s) => ({
        issue_id: issue.id,
        subscriber_id: s.id,
        email: s.email,
        state: 'sent' as const,
        next_attempt_at: now,
        sent_at: now,
        updated_at: now,
      })),
    )
    .execute();

  const data = (await call('export', PERSON)).json<PersonalDataExport>();
  expect(data.newsletter_issues).toEqual([
    { issue_id: issue.id, subject: 'What Is an AI Agent?', state: 'sent', sent_at: now },
  ]);
  expect((await call('erase', PERSON)).statusCode).toBe(200);
  expect((await call('export', PERSON)).json<PersonalDataExport>().newsletter_issues).toEqual([]);
  // The other subscriber's delivery record stays.
  expect((await call('export', OTHER)).json<PersonalDataExport>().newsletter_issues).toHaveLength(
    1,
  );
});

test('addresses that contain one another are different people: export and erase match whole addresses only', async () => {
  // ann@x.example is inside joann@x.example and ann@x.example.org; ANN@X.Example is ann.
  await footprint('ann@x.example', 'ann');
  await footprint('joann@x.example', 'joann');
  await footprint('ann@x.example.org', 'annorg');
  const shouting = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact/',
    payload: { name: 'Ann again', email: 'ANN@X.Example', message: 'Hello in capitals' },
  });
  expect(shouting.statusCode).toBe(200);
  // Mail naming Ann in a header the way mail programs write it (a display name around the address).
  await t.app.mailer.send({
    to: 'owner@agentworks.example',
    subject: 'Forwarded note',
    text: 'x',
    headers: { 'reply-to': '"Ann A." <Ann@x.EXAMPLE>', Cc: 'joann@x.example' },
  });
  const g = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, g.id, 'ann@x.example', 'ann')).statusCode).toBe(200);
  expect((await enter(t.app, g.id, 'joann@x.example', 'joann')).statusCode).toBe(200);
  expect((await enter(t.app, g.id, 'ann@x.example.org', 'annorg')).statusCode).toBe(200);

  const exported = (await call('export', 'Ann@X.example')).json<PersonalDataExport>();
  expect(exported.email).toBe('ann@x.example');
  expect(exported.enquiries.map((e) => e.email).sort()).toEqual(['ANN@X.Example', 'ann@x.example']);
  expect(exported.giveaway_entries.map((e) => e.instagram_handle)).toEqual(['ann']);
  expect(exported.mail.map((m) => m.subject).sort()).toEqual([
    'Forwarded note',
    'New enquiry from Ann again',
    'New enquiry from Pat',
    'Please confirm your AgentWorks newsletter subscription',
    'We received your message – AgentWorks',
    'We received your message – AgentWorks',
  ]);
  // Nothing of the other two people: no enquiry, notice or confirmation of theirs.
  const ofAnn = JSON.stringify({
    ...exported,
    mail: exported.mail.filter((m) => m.subject !== 'Forwarded note'),
  });
  expect(ofAnn).not.toContain('joann');
  expect(ofAnn).not.toContain('x.example.org');

  const others = async () =>
    Promise.all(
      ['joann@x.example', 'ann@x.example.org'].map(async (email) => {
        const { exported_at: _at, ...rest } = (
          await call('export', email)
        ).json<PersonalDataExport>();
        return rest;
      }),
    );
  const before = await others();
  expect(before.map((data) => data.enquiries.length)).toEqual([1, 1]);
  expect(before.map((data) => data.mail.length)).toEqual([4, 3]);

  const erased = await call('erase', 'ANN@x.example');
  expect(erased.json()).toMatchObject({
    enquiries: 2,
    subscriptions: 1,
    giveaway_entries_deleted: 1,
    mail: 6,
  });
  expect((await call('export', 'ann@x.example')).json<PersonalDataExport>()).toMatchObject({
    enquiries: [],
    subscription: null,
    giveaway_entries: [],
    mail: [],
  });
  // Erasing Ann took the forwarded note (it names her), so joann's export loses only that mail.
  const after = await others();
  expect(after[1]).toEqual(before[1]);
  expect(after[0]).toEqual({
    ...before[0],
    mail: before[0]?.mail.filter((m) => m.subject !== 'Forwarded note'),
  });
});

test('staff addresses: invitations are exported and erased; an account keeps its own address and the answer says why', async () => {
  const at = new Date().toISOString();
  const invitation = (email: string) => ({
    email,
    role: 'editor' as const,
    token_hash: crypto.randomBytes(32).toString('hex'),
    invited_by: t.adminName,
    created_at: at,
    expires_at: at,
  });
  await t.app.db
    .insertInto('staff_invitations')
    .values([
      invitation('staffer@example.com'),
      invitation('staffer@example.com'),
      invitation(OTHER),
    ])
    .execute();
  await t.app.db
    .insertInto('users')
    .values({
      username: 'staffer',
      password_hash: 'not-a-real-hash',
      role: 'editor',
      email: 'staffer@example.com',
      created_at: at,
      updated_at: at,
    })
    .execute();

  const data = (await call('export', 'Staffer@example.com')).json<PersonalDataExport>();
  expect(data.staff_account).toEqual({ username: 'staffer', role: 'editor', created_at: at });
  expect(data.staff_invitations).toHaveLength(2);
  expect(data.staff_invitations[0]).toMatchObject({ role: 'editor', invited_by: t.adminName });

  const erased = await call('erase', 'staffer@example.com');
  expect(erased.statusCode).toBe(200);
  expect(erased.json()).toMatchObject({
    staff_invitations: 2,
    staff_account: 'staffer',
    message:
      'Everything held about that address has been erased. It stays as the address of the staff account "staffer" while that account exists; remove the account under Staff to erase it.',
  });
  const left = await t.app.db.selectFrom('staff_invitations').select('email').execute();
  expect(left).toEqual([{ email: OTHER }]);
  const again = (await call('export', 'staffer@example.com')).json<PersonalDataExport>();
  expect(again.staff_invitations).toEqual([]);
  expect(again.staff_account?.username).toBe('staffer');
});
