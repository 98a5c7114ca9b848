import type { ResultsMailState } from '@site/contracts';
import { createGiveaway, enter, type GiveawayTestContext, setup } from './fixtures';

/*
 * The results mail after the draw: only to entrants who ticked "Tell me the results", sent once
 * (even when asked twice at the same moment), through the newsletter's sender (kept in the outbox
 * here, without a mail server), each copy with its own working unsubscribe link, and the
 * organiser's title and the winners' handles escaped in the HTML. On SQLite, and on PostgreSQL
 * with TEST_DB=postgres.
 */

jest.setTimeout(60_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  // The test drives the sender itself: a background loop could claim a mail between its ticks.
  t = await setup({ SMTP_URL: '', NEWSLETTER_SENDER: 'off' });
});
afterAll(() => t.close());

const TITLE = 'Win <b>"big"</b> & <script>x</script>';

function api(method: 'GET' | 'POST', url: string, payload?: object, authorization?: string) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  });
}

async function drawn(prefix: string, consenting: string[], silent: string[]) {
  const g = await createGiveaway(t.app, t.admin, { title: TITLE });
  for (const name of consenting) {
    const res = await enter(t.app, g.id, `${prefix}${name}@example.com`, `${prefix}${name}`, {
      notify_results: true,
    });
    expect(res.statusCode).toBe(200);
  }
  for (const name of silent) {
    const res = await enter(t.app, g.id, `${prefix}${name}@example.com`, `${prefix}${name}`);
    expect(res.statusCode).toBe(200);
  }
  return g;
}

async function outboxTo(address: string) {
  return t.app.db
    .selectFrom('outbox')
    .leftJoin('outbox_sealed', 'outbox_sealed.outbox_id', 'outbox.id')
    .select([
      'outbox.subject',
      'outbox.text_body',
      'outbox_sealed.text_body as sealed_text',
      'outbox_sealed.html_body as sealed_html',
    ])
    .where('outbox.to_address', '=', address)
    .where('outbox.subject', 'like', 'The results of%')
    .execute();
}

