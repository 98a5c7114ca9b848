import crypto from 'node:crypto';
import { outboxCommand } from '../../../src/cli/outbox';
import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { startSmtp } from '../../helpers/smtp';
import { createGiveaway, enter } from './giveaways/fixtures';

/*
 * The links that act for a recipient (staff invitation, newsletter confirmation and unsubscribe,
 * giveaway claim) are never readable by an admin: the outbox answers and the personal-data
 * export show "[link sent to the recipient]" instead. The mail as delivered still carries the
 * real link: through SMTP, and without SMTP in the operator's command line (`npm run outbox`).
 * Each token is taken from that delivered copy, checked against its stored hash (so it is the
 * real one), looked for in the admin answers, and then followed to see that it works.
 */

jest.setTimeout(60_000);

const PUBLIC_URL = 'https://site.example';
const PLACEHOLDER = '[link sent to the recipient]';
const sha = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL, RATE_LIMITS: 'off' });
  admin = (await userWithToken(t.app, 'admin')).authorization;
});
afterAll(() => t.close());

/** What `npm run outbox` prints. */
async function operatorView(): Promise<string> {
  let printed = '';
  await outboxCommand(['--limit', '100'], t.app, {
    stdin: process.stdin,
    stdout: { write: (text: string) => (printed += text) },
    stderr: { write: () => true },
  });
  return printed;
}

/** The newest printed mail to `to` whose subject starts with `subject`. */
async function printedMail(to: string, subject: string): Promise<string> {
  const blocks = (await operatorView()).split(/\n(?=#\d+ {2})/);
  const block = blocks.find(
    (b) => b.includes(`\nTo: ${to}\n`) && b.includes(`Subject: ${subject}`),
  );
  if (!block) throw new Error(`no mail "${subject}" to ${to} in:\n${blocks.join('\n')}`);
  return block;
}

/** The token of the `path?token=` link in a printed mail (the first such link). */
function tokenIn(mail: string, path: string): string {
  const escaped = path.replace(/[.?]/g, '\\$&');
  const match = new RegExp(`${PUBLIC_URL}${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(mail);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${mail}`);
  return decodeURIComponent(match[1]);
}

/** Every answer an admin can get that holds kept mail: the outbox pages and the export. */
async function adminAnswers(addresses: string[]): Promise<string[]> {
  const bodies: string[] = [];
  for (const url of ['/api/v1/outbox/', '/api/v1/outbox/?per_page=100&page=1']) {
    const res = await t.app.inject({ url, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    bodies.push(res.body);
  }
  for (const email of addresses) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/personal-data/export',
      headers: { authorization: admin },
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    bodies.push(res.body);
  }
  return bodies;
}

async function expectHidden(token: string, addresses: string[]) {
  const answers = await adminAnswers(addresses);
  for (const body of answers) {
    expect(body).not.toContain(token);
    expect(body).not.toContain(encodeURIComponent(token));
  }
  expect(answers[0]).toContain(PLACEHOLDER);
}

describe('without SMTP: admins see placeholders, the command line the working links', () => {
  test('staff invitation', async () => {
    const email = 'invitee@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations',
      headers: { authorization: admin },
      payload: { email, role: 'editor' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await printedMail(email, 'You are invited');
    expect(mail).toContain("[holds the recipient's own link: for the recipient only]");
    const token = tokenIn(mail, '/accept-invite');
    const stored = await t.app.db
      .selectFrom('staff_invitations')
      .select('token_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha(token));

    await expectHidden(token, [email]);
    const outbox = await t.app.inject({
      url: '/api/v1/outbox/',
      headers: { authorization: admin },
    });
    const kept = outbox
      .json<{ items: { to: string; text: string }[] }>()
      .items.find((m) => m.to === email);
    expect(kept?.text).toContain(
      `To accept, open this link and choose your username and password:\n\n${PLACEHOLDER}\n`,
    );

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/accept',
      payload: { token, username: 'invited-editor', password: 'correct-horse-battery' },
    });
    expect(accepted.statusCode).toBeLessThan(300);
    const user = await t.app.db
      .selectFrom('users')
      .select('role')
      .where('username', '=', 'invited-editor')
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('editor');
  });

  test('newsletter confirmation, and the unsubscribe link in every newsletter mail', async () => {
    const email = 'reader@example.com';
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscribe',
      payload: { email },
    });
    const mail = await printedMail(email, 'Please confirm');
    const confirm = tokenIn(mail, '/newsletter/confirm');
    const unsubscribe = tokenIn(mail, '/newsletter/unsubscribe');
    expect(mail).toContain(
      `List-Unsubscribe: <${PUBLIC_URL}/api/v1/newsletter/unsubscribe/one-click?token=${encodeURIComponent(unsubscribe)}>`,
    );
    const hashes = (
      await t.app.db.selectFrom('newsletter_tokens').select(['purpose', 'token_hash']).execute()
    ).map((r) => [r.purpose, r.token_hash]);
    expect(hashes).toEqual(
      expect.arrayContaining([
        ['confirm', sha(confirm)],
        ['unsubscribe', sha(unsubscribe)],
      ]),
    );
    await expectHidden(confirm, [email]);
    await expectHidden(unsubscribe, [email]);

    const confirmed = await t.app.inject({
      url: `/api/v1/newsletter/confirm?token=${encodeURIComponent(confirm)}`,
    });
    expect(confirmed.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('newsletter_subscribers')
      .select('status')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
  });

  test('unsubscribe link asked for by address', async () => {
    const email = 'reader@example.com';
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/unsubscribe',
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await printedMail(email, 'Unsubscribe from');
    const token = tokenIn(mail, '/newsletter/unsubscribe');
    const stored = await t.app.db
      .selectFrom('newsletter_tokens')
      .select('purpose')
      .where('token_hash', '=', sha(token))
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('unsubscribe');
    await expectHidden(token, [email]);

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/unsubscribe',
      payload: { token },
    });
    expect(done.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('newsletter_subscribers')
      .select('status')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('unsubscribed');
  });

  test('giveaway claim', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Hidden claim' });
    const email = 'lucky@example.com';
    expect((await enter(t.app, g.id, email, 'lucky_one')).statusCode).toBe(200);
    const drawn = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/select-winner`,
      headers: { authorization: admin },
      payload: { close_now: true },
    });
    expect(drawn.statusCode).toBe(200);
    const mail = await printedMail(email, 'You won');
    const token = tokenIn(mail, `/giveaway/${g.id}/claim`);
    const stored = await t.app.db
      .selectFrom('giveaway_draw_rounds')
      .select('claim_token_hash')
      .where('giveaway_id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(stored.claim_token_hash).toBe(sha(token));
    await expectHidden(token, [email]);
    expect(drawn.body).not.toContain(token);

    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/claim`,
      payload: { token, full_name: 'Lucky One', delivery_address: '1 High St', consent: true },
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().message).toMatch(/^Your claim is recorded: /);
  });

  test('erasing the address removes the delivered copy with the admin copy', async () => {
    const email = 'invitee@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/personal-data/erase',
      headers: { authorization: admin },
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    expect(await operatorView()).not.toContain(`To: ${email}\n`);
  });
});

