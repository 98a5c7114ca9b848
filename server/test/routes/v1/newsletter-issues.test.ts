import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { deliveredMail } from '../../helpers/delivered-mail';
import { startSmtp, type TestSmtp } from '../../helpers/smtp';
import { makeContentDir } from './drafts/fixtures';

const POST = [
  '---',
  'title: "Agents <that> ship"',
  'slug: agents-that-ship',
  'description: "What we learned & kept"',
  'date: 2025-02-01',
  'category: foundation',
  '---',
  '',
  '## First things',
  '',
  'Read [the other post](/blog/already-out) and <script>alert(1)</script> stays text.',
  '',
  '- one',
  '- two',
  '',
  '| Plan | Price |',
  '| --- | --- |',
  '| Pro | $99 |',
  '',
].join('\n');

async function subscribers(t: TestApp, count: number, status = 'confirmed') {
  const now = new Date().toISOString();
  const start = Number(
    (
      await t.app.db
        .selectFrom('newsletter_subscribers')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `reader-${start + i}@example.com`,
    status: status as 'confirmed',
    consent_at: now,
    consent_source: 'test',
    consent_text: 'test',
    confirmed_at: now,
    unsubscribed_at: null,
    created_at: now,
    updated_at: now,
  }));
  await t.app.db.insertInto('newsletter_subscribers').values(rows).execute();
}

/**
 * An app that sends newsletter issues through the SMTP server at `smtpUrl` without waiting
 * (short poll, high rate, 1 s retries), with the test post and `count` confirmed subscribers.
 */
async function appSendingTo(smtpUrl: string, count: number) {
  const content = makeContentDir();
  fs.writeFileSync(path.join(content.dir, 'blog', 'agents.md'), POST);
  const t = await buildTestApp({
    CONTENT_DIR: content.dir,
    SMTP_URL: smtpUrl,
    NEWSLETTER_POLL_MS: '50',
    NEWSLETTER_RATE: '1000',
    NEWSLETTER_RETRY_SECONDS: '1',
  });
  await subscribers(t, count);
  return { t, content };
}

