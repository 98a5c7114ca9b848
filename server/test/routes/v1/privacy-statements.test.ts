import fs from 'node:fs';
import path from 'node:path';
import type { PersonalDataExport } from '@site/contracts';
import { readContentFile } from '@site/pipeline';
import { deliveredText } from '../../helpers/delivered-mail';
import { createUser } from '../../../src/services/accounts';
import { createGiveaway, enter, setup, type GiveawayTestContext } from './giveaways/fixtures';

/**
 * The privacy page (content/legal.yaml) promises what the site keeps, for how long, and what a
 * copy and an erasure hold. Each promise is quoted here and the behaviour it describes is run:
 * when one changes, the other must.
 */
const legal = readContentFile(
  fs.readFileSync(path.join(__dirname, '../../../../content/legal.yaml'), 'utf8'),
  'legal.yaml',
);
const privacyText = legal.privacy.sections
  .flatMap((section) => [...(section.paragraphs ?? []), ...(section.items ?? [])])
  .join('\n');

const PERSON = 'reader@example.com';

let t: GiveawayTestContext;
beforeEach(async () => {
  t = await setup({ SMTP_URL: '', OWNER_EMAIL: 'owner@agentworks.example' });
});
afterEach(() => t.close());

const personalData = (action: 'export' | 'erase', email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/personal-data/${action}`,
    headers: { authorization: t.admin },
    payload: { email },
  });

function tokenIn(text: string, page: string): string {
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in:\n${text}`);
  return decodeURIComponent(match[1]);
}

async function subscribedAndConfirmed(email: string) {
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/newsletter/subscribe',
        payload: { email },
      })
    ).statusCode,
  ).toBe(200);
  const token = tokenIn(await deliveredText(t.app.db, email), '/newsletter/confirm');
  const confirmed = await t.app.inject({
    method: 'GET',
    url: `/api/v1/newsletter/confirm?token=${encodeURIComponent(token)}`,
  });
  expect(confirmed.statusCode).toBe(200);
}

test('"Unsubscribing stops every mail at once and keeps only the record that you left"', async () => {
  expect(privacyText).toContain(
    'Unsubscribing stops every mail at once and keeps only the record that you left',
  );
  await subscribedAndConfirmed(PERSON);
  const welcome = await deliveredText(t.app.db, PERSON);
  const left = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { token: tokenIn(welcome, '/newsletter/unsubscribe') },
  });
  expect(left.statusCode).toBe(200);
  const row = await t.app.db
    .selectFrom('newsletter_subscribers')
    .select(['status', 'unsubscribed_at', 'consent_text'])
    .where('email', '=', PERSON)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('unsubscribed');
  expect(row.unsubscribed_at).not.toBeNull();
});

test('"Staff sessions end after 8 hours ... an ended session is deleted (one that ran out, at the next login)"', async () => {
  expect(privacyText).toContain('Staff sessions end after 8 hours');
  expect(privacyText).toContain(
    'an ended session is deleted (one that ran out, at the next login)',
  );
  expect(t.app.config.jwtTtlSeconds).toBe(8 * 60 * 60);
  const login = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'kept', password: 'a-long-password-1' },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ access_token: string }>().access_token;
  };
  await createUser(t.app.db, 'kept', 'a-long-password-1', 'editor');
  await login();
  const first = await t.app.db.selectFrom('sessions').select('id').execute();
  // The session runs out; the next login deletes it.
  await t.app.db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .execute();
  const token = await login();
  const ids = (await t.app.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
  expect(ids).toHaveLength(1);
  expect(ids).not.toContain(first[0]?.id);
  // Logging out deletes the session at once.
  const out = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(out.statusCode).toBe(200);
  expect(await t.app.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
});

test('a copy holds what the page lists, and erasing deletes it', async () => {
  expect(privacyText).toContain(
    'your enquiries, your subscription with the consent you gave, your giveaway entries, and the mail we sent you',
  );
  expect(privacyText).toContain(
    'Erasing deletes your enquiries, your subscription and the mail we sent you, and your giveaway entries',
  );
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact/',
        payload: { name: 'Reader', email: PERSON, message: 'Hello there.' },
      })
    ).statusCode,
  ).toBe(200);
  await subscribedAndConfirmed(PERSON);
  const giveaway = await createGiveaway(t.app, t.admin);
  expect((await enter(t.app, giveaway.id, PERSON, 'reader')).statusCode).toBe(200);

  const copy = (await personalData('export', PERSON)).json<PersonalDataExport>();
  expect(copy.enquiries).toHaveLength(1);
  expect(copy.subscription).toMatchObject({ email: PERSON, status: 'confirmed' });
  expect(JSON.stringify(copy.subscription)).toContain('No spam, unsubscribe anytime.');
  expect(copy.giveaway_entries).toHaveLength(1);
  // The enquiry's acknowledgement, the subscription's confirmation and welcome, the entry receipt.
  expect(copy.mail.length).toBeGreaterThanOrEqual(3);

  const erased = await personalData('erase', PERSON);
  expect(erased.statusCode).toBe(200);
  expect(erased.json()).toMatchObject({
    enquiries: 1,
    subscriptions: 1,
    giveaway_entries_deleted: 1,
  });
  const after = (await personalData('export', PERSON)).json<PersonalDataExport>();
  expect(after).toMatchObject({
    enquiries: [],
    subscription: null,
    giveaway_entries: [],
    mail: [],
  });
});

test('"kept for 365 days", "90 days after a giveaway\'s claim period ends", "kept for 30 days": the periods the schedule uses', () => {
  expect(privacyText).toContain(
    'Enquiries are kept for 365 days after they arrive, then erased by themselves',
  );
  expect(privacyText).toContain("90 days after a giveaway's claim period ends");
  expect(privacyText).toContain('Copies of mail sent to you are kept for 30 days');
  expect(t.app.config.retention).toEqual({ entryDays: 90, enquiryDays: 365, outboxDays: 30 });
  // What the notice says is collected for each feature that collects it.
  for (const feature of [
    'Entry confirmation, where a giveaway asks for it:',
    'Referrals, where a giveaway has them:',
    'Prize claims:',
    'Reports of a taken handle:',
    'Mail limits:',
  ]) {
    expect(privacyText).toContain(feature);
  }
});
