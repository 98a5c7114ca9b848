import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../helpers/smtp';

const PUBLIC_URL = 'https://agentworks.example';

let smtp: TestSmtp;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, RATE_LIMIT_NEWSLETTER: '1000' });
  admin = (await userWithToken(t.app, 'admin')).authorization;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function subscribe(email: string, extra: Record<string, string> = {}) {
  const seen = smtp.mails.length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/subscribe',
    payload: { email, ...extra },
  });
  return { res, seen };
}

function linkIn(mail: ReceivedMail, path: string): URL {
  const match = new RegExp(`${PUBLIC_URL}${path}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return new URL(match[0]);
}

function oneClickUrl(mail: ReceivedMail): string {
  const header = mail.headers['list-unsubscribe'] ?? '';
  const url = /^<([^>]+)>$/.exec(header)?.[1];
  if (!url) throw new Error(`bad List-Unsubscribe header: ${header}`);
  return url.slice(PUBLIC_URL.length);
}

async function subscribers() {
  return (
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/newsletter/subscribers',
      headers: { authorization: admin },
    })
  ).json();
}

test('double opt-in: confirmation mail through SMTP, confirmed through its link, welcome mail with one-click unsubscribe', async () => {
  const { res, seen } = await subscribe('Reader@Example.com', {
    source: '/blog/agents-sdk',
    consent_text: 'Weekly insights. No spam, unsubscribe anytime.',
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toMatch(/check your inbox/);

  const confirmation = await smtp.waitForMail(seen);
  expect(confirmation.to).toEqual(['reader@example.com']);
  expect(confirmation.headers.subject).toMatch(/confirm/i);
  expect(confirmation.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(oneClickUrl(confirmation)).toMatch(
    /^\/api\/v1\/newsletter\/unsubscribe\/one-click\?token=/,
  );
  expect(confirmation.text).toContain(`${PUBLIC_URL}/newsletter/unsubscribe?token=`);

  // Pending until confirmed.
  expect((await subscribers()).total).toBe(0);

  const link = linkIn(confirmation, '/newsletter/confirm');
  const seenBeforeConfirm = smtp.mails.length;
  const confirmed = await t.app.inject({
    method: 'GET',
    url: `/api/v1/newsletter/confirm${link.search}`,
  });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json().message).toMatch(/now subscribed/);

  const list = await subscribers();
  expect(list.items).toEqual([
    {
      id: expect.any(Number),
      email: 'reader@example.com',
      confirmed_at: expect.any(String),
      consent_at: expect.any(String),
      consent_source: '/blog/agents-sdk',
      consent_text: 'Weekly insights. No spam, unsubscribe anytime.',
    },
  ]);

  // Single use: the same link confirms nothing new.
  const again = await t.app.inject({
    method: 'GET',
    url: `/api/v1/newsletter/confirm${link.search}`,
  });
  expect(again.json().message).toBe('Your subscription is already confirmed.');

  const welcome = await smtp.waitForMail(seenBeforeConfirm);
  expect(welcome.headers.subject).toMatch(/welcome/i);
  expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // What a mail client does for one-click unsubscribe (RFC 8058).
  const oneClick = await t.app.inject({
    method: 'POST',
    url: oneClickUrl(welcome),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.statusCode).toBe(200);
  expect(oneClick.json().message).toMatch(/unsubscribed/);
  expect((await subscribers()).total).toBe(0);
});

test('the answer is the same for a new, a pending and a confirmed address; confirmed ones get no new mail', async () => {
  const first = await subscribe('same@example.com');
  const mail = await smtp.waitForMail(first.seen);

  // Asking again at once sends nothing more (no inbox flooding), with the same answer.
  const flood = await subscribe('same@example.com');
  expect(flood.res.json()).toEqual(first.res.json());
  expect(smtp.mails.length).toBe(flood.seen);

  // After the cool-down a new request sends a new link and retires the old one.
  await t.app.db
    .updateTable('newsletter_tokens')
    .set({ created_at: new Date(Date.now() - 3 * 60_000).toISOString() })
    .where('purpose', '=', 'confirm')
    .execute();
  const pending = await subscribe('same@example.com');
  await smtp.waitForMail(pending.seen);
  await t.app.inject({
    method: 'GET',
    url: `/api/v1/newsletter/confirm${linkIn(mail, '/newsletter/confirm').search}`,
  });
  // The first link was replaced by the second request's link.
  expect(
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/newsletter/confirm${linkIn(mail, '/newsletter/confirm').search}`,
      })
    ).statusCode,
  ).toBe(400);
  const second = smtp.mails[pending.seen] as ReceivedMail;
  expect(
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/newsletter/confirm${linkIn(second, '/newsletter/confirm').search}`,
      })
    ).statusCode,
  ).toBe(200);

  const known = await subscribe('same@example.com');
  expect(known.res.json()).toEqual(first.res.json());
  expect(pending.res.json()).toEqual(first.res.json());
  // Only the welcome mail arrived after confirming; nothing for the repeat request.
  expect(smtp.mails.slice(known.seen)).toHaveLength(0);
});

test('unknown and expired confirmation links are refused with a sentence', async () => {
  const unknown = await t.app.inject({
    method: 'GET',
    url: '/api/v1/newsletter/confirm?token=nope',
  });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json().detail).toBe(
    'This confirmation link is invalid or has expired. Please subscribe again to get a new one.',
  );

  const { seen } = await subscribe('late@example.com');
  const link = linkIn(await smtp.waitForMail(seen), '/newsletter/confirm');
  await t.app.db
    .updateTable('newsletter_tokens')
    .set({ expires_at: '2000-01-01T00:00:00.000Z' })
    .where('purpose', '=', 'confirm')
    .execute();
  const expired = await t.app.inject({
    method: 'GET',
    url: `/api/v1/newsletter/confirm${link.search}`,
  });
  expect(expired.statusCode).toBe(400);

  const missing = await t.app.inject({ method: 'GET', url: '/api/v1/newsletter/confirm' });
  expect(missing.statusCode).toBe(400);
});

test('tokens are stored only as hashes', async () => {
  const { seen } = await subscribe('hashed@example.com');
  const token = linkIn(await smtp.waitForMail(seen), '/newsletter/confirm').searchParams.get(
    'token',
  ) as string;
  const rows = await t.app.db.selectFrom('newsletter_tokens').select('token_hash').execute();
  expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  expect(rows.some((r) => r.token_hash === token)).toBe(false);
});

test('unsubscribe by e-mail and by token; same answer for unknown ones; a pending link dies with it', async () => {
  const { seen } = await subscribe('leaver@example.com');
  const confirmation = await smtp.waitForMail(seen);
  const confirmLink = linkIn(confirmation, '/newsletter/confirm');
  await t.app.inject({ method: 'GET', url: `/api/v1/newsletter/confirm${confirmLink.search}` });
  expect((await subscribers()).items.map((s: { email: string }) => s.email)).toContain(
    'leaver@example.com',
  );

  const byEmail = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { email: 'LEAVER@example.com' },
  });
  expect(byEmail.statusCode).toBe(200);
  expect((await subscribers()).items.map((s: { email: string }) => s.email)).not.toContain(
    'leaver@example.com',
  );

  const unknown = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { email: 'never@example.com' },
  });
  expect(unknown.json()).toEqual(byEmail.json());

  // Resubscribe, then leave with the token from the mail's visible link before confirming.
  const again = await subscribe('leaver@example.com');
  const mail = await smtp.waitForMail(again.seen);
  const token = linkIn(mail, '/newsletter/unsubscribe').searchParams.get('token');
  const byToken = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { token },
  });
  expect(byToken.json()).toEqual(byEmail.json());
  const late = await t.app.inject({
    method: 'GET',
    url: `/api/v1/newsletter/confirm${linkIn(mail, '/newsletter/confirm').search}`,
  });
  expect(late.statusCode).toBe(400);

  const neither = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: {},
  });
  expect(neither.statusCode).toBe(400);
  const both = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { email: 'a@example.com', token: 'x' },
  });
  expect(both.statusCode).toBe(400);
});

test('subscribe validates the address and rejects unknown fields', async () => {
  for (const payload of [
    {},
    { email: 'no-at-sign' },
    { email: 'a@example.com', admin: true },
    { email: `${'a'.repeat(250)}@example.com` },
  ]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscribe',
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(expect.any(String));
  }
});

test('CSV export: confirmed subscribers only, with formula-looking cells neutralised', async () => {
  const { seen } = await subscribe('csv@example.com', {
    source: '=HYPERLINK("http://evil.example")',
    consent_text: '+1 "quoted" text',
  });
  await t.app.inject({
    method: 'GET',
    url: `/api/v1/newsletter/confirm${linkIn(await smtp.waitForMail(seen), '/newsletter/confirm').search}`,
  });
  await subscribe('pending-only@example.com');

  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/newsletter/subscribers.csv',
    headers: { authorization: admin },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const lines = res.body.trim().split('\r\n');
  expect(lines[0]).toBe('"email","confirmed_at","consent_at","consent_source","consent_text"');
  const row = lines.find((l) => l.startsWith('"csv@example.com"'));
  expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  expect(row).toContain(`"'+1 ""quoted"" text"`);
  expect(res.body).not.toContain('pending-only@example.com');
});

test('the newsletter limit answers 429 with Retry-After', async () => {
  const limited = await buildTestApp({ RATE_LIMIT_NEWSLETTER: '1' });
  try {
    await limited.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscribe',
      payload: { email: 'x@example.com' },
    });
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscribe',
      payload: { email: 'y@example.com' },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  } finally {
    await limited.close();
  }
});

test('without SMTP the confirmation mail waits in the outbox, where an admin can read and use it', async () => {
  const local = await buildTestApp({ PUBLIC_URL });
  try {
    await local.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscribe',
      payload: { email: 'offline@example.com' },
    });
    const auth = (await userWithToken(local.app, 'admin')).authorization;
    const [mail] = (
      await local.app.inject({
        method: 'GET',
        url: '/api/v1/outbox/',
        headers: { authorization: auth },
      })
    ).json().items;
    expect(mail).toMatchObject({
      to: 'offline@example.com',
      reason: 'no-smtp',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const token = new RegExp(`${PUBLIC_URL}/newsletter/confirm\\?token=(\\S+)`).exec(
      mail.text,
    )?.[1];
    const res = await local.app.inject({
      method: 'GET',
      url: `/api/v1/newsletter/confirm?token=${token}`,
    });
    expect(res.statusCode).toBe(200);
  } finally {
    await local.close();
  }
});