async function waitFor<T>(check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('newsletter issues (outbox, no SMTP)', () => {
  let t: TestApp;
  let content: ReturnType<typeof makeContentDir>;
  let editor: Awaited<ReturnType<typeof userWithToken>>;
  beforeAll(async () => {
    content = makeContentDir();
    fs.writeFileSync(path.join(content.dir, 'blog', 'agents.md'), POST);
    fs.writeFileSync(
      path.join(content.dir, 'blog', 'code.mdx'),
      '---\ntitle: "Code"\nslug: code-post\ndescription: "x"\ndate: 2025-01-01\ncategory: foundation\n---\n\nHi.\n',
    );
    t = await buildTestApp({
      CONTENT_DIR: content.dir,
      NEWSLETTER_POLL_MS: '50',
      NEWSLETTER_RATE: '1000',
      NEWSLETTER_BATCH: '10',
      PUBLIC_URL: 'https://site.example',
      OWNER_EMAIL: 'Owner@Agentworks.example',
      RATE_LIMIT_TEST_MAIL: '100',
    });
    editor = await userWithToken(t.app, 'editor', 'dana');
    // A colleague invited by e-mail (the invitation's address is their account's).
    const colleague = await userWithToken(t.app, 'admin', 'erin');
    await t.app.db
      .updateTable('users')
      .set({ email: 'erin@agentworks.example' })
      .where('id', '=', colleague.id)
      .execute();
    await subscribers(t, 25);
    await subscribers(t, 3, 'pending');
  });
  afterAll(async () => {
    await t.close();
    content.remove();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1/newsletter/issues${url}`,
      headers: { authorization: editor.authorization },
      ...(payload ? { payload } : {}),
    });

  test('preview names the subject and counts confirmed subscribers only', async () => {
    const res = await call('GET', '/preview/agents-that-ship');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subject: 'Agents <that> ship',
      post_url: 'https://site.example/blog/agents-that-ship',
      recipients: 25,
      test_address: null,
      issue: null,
    });
    expect((await call('GET', '/preview/no-such-post')).statusCode).toBe(404);
    expect((await call('GET', '/preview/code-post')).statusCode).toBe(409);
  });

  test('a test goes to one staff address (or asks for one), not to subscribers', async () => {
    const without = await call('POST', '/test', { slug: 'agents-that-ship' });
    expect(without.statusCode).toBe(400);
    expect(without.json().detail).toMatch(/no e-mail address/);
    const res = await call('POST', '/test', {
      slug: 'agents-that-ship',
      to: 'ERIN@agentworks.example',
    });
    expect(res.statusCode).toBe(200);
    const kept = await t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'ERIN@agentworks.example')
      .executeTakeFirstOrThrow();
    expect(kept.subject).toBe('[Test] Agents <that> ship');
    expect(kept.html_body).toContain(
      '<h1 style="font-size:24px;line-height:1.3;margin:0 0 12px">Agents &lt;that&gt; ship</h1>',
    );
    expect(kept.html_body).not.toContain('<script>');
    expect(kept.html_body).toContain('href="https://site.example/blog/already-out"');
    // The post's headings reach the mail without the site's permalink anchors.
    expect(kept.html_body).toContain('<h2>First things</h2>');
    expect(kept.html_body).not.toMatch(/class="anchor|<svg|permalink/);
    // The text part keeps the post's structure.
    expect(kept.text_body).toContain(
      [
        'First things',
        '',
        'Read the other post (https://site.example/blog/already-out) and <script>alert(1)</script> stays text.',
        '',
        '- one',
        '- two',
        '',
        'Plan | Price',
        'Pro | $99',
      ].join('\n'),
    );
    expect(await t.app.db.selectFrom('newsletter_issues').select('id').execute()).toEqual([]);
  });

  test('the branded mail goes to no address outside the staff', async () => {
    const before = await t.app.db.selectFrom('outbox').select('id').execute();
    for (const to of [
      'victim@example.com',
      'reader-1@example.com',
      'erin@agentworks.example.evil',
    ]) {
      const res = await call('POST', '/test', { slug: 'agents-that-ship', to });
      expect([to, res.statusCode]).toEqual([to, 403]);
      expect(res.json()).toEqual({
        detail: `A test goes only to your own address or another staff address (an address a staff invitation went to, or OWNER_EMAIL); ${to} is neither.`,
      });
    }
    expect(await t.app.db.selectFrom('outbox').select('id').execute()).toEqual(before);
    // OWNER_EMAIL is a staff address, in any letter case.
    const owner = await call('POST', '/test', {
      slug: 'agents-that-ship',
      to: 'owner@agentworks.example',
    });
    expect(owner.statusCode).toBe(200);
    // The caller's own address is the default, and always allowed.
    await t.app.db
      .updateTable('users')
      .set({ email: 'dana@agentworks.example' })
      .where('username', '=', 'dana')
      .execute();
    try {
      const mine = await call('POST', '/test', { slug: 'agents-that-ship' });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().message).toMatch(/dana@agentworks\.example/);
    } finally {
      await t.app.db
        .updateTable('users')
        .set({ email: null })
        .where('username', '=', 'dana')
        .execute();
    }
  });

  test('an issue goes to each confirmed subscriber once, with personal one-click unsubscribe', async () => {
    const created = await call('POST', '/', { slug: 'agents-that-ship' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'sending', recipients: 25 });
    const id = created.json().id as number;

    const done = await waitFor(async () => {
      const res = await call('GET', `/${id}`);
      return res.json().status === 'sent' ? res.json() : undefined;
    });
    expect(done).toMatchObject({ recipients: 25, sent: 25, queued: 0, failed: 0, skipped: 0 });

    // As delivered (the operator's command line): each with the recipient's own links.
    const mails = (await deliveredMail(t.app.db))
      .filter((m) => m.subject === 'Agents <that> ship')
      .map((m) => ({
        to_address: m.to,
        text_body: m.text,
        headers: JSON.stringify(m.headers),
      }));
    expect(mails).toHaveLength(25);
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(25);
    const first = mails[0]!;
    const headers = JSON.parse(first.headers) as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick =
      /^<(https:\/\/site\.example\/api\/v1\/newsletter\/unsubscribe\/one-click\?token=[^>]+)>$/.exec(
        headers['List-Unsubscribe'] ?? '',
      )?.[1];
    expect(oneClick).toBeDefined();
    expect(first.text_body).toContain(
      'Unsubscribe with one click: https://site.example/newsletter/unsubscribe?token=',
    );
    // Each recipient's link is their own.
    const links = new Set(mails.map((m) => JSON.parse(m.headers)['List-Unsubscribe']));
    expect(links.size).toBe(25);
    // Each copy's link works for 90 days (NEWSLETTER_UNSUBSCRIBE_DAYS) from when it was sent.
    const tokens = await t.app.db
      .selectFrom('newsletter_tokens')
      .select(['expires_at', 'created_at'])
      .where('purpose', '=', 'unsubscribe')
      .execute();
    expect(tokens.length).toBeGreaterThanOrEqual(25);
    for (const token of tokens) {
      expect(Date.parse(token.expires_at ?? '') - Date.parse(token.created_at)).toBe(
        90 * 86_400_000,
      );
    }

    // Admins read every copy with its unsubscribe links replaced; no token is in their answers.
    const admin = await userWithToken(t.app, 'admin');
    const view = await t.app.inject({
      url: '/api/v1/outbox/?per_page=100',
      headers: { authorization: admin.authorization },
    });
    const copies = view
      .json<{ items: { subject: string; text: string; html: string; headers: object }[] }>()
      .items.filter((m) => m.subject === 'Agents <that> ship');
    expect(copies).toHaveLength(25);
    for (const copy of copies) {
      expect(copy.headers).toEqual({
        'List-Unsubscribe': '<[link sent to the recipient]>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(copy.text).toContain('Unsubscribe with one click: [link sent to the recipient]');
      expect(copy.html).toContain('<a href="[link sent to the recipient]">');
    }
    for (const link of links) {
      const token = /token=([^>]+)>$/.exec(link as string)?.[1] ?? 'missing';
      expect(view.body).not.toContain(token);
    }

    // The one-click link works for that address only.
    const url = new URL(oneClick!);
    const unsub = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsub.statusCode).toBeLessThan(300);
    const left = await t.app.db
      .selectFrom('newsletter_subscribers')
      .select('email')
      .where('status', '=', 'unsubscribed')
      .execute();
    expect(left).toEqual([{ email: first.to_address }]);

    // The same post cannot be sent twice.
    const again = await call('POST', '/', { slug: 'agents-that-ship' });
    expect(again.statusCode).toBe(409);
    const list = await call('GET', '/');
    expect(list.json().items.map((i: { id: number }) => i.id)).toContain(id);
  });

  test('subscribers who left meanwhile are skipped; a cancelled issue stops', async () => {
    fs.writeFileSync(
      path.join(content.dir, 'blog', 'second.md'),
      POST.replace('agents-that-ship', 'second-post'),
    );
    // Driven by hand from here, one batch (NEWSLETTER_BATCH=10) at a time.
    await t.app.newsletterSender.stop();
    const created = await call('POST', '/', { slug: 'second-post' });
    const id = created.json().id as number;
    // 24 still confirmed (one left above); 2 more leave before the sender gets to them.
    expect(created.json().recipients).toBe(24);
    const two = await t.app.db
      .selectFrom('newsletter_issue_recipients')
      .select('subscriber_id')
      .where('issue_id', '=', id)
      .orderBy('id')
      .limit(2)
      .execute();
    await t.app.db
      .updateTable('newsletter_subscribers')
      .set({ status: 'unsubscribed' })
      .where(
        'id',
        'in',
        two.map((r) => r.subscriber_id),
      )
      .execute();
    await t.app.newsletterSender.tick();
    const after = (await call('GET', `/${id}`)).json();
    expect(after).toMatchObject({ status: 'sending', skipped: 2, sent: 8, queued: 14 });

    const cancel = await call('POST', `/${id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', sent: 8, queued: 0, cancelled: 14 });
    expect((await call('POST', `/${id}/cancel`)).statusCode).toBe(409);
    // Nothing more goes out for a cancelled issue.
    await t.app.newsletterSender.tick();
    expect((await call('GET', `/${id}`)).json().sent).toBe(8);
    expect((await call('POST', '/999/cancel')).statusCode).toBe(404);
  });

  test('claims of a sender that died are taken back: sent again, or cancelled with their issue', async () => {
    await t.app.newsletterSender.stop(); // driven by hand
    const make = async (slug: string) => {
      fs.writeFileSync(
        path.join(content.dir, 'blog', `${slug}.md`),
        POST.replace('agents-that-ship', slug),
      );
      return (await call('POST', '/', { slug })).json() as { id: number; recipients: number };
    };
    const claimAll = (id: number, leaseUntil: string) =>
      t.app.db
        .updateTable('newsletter_issue_recipients')
        .set({ state: 'sending', claim: 'dead-sender', lease_until: leaseUntil })
        .where('issue_id', '=', id)
        .execute();
    const past = '2000-01-01T00:00:00.000Z';
    const future = '2999-01-01T00:00:00.000Z';
    const kept = await make('third-post');
    const cancelledLater = await make('fourth-post');
    const cancelledAfter = await make('fifth-post');
    // Every row claimed by a sender that was then killed. Two issues are cancelled: one while
    // the claims still hold (they count as queued until their lease runs out), one after.
    await claimAll(kept.id, past);
    await claimAll(cancelledLater.id, future);
    await claimAll(cancelledAfter.id, past);
    expect((await call('POST', `/${cancelledLater.id}/cancel`)).json()).toMatchObject({
      status: 'cancelled',
      queued: cancelledLater.recipients,
      cancelled: 0,
    });
    expect((await call('POST', `/${cancelledAfter.id}/cancel`)).json()).toMatchObject({
      status: 'cancelled',
      queued: 0,
      cancelled: cancelledAfter.recipients,
    });
    await t.app.db
      .updateTable('newsletter_issue_recipients')
      .set({ lease_until: past })
      .where('issue_id', '=', cancelledLater.id)
      .execute();

    for (let i = 0; i < 5; i += 1) await t.app.newsletterSender.tick();
    expect((await call('GET', `/${kept.id}`)).json()).toMatchObject({
      status: 'sent',
      sent: kept.recipients,
      queued: 0,
    });
    for (const issue of [cancelledLater, cancelledAfter])
      expect((await call('GET', `/${issue.id}`)).json()).toMatchObject({
        status: 'cancelled',
        sent: 0,
        queued: 0,
        cancelled: issue.recipients,
      });
  });

  test('visitors get 401; bad bodies 400', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/issues/',
      payload: { slug: 'x' },
    });
    expect(anon.statusCode).toBe(401);
    for (const payload of [{}, { slug: '../etc' }, { slug: 'agents-that-ship', extra: 1 }]) {
      expect((await call('POST', '/', payload)).statusCode).toBe(400);
    }
    expect((await call('POST', '/test', { slug: 'agents-that-ship', to: 'nope' })).statusCode).toBe(
      400,
    );
  });
});

