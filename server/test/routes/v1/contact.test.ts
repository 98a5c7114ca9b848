import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { startSmtp, type TestSmtp } from '../../helpers/smtp';

const ENQUIRY = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  company: 'Analytical Engines Ltd',
  message: 'We would like an agent that answers support e-mails.',
  service: 'ai-agent-development',
};

const THANKS =
  'Thanks, Ada Lovelace! We received your message and will reply within 24 hours on business days.';

describe('contact without SMTP: notification kept in the outbox', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ OWNER_EMAIL: 'owner@agentworks.example', RATE_LIMIT_CONTACT: '1000' });
    admin = (await userWithToken(t.app, 'admin')).authorization;
  });
  afterAll(() => t.close());

  test('POST /contact/ stores the enquiry, answers with a message and puts the owner mail in the outbox', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: ENQUIRY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: THANKS });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/contact/',
      headers: { authorization: admin },
    });
    expect(list.json()).toMatchObject({
      page: 1,
      per_page: 20,
      total: 1,
      items: [{ ...ENQUIRY, id: expect.any(Number) }],
    });

    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/v1/outbox/',
      headers: { authorization: admin },
    });
    const items = outbox.json().items as { to: string; subject: string; text: string }[];
    const mail = items.find((item) => item.to === 'owner@agentworks.example');
    expect(mail).toMatchObject({
      to: 'owner@agentworks.example',
      subject: 'New enquiry from Ada Lovelace (Analytical Engines Ltd)',
      reason: 'no-smtp',
      headers: { 'Reply-To': 'ada@example.com' },
    });
    expect(mail?.text).toContain('Service: AI Agent Development');
    expect(mail?.text).toContain(ENQUIRY.message);

    // The sender's acknowledgement repeats the reply-time promise, and nothing they typed.
    const ack = items.find((item) => item.to === 'ada@example.com');
    expect(ack?.subject).toBe('We received your message – AgentWorks');
    expect(ack?.text).toContain('will reply within 24 hours on business days');
    expect(ack?.text).not.toContain(ENQUIRY.message);
    expect(ack?.text).not.toContain('Ada');
    expect(items).toHaveLength(2);
  });

  test('/contact without the trailing slash works the same', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'Bo', email: 'bo@example.com', message: 'Hi' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^Thanks, Bo!/);
  });

  test('a filled honeypot answers like success but keeps and sends nothing', async () => {
    const before = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/contact/',
        headers: { authorization: admin },
      })
    ).json().total;
    const outboxBefore = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/outbox/',
        headers: { authorization: admin },
      })
    ).json().total;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: { ...ENQUIRY, website: 'http://spam.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: THANKS });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/contact/',
          headers: { authorization: admin },
        })
      ).json().total,
    ).toBe(before);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/outbox/',
          headers: { authorization: admin },
        })
      ).json().total,
    ).toBe(outboxBefore);
  });

  test.each([
    ['a missing name', { email: 'a@example.com', message: 'hi' }, 'name'],
    ['a blank name', { name: '   ', email: 'a@example.com', message: 'hi' }, 'name'],
    ['an invalid e-mail', { name: 'A', email: 'not-an-email', message: 'hi' }, 'email'],
    [
      'an unknown service',
      { name: 'A', email: 'a@example.com', message: 'hi', service: 'magic' },
      'service',
    ],
    [
      'a message over 5000 characters',
      { name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) },
      'message',
    ],
    ['an unknown field', { name: 'A', email: 'a@example.com', message: 'hi', budget: 5 }, 'budget'],
  ])('%s: 400 naming the field', async (_label, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Please check the body: /);
    expect(res.json().errors[0].field).toBe(field);
  });

  test('an empty service is accepted (none chosen)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: { ...ENQUIRY, service: '' },
    });
    expect(res.statusCode).toBe(200);
  });

  test('GET /contact/ lists newest first and pages with bounded per_page', async () => {
    for (const name of ['First', 'Second', 'Third']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact/',
        payload: { name, email: 'p@example.com', message: 'm' },
      });
    }
    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/contact/?per_page=2',
      headers: { authorization: admin },
    });
    expect(page1.json().items.map((e: { name: string }) => e.name)).toEqual(['Third', 'Second']);
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/contact/?per_page=2&page=2',
      headers: { authorization: admin },
    });
    expect(page2.json().items[0].name).toBe('First');
    expect(page2.json().total).toBe(page1.json().total);

    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/v1/contact/?per_page=1000',
      headers: { authorization: admin },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toMatch(/querystring/);

    // A number too big for a double becomes Infinity, which must be refused, not sent to SQL.
    for (const query of [
      `page=${'9'.repeat(400)}`,
      `per_page=${'9'.repeat(400)}`,
      'page=1e400',
      'page=NaN',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/contact/?${query}`,
        headers: { authorization: admin },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('contact with SMTP', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  test('the owner notification is delivered through the SMTP server', async () => {
    const t = await buildTestApp({
      SMTP_URL: smtp.url,
      OWNER_EMAIL: 'owner@agentworks.example',
      MAIL_FROM: 'AgentWorks <site@agentworks.example>',
    });
    try {
      const seen = smtp.mails.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: ENQUIRY });
      expect(res.statusCode).toBe(200);
      const mail = await smtp.waitForMail(seen);
      expect(mail.to).toEqual(['owner@agentworks.example']);
      expect(mail.from).toBe('site@agentworks.example');
      expect(mail.headers.subject).toBe('New enquiry from Ada Lovelace (Analytical Engines Ltd)');
      expect(mail.headers['reply-to']).toBe('ada@example.com');
      expect(mail.text).toContain(ENQUIRY.message);
      const ack = await smtp.waitForMail(seen + 1);
      expect(ack.to).toEqual(['ada@example.com']);
      expect(ack.text).toContain('will reply within 24 hours on business days');
      const admin = (await userWithToken(t.app, 'admin')).authorization;
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/outbox/',
            headers: { authorization: admin },
          })
        ).json().total,
      ).toBe(0);
    } finally {
      await t.close();
    }
  });

  test('when SMTP delivery fails the enquiry is still stored and the mail kept in the outbox', async () => {
    const t = await buildTestApp({
      SMTP_URL: 'smtp://127.0.0.1:1',
      OWNER_EMAIL: 'owner@agentworks.example',
    });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: ENQUIRY });
      expect(res.statusCode).toBe(200);
      const admin = (await userWithToken(t.app, 'admin')).authorization;
      const outbox = (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/outbox/',
          headers: { authorization: admin },
        })
      ).json();
      expect(outbox.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ reason: 'smtp-failed', to: 'owner@agentworks.example' }),
          expect.objectContaining({ reason: 'smtp-failed', to: 'ada@example.com' }),
        ]),
      );
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/contact/',
            headers: { authorization: admin },
          })
        ).json().total,
      ).toBe(1);
    } finally {
      await t.close();
    }
  });

  test('without OWNER_EMAIL the notification waits in the outbox even with SMTP', async () => {
    const t = await buildTestApp({ SMTP_URL: smtp.url });
    try {
      const seen = smtp.mails.length;
      await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: ENQUIRY });
      const admin = (await userWithToken(t.app, 'admin')).authorization;
      const outbox = (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/outbox/',
          headers: { authorization: admin },
        })
      ).json();
      expect(outbox.items).toHaveLength(1);
      expect(outbox.items[0]).toMatchObject({ reason: 'no-recipient', to: '' });
      // The sender's acknowledgement still goes out.
      const ack = await smtp.waitForMail(seen);
      expect(ack.to).toEqual(['ada@example.com']);
    } finally {
      await t.close();
    }
  });
});

test('the contact limit answers 429 with Retry-After', async () => {
  const t = await buildTestApp({ RATE_LIMIT_CONTACT: '2' });
  try {
    for (let i = 0; i < 2; i++) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: ENQUIRY }))
          .statusCode,
      ).toBe(200);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: ENQUIRY });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json().detail).toMatch(/Too many requests/);
  } finally {
    await t.close();
  }
});
