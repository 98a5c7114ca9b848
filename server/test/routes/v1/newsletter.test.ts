import { NEWSLETTER_CONSENT_TEXT } from '@site/contracts';
import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { deliveredText } from '../../helpers/delivered-mail';
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

async function subscribe(email: string, headers: Record<string, string> = {}) {
  const seen = smtp.mails.length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/subscribe',
    headers,
    payload: { email },
  });
  return { res, seen };
}

/** Lets the resend cool-down lapse for every address. */
async function afterCooldown() {
  const long = new Date(Date.now() - 3 * 60_000).toISOString();
  await t.app.db
    .updateTable('newsletter_subscribers')
    .set({ confirm_sent_at: long })
    .where('confirm_sent_at', 'is not', null)
    .execute();
  await t.app.db
    .updateTable('newsletter_subscribers')
    .set({ unsubscribe_sent_at: long })
    .where('unsubscribe_sent_at', 'is not', null)
    .execute();
}

async function confirmFrom(mail: ReceivedMail) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/newsletter/confirm${linkIn(mail, '/newsletter/confirm').search}`,
  });
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
    referer: `${PUBLIC_URL}/blog/agents-sdk?utm=x`,
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
      consent_text: NEWSLETTER_CONSENT_TEXT,
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

test('an unsubscribe link works for NEWSLETTER_UNSUBSCRIBE_DAYS after its mail, then says what to do', async () => {
  const { seen } = await subscribe('expiry@example.com');
  const confirmation = await smtp.waitForMail(seen);
  const seenBeforeConfirm = smtp.mails.length;
  expect((await confirmFrom(confirmation)).statusCode).toBe(200);
  const welcome = await smtp.waitForMail(seenBeforeConfirm);
  const subscriber = await t.app.db
    .selectFrom('newsletter_subscribers')
    .select('id')
    .where('email', '=', 'expiry@example.com')
    .executeTakeFirstOrThrow();
  const tokens = await t.app.db
    .selectFrom('newsletter_tokens')
    .select(['id', 'expires_at', 'created_at'])
    .where('subscriber_id', '=', subscriber.id)
    .where('purpose', '=', 'unsubscribe')
    .execute();
  // One token per mail, each valid 90 days (the default) from when its mail went out.
  expect(tokens).toHaveLength(2);
  for (const token of tokens) {
    const days = (Date.parse(token.expires_at ?? '') - Date.parse(token.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(90, 5);
  }
  const status = async () =>
    (
      await t.app.db
        .selectFrom('newsletter_subscribers')
        .select('status')
        .where('id', '=', subscriber.id)
        .executeTakeFirstOrThrow()
    ).status;
  const oneClick = (mail: ReceivedMail) =>
    t.app.inject({
      method: 'POST',
      url: oneClickUrl(mail),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const expired = {
    detail:
      'This unsubscribe link has expired: links work for 90 days after the mail that carried them. Enter your address on the unsubscribe page and we will mail you a fresh link.',
  };

  // Both links (page and one-click) of a mail older than that are refused, and change nothing.
  const past = new Date(Date.now() - 1000).toISOString();
  await t.app.db
    .updateTable('newsletter_tokens')
    .set({ expires_at: past })
    .where('subscriber_id', '=', subscriber.id)
    .execute();
  const late = await oneClick(welcome);
  expect(late.statusCode).toBe(400);
  expect(late.json()).toEqual(expired);
  const page = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { token: linkIn(welcome, '/newsletter/unsubscribe').searchParams.get('token') },
  });
  expect(page.json()).toEqual(expired);
  expect(await status()).toBe('confirmed');

  // Tokens stored before links expired count from when they were made.
  const made = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await t.app.db
    .updateTable('newsletter_tokens')
    .set({ expires_at: null, created_at: made(91) })
    .where('subscriber_id', '=', subscriber.id)
    .execute();
  expect((await oneClick(welcome)).json()).toEqual(expired);
  expect(await status()).toBe('confirmed');
  await t.app.db
    .updateTable('newsletter_tokens')
    .set({ expires_at: null, created_at: made(89) })
    .where('subscriber_id', '=', subscriber.id)
    .execute();
  const inTime = await oneClick(welcome);
  expect(inTime.statusCode).toBe(200);
  expect(await status()).toBe('unsubscribed');
});

test('the answer is the same for a new, a pending and a confirmed address; confirmed ones get no new mail', async () => {
  const first = await subscribe('same@example.com');
  const mail = await smtp.waitForMail(first.seen);

  // Asking again at once sends nothing more (no inbox flooding), with the same answer.
  const flood = await subscribe('same@example.com');
  expect(flood.res.json()).toEqual(first.res.json());
  expect(smtp.mails.length).toBe(flood.seen);

  // After the cool-down a new request sends a new link and retires the old one.
  await afterCooldown();
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

test('unsubscribing by address only mails a link; the link (or one click) unsubscribes at once', async () => {
  const { seen } = await subscribe('leaver@example.com');
  await confirmFrom(await smtp.waitForMail(seen));
  const emails = async () => (await subscribers()).items.map((s: { email: string }) => s.email);
  expect(await emails()).toContain('leaver@example.com');

  // Anyone can type an address: that alone unsubscribes nobody.
  const beforeAsk = smtp.mails.length;
  const byEmail = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { email: 'LEAVER@example.com' },
  });
  expect(byEmail.statusCode).toBe(200);
  expect(byEmail.json().message).toMatch(/sent it an e-mail with a link/);
  expect(await emails()).toContain('leaver@example.com');
  const linkMail = await smtp.waitForMail(beforeAsk);
  expect(linkMail.to).toEqual(['leaver@example.com']);
  expect(linkMail.headers.subject).toBe('Unsubscribe from AgentWorks insights');

  // Asking again within the cool-down mails nothing more, with the same answer.
  const repeat = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { email: 'leaver@example.com' },
  });
  expect(repeat.json()).toEqual(byEmail.json());
  const unknown = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { email: 'never@example.com' },
  });
  expect(unknown.json()).toEqual(byEmail.json());
  expect(smtp.mails.length).toBe(beforeAsk + 1);

  // The mailed link is the token path: instant.
  const token = linkIn(linkMail, '/newsletter/unsubscribe').searchParams.get('token');
  const byToken = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/unsubscribe',
    payload: { token },
  });
  expect(byToken.statusCode).toBe(200);
  expect(byToken.json().message).toMatch(/You are unsubscribed/);
  expect(await emails()).not.toContain('leaver@example.com');

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

test('a pending confirmation link dies when its holder unsubscribes with the mail’s token', async () => {
  const { seen } = await subscribe('quitter@example.com');
  const mail = await smtp.waitForMail(seen);
  const token = linkIn(mail, '/newsletter/unsubscribe').searchParams.get('token');
  await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/unsubscribe', payload: { token } });
  expect((await confirmFrom(mail)).statusCode).toBe(400);
});

test('subscribe, unsubscribe, subscribe again within the cool-down: one confirmation mail', async () => {
  const first = await subscribe('flooded@example.com');
  const mail = await smtp.waitForMail(first.seen);
  const token = linkIn(mail, '/newsletter/unsubscribe').searchParams.get('token');
  for (let i = 0; i < 3; i++) {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/unsubscribe',
      payload: { token },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/unsubscribe',
      payload: { email: 'flooded@example.com' },
    });
    await subscribe('flooded@example.com');
  }
  // Give a stray mail time to arrive before counting.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(
    smtp.mails.slice(first.seen).filter((m) => m.to.includes('flooded@example.com')),
  ).toHaveLength(1);

  await afterCooldown();
  const later = await subscribe('flooded@example.com');
  expect((await smtp.waitForMail(later.seen)).to).toEqual(['flooded@example.com']);
});

test('the consent record is the server’s wording and the page it came from, whatever the client says', async () => {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter/subscribe',
    payload: { email: 'consent@example.com', consent_text: 'I agree to nothing', source: '/x' },
  });
  expect(sent.statusCode).toBe(400);
  expect(sent.json().errors[0]).toEqual({
    field: 'consent_text',
    message: 'is not an accepted field',
  });

  const cases: Array<[Record<string, string>, string]> = [
    [{ referer: `${PUBLIC_URL}/blog/a-post` }, '/blog/a-post'],
    [{ referer: 'https://evil.example/fake-page' }, 'api'],
    [{}, 'api'],
  ];
  for (const [index, [headers, source]] of cases.entries()) {
    const email = `consent${index}@example.com`;
    await subscribe(email, headers);
    const row = await t.app.db
      .selectFrom('newsletter_subscribers')
      .select(['consent_text', 'consent_source'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ consent_text: NEWSLETTER_CONSENT_TEXT, consent_source: source });
  }
});

test('types are not coerced: a list or a number where an address belongs is refused', async () => {
  for (const payload of [{ email: ['a@example.com'] }, { email: 123 }, { email: null }]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscribe',
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'email', message: 'must be text' }]);
  }
  expect(
    await t.app.db
      .selectFrom('newsletter_subscribers')
      .where('email', '=', 'a@example.com')
      .selectAll()
      .execute(),
  ).toEqual([]);
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
  const { seen } = await subscribe('csv@example.com');
  await confirmFrom(await smtp.waitForMail(seen));
  // Records from before the server kept its own wording may hold anything a client sent.
  await t.app.db
    .updateTable('newsletter_subscribers')
    .set({ consent_source: '=HYPERLINK("http://evil.example")', consent_text: '+1 "quoted" text' })
    .where('email', '=', 'csv@example.com')
    .execute();
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

test('without SMTP the confirmation mail waits in the outbox: admins read it without its links, the operator with them', async () => {
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
      headers: {
        'List-Unsubscribe': '<[link sent to the recipient]>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(mail.text).toContain('To confirm, open this link:\n\n[link sent to the recipient]\n');
    expect(JSON.stringify(mail)).not.toContain('token=');
    const token = new RegExp(`${PUBLIC_URL}/newsletter/confirm\\?token=(\\S+)`).exec(
      await deliveredText(local.app.db, 'offline@example.com'),
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