describe('newsletter issues through SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let content: ReturnType<typeof makeContentDir>;
  beforeAll(async () => {
    smtp = await startSmtp();
    ({ t, content } = await appSendingTo(smtp.url, 40));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    content.remove();
  });

  test('each subscriber gets one HTML + text mail with List-Unsubscribe headers', async () => {
    const editor = await userWithToken(t.app, 'editor');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/issues/',
      headers: { authorization: editor.authorization },
      payload: { slug: 'agents-that-ship' },
    });
    expect(res.statusCode).toBe(201);
    await waitFor(async () => smtp.mails.length >= 40 && true);
    await waitFor(async () => {
      const issue = await t.app.db
        .selectFrom('newsletter_issues')
        .select('status')
        .executeTakeFirstOrThrow();
      return issue.status === 'sent';
    });
    const to = smtp.mails.flatMap((m) => m.to);
    expect(to).toHaveLength(40);
    expect(new Set(to).size).toBe(40);
    const mail = smtp.mails[0]!;
    expect(mail.headers['content-type']).toMatch(/multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http.*\/api\/v1\/newsletter\/unsubscribe\/one-click\?token=.+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });
});

/**
 * A minimal SMTP server whose answer to each message's final "." is scripted per recipient and
 * attempt: an SMTP reply line, or null to drop the connection without answering. Records every
 * message it read to the end.
 */