describe('the results mail', () => {
  test('refused before the draw; a non-boolean consent is refused at entry', async () => {
    const g = await drawn('pre_', ['amy'], []);
    const state = await api('GET', `/giveaway/${g.id}/results-mail`, undefined, t.admin);
    expect(state.statusCode).toBe(200);
    expect(state.json<ResultsMailState>()).toMatchObject({
      drawn: false,
      recipients: 1,
      preview: null,
      sent: null,
    });
    const early = await api('POST', `/giveaway/${g.id}/results-mail`, undefined, t.admin);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ detail: string }>().detail).toMatch(/after the winner has been drawn/);
    const bad = await enter(t.app, g.id, 'x@example.com', 'x_x', { notify_results: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toBeTruthy();
    expect(
      (await api('POST', `/giveaway/${g.id}/results-mail`, undefined, t.editor)).statusCode,
    ).toBe(403);
  });

  test('goes once, only to those who asked, with a working unsubscribe link and escaped HTML', async () => {
    const g = await drawn('ok_', ['ann', 'bob'], ['cat', 'dan']);
    expect((await api('POST', `/giveaway/${g.id}/close`, undefined, t.admin)).statusCode).toBe(200);
    const draw = await api('POST', `/giveaway/${g.id}/select-winner`, undefined, t.admin);
    expect(draw.statusCode).toBe(200);
    const winner = draw.json<{ winner: { instagram_handle: string } }>().winner.instagram_handle;
    // Another giveaway is open: the mail names it.
    const next = await createGiveaway(t.app, t.admin, { title: 'Next <one>' });

    const before = await api('GET', `/giveaway/${g.id}/results-mail`, undefined, t.admin);
    const state = before.json<ResultsMailState>();
    expect(state).toMatchObject({ drawn: true, recipients: 2, sent: null });
    expect(state.preview?.text).toContain(`@${winner}`);
    expect(state.preview?.text).toContain(`/giveaway/${g.id}/verify`);
    expect(state.preview?.text).toContain(`/giveaway/${next.id}`);

    const sent = await api('POST', `/giveaway/${g.id}/results-mail`, undefined, t.admin);
    expect(sent.statusCode).toBe(200);
    expect(sent.json<{ recipients: number }>().recipients).toBe(2);
    const again = await api('POST', `/giveaway/${g.id}/results-mail`, undefined, t.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toMatch(/already been sent/);

    for (let i = 0; i < 3; i += 1) await t.app.newsletterSender.tick();

    expect(await outboxTo('ok_cat@example.com')).toHaveLength(0);
    expect(await outboxTo('ok_dan@example.com')).toHaveLength(0);
    const ann = await outboxTo('ok_ann@example.com');
    const bob = await outboxTo('ok_bob@example.com');
    expect(ann).toHaveLength(1);
    expect(bob).toHaveLength(1);
    const mail = ann[0]!;
    // The admin-readable copy hides the recipient's own link; the delivered copy has it.
    expect(mail.text_body).not.toMatch(/unsubscribe\?token=[A-Za-z0-9_-]{20,}/);
    expect(mail.sealed_text).toMatch(/\/api\/v1\/giveaway-results\/unsubscribe\?token=[\w-]{20,}/);
    expect(mail.sealed_text).toContain(`@${winner}`);
    const html = mail.sealed_html ?? '';
    expect(html).toContain(
      'Win &lt;b&gt;&quot;big&quot;&lt;/b&gt; &amp; &lt;script&gt;x&lt;/script&gt;',
    );
    expect(html).not.toContain('<script>x');
    expect(html).not.toContain('<b>"big"');
    expect(html).toContain('Next &lt;one&gt;');
    expect(html).toContain(`@${winner}`);

    const after = await api('GET', `/giveaway/${g.id}/results-mail`, undefined, t.admin);
    expect(after.json<ResultsMailState>().sent).toMatchObject({
      recipients: 2,
      delivered: 2,
      waiting: 0,
      failed: 0,
    });
    const changes = await api('GET', `/giveaway/${g.id}/changes`, undefined, t.admin);
    expect(changes.body).toContain('results_mailed');

    // The unsubscribe link: a page with a button, then the form withdraws the consent.
    const token = /unsubscribe\?token=([\w-]+)/.exec(mail.sealed_text ?? '')?.[1] ?? '';
    const pageRes = await t.app.inject({
      method: 'GET',
      url: `/api/v1/giveaway-results/unsubscribe?token=${token}`,
    });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('<form method="post"');
    const consentBefore = await t.app.db
      .selectFrom('participants')
      .select('results_consent')
      .where('email', '=', 'ok_ann@example.com')
      .executeTakeFirstOrThrow();
    expect(consentBefore.results_consent).toBe(1);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/giveaway-results/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Unsubscribed');
    const consentAfter = await t.app.db
      .selectFrom('participants')
      .select('results_consent')
      .where('email', '=', 'ok_ann@example.com')
      .executeTakeFirstOrThrow();
    expect(consentAfter.results_consent).toBe(0);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/giveaway-results/unsubscribe',
      payload: { token: 'x'.repeat(40) },
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('two requests at the same moment send it once', async () => {
    const g = await drawn('race_', ['eve'], []);
    await api('POST', `/giveaway/${g.id}/close`, undefined, t.admin);
    await api('POST', `/giveaway/${g.id}/select-winner`, undefined, t.admin);
    const answers = await Promise.all(
      [1, 2, 3].map(() => api('POST', `/giveaway/${g.id}/results-mail`, undefined, t.admin)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (let i = 0; i < 3; i += 1) await t.app.newsletterSender.tick();
    expect(await outboxTo('race_eve@example.com')).toHaveLength(1);
  });
});