describe('with SMTP', () => {
  test('the delivered invitation carries the working link; a failed delivery is kept redacted', async () => {
    const smtp = await startSmtp();
    const mailed = await buildTestApp({ PUBLIC_URL, RATE_LIMITS: 'off', SMTP_URL: smtp.url });
    const failing = await buildTestApp({
      PUBLIC_URL,
      RATE_LIMITS: 'off',
      // Nothing listens on port 9 of loopback: delivery fails and the mail is kept.
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    try {
      const boss = (await userWithToken(mailed.app, 'admin')).authorization;
      const seen = smtp.mails.length;
      const res = await mailed.app.inject({
        method: 'POST',
        url: '/api/v1/staff/invitations',
        headers: { authorization: boss },
        payload: { email: 'by-mail@example.com', role: 'admin' },
      });
      expect(res.statusCode).toBe(201);
      const mail = await smtp.waitForMail(seen);
      const token = tokenIn(mail.text, '/accept-invite');
      const accepted = await mailed.app.inject({
        method: 'POST',
        url: '/api/v1/staff/invitations/accept',
        payload: { token, username: 'mailed-admin', password: 'correct-horse-battery' },
      });
      expect(accepted.statusCode).toBeLessThan(300);
      const outbox = await mailed.app.inject({
        url: '/api/v1/outbox/',
        headers: { authorization: boss },
      });
      expect(outbox.json().total).toBe(0);

      const other = (await userWithToken(failing.app, 'admin')).authorization;
      const kept = await failing.app.inject({
        method: 'POST',
        url: '/api/v1/staff/invitations',
        headers: { authorization: other },
        payload: { email: 'later@example.com', role: 'editor' },
      });
      expect(kept.statusCode).toBe(201);
      const view = await failing.app.inject({
        url: '/api/v1/outbox/',
        headers: { authorization: other },
      });
      expect(view.json().items[0]).toMatchObject({
        reason: 'smtp-failed',
        to: 'later@example.com',
      });
      expect(view.body).toContain(PLACEHOLDER);
      expect(view.body).not.toContain('token=');
      let printed = '';
      await outboxCommand([], failing.app, {
        stdin: process.stdin,
        stdout: { write: (text: string) => (printed += text) },
        stderr: { write: () => true },
      });
      const later = tokenIn(printed, '/accept-invite');
      const check = await failing.app.inject({
        method: 'POST',
        url: '/api/v1/staff/invitations/check',
        payload: { token: later },
      });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ email: 'later@example.com', role: 'editor' });
    } finally {
      await mailed.close();
      await failing.close();
      await smtp.close();
    }
  });
});