async function scriptedSmtp(answer: (rcpt: string, attempt: number) => string | null) {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let rcpt = '';
    socket.on('error', () => undefined);
    socket.write('220 scripted ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(rcpt);
          const reply = answer(rcpt, received.filter((r) => r === rcpt).length);
          if (reply === null) {
            socket.destroy();
            return;
          }
          socket.write(`${reply}\r\n`);
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') rcpt = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('newsletter issues: the SMTP answer to the final "."', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof scriptedSmtp>>;
  let content: ReturnType<typeof makeContentDir>;
  // reader-0: the connection drops after the whole message, before any answer.
  // reader-1: 451 (try later) the first time, then accepted. reader-2: 550 (refused for good).
  beforeAll(async () => {
    smtp = await scriptedSmtp((rcpt, attempt) => {
      if (rcpt.startsWith('reader-0@')) return null;
      if (rcpt.startsWith('reader-1@')) return attempt === 1 ? '451 4.3.0 try later' : '250 ok';
      if (rcpt.startsWith('reader-2@')) return '550 5.1.1 no such mailbox';
      return '250 ok';
    });
    ({ t, content } = await appSendingTo(smtp.url, 4));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    content.remove();
  });

  test('a refusal is retried or failed; a lost answer is not sent again (it may have arrived)', async () => {
    const editor = await userWithToken(t.app, 'editor');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/issues/',
      headers: { authorization: editor.authorization },
      payload: { slug: 'agents-that-ship' },
    });
    expect(res.statusCode).toBe(201);
    await waitFor(async () => {
      const issue = await t.app.db
        .selectFrom('newsletter_issues')
        .select('status')
        .executeTakeFirstOrThrow();
      return issue.status === 'sent';
    });
    // Longer than the retry delay: nothing more arrives once the issue is finished.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const count = (address: string) => smtp.received.filter((r) => r === address).length;
    expect(count('reader-0@example.com')).toBe(1);
    expect(count('reader-1@example.com')).toBe(2);
    expect(count('reader-2@example.com')).toBe(1);
    expect(count('reader-3@example.com')).toBe(1);

    const rows = await t.app.db
      .selectFrom('newsletter_issue_recipients')
      .select(['email', 'state', 'attempts', 'reason'])
      .orderBy('email')
      .execute();
    const row = (address: string) => rows.find((r) => r.email === address)!;
    expect(row('reader-0@example.com')).toMatchObject({ state: 'sent', attempts: 0 });
    expect(row('reader-0@example.com').reason).toMatch(/^Not confirmed: /);
    expect(row('reader-1@example.com')).toMatchObject({ state: 'sent', attempts: 1 });
    expect(row('reader-2@example.com')).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row('reader-2@example.com').reason).toMatch(/^550: 550 5\.1\.1 no such mailbox/);
    expect(row('reader-3@example.com')).toMatchObject({ state: 'sent', attempts: 0, reason: null });
  });
});
