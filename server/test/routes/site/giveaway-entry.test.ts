import fs from 'node:fs';
import path from 'node:path';
import { OUTPUT_DIR } from '../../../src/lib/request-render';
import { siteManifestPath } from '@site/contracts/static-rules';
import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { createGiveaway, enter, getGiveaway } from '../v1/giveaways/fixtures';

const MARKER = '<template id="request-render-head"></template>';
const LOADING = '<div class="frame"><p role="status">Loading...</p></div>';
const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}</head><body><div id="___gatsby">${LOADING}</div></body></html>`;
const FILE = 'giveaway/[...]/index.html';

/**
 * The giveaway page's slot as the build writes it, reduced to what these tests read: the title,
 * and the visitor's entry state (the second argument) as JSON, escaped for HTML.
 */
const MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.render = function (data, entry) {
  if (data === null) return { html: ${JSON.stringify(LOADING)}, head: '' };
  return {
    html: '<div class="frame"><h1>' + escape(data.title) + '</h1><pre id="entry">' + escape(JSON.stringify(entry === undefined ? null : entry)) + '</pre></div>',
    head: '',
  };
};
`;

function writeSite(root: string) {
  fs.mkdirSync(path.join(root, 'giveaway', '[...]'), { recursive: true });
  fs.mkdirSync(path.join(root, OUTPUT_DIR), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  fs.writeFileSync(path.join(root, FILE), PAGE);
  fs.writeFileSync(path.join(root, OUTPUT_DIR, 'detail.js'), MODULE);
  fs.writeFileSync(
    path.join(root, OUTPUT_DIR, 'manifest.json'),
    JSON.stringify({
      headMarker: MARKER,
      slots: [
        {
          name: 'giveaway-detail',
          pageFile: FILE,
          module: 'detail.js',
          data: '/api/v1/giveaway/{id}',
          path: '/giveaway/:id',
        },
      ],
    }),
  );
  fs.writeFileSync(
    siteManifestPath(root),
    JSON.stringify({
      clientOnlyRoutes: [{ matchPath: '/giveaway/*', page: FILE }],
      cacheControl: { files: {}, folders: {} },
      scriptHashes: {},
    }),
  );
}

/** The entry state the page was drawn with, as the slot wrote it. */
function drawnEntry(html: string): unknown {
  const text = /<pre id="entry">([^<]*)<\/pre>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(+code)));
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('POST /giveaway/{id}/enter: the entry form sent as a page', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const first = await buildTestApp({ RATE_LIMITS: 'off' });
    writeSite(first.config.siteDir);
    // The static plugin reads the build at start-up: a second app over the same folders.
    t = await buildTestApp({ RATE_LIMITS: 'off', SITE_DIR: first.config.siteDir });
    const close = t.close;
    t.close = async () => {
      await close();
      await first.close();
    };
    admin = (await userWithToken(t.app, 'admin')).authorization;
  });
  afterAll(() => t.close());

  const post = (id: number | string, fields: Record<string, string>, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/giveaway/${id}/enter`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: form(fields),
    });

  it('enters, then redirects to the page, which shows the receipt to that visitor only', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Form prize' });
    const res = await post(g.id, {
      email: 'form.person@example.org',
      instagram_handle: '@form_person',
      accept_rules: 'true',
      rules_version: '1',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/giveaway/${g.id}#enter`);
    const cookie = res.cookies.find((c) => c.name === 'aw_entry');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: `/giveaway/${g.id}` });
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);

    const page = await t.app.inject({
      method: 'GET',
      url: `/giveaway/${g.id}`,
      cookies: { aw_entry: String(cookie?.value) },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(drawnEntry(page.body)).toMatchObject({
      kind: 'entered',
      entry: { instagram_handle: 'form_person', rules_version: 1 },
    });
    expect((drawnEntry(page.body) as { entry: { receipt: string } }).entry.receipt).toMatch(
      /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/,
    );
    // Everyone else gets the shared page, without the receipt.
    const other = await t.app.inject({ method: 'GET', url: `/giveaway/${g.id}` });
    expect(drawnEntry(other.body)).toBeNull();
    // The cookie is this giveaway's: another giveaway's page ignores it.
    const h = await createGiveaway(t.app, admin, { title: 'Other prize' });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/giveaway/${h.id}`,
      cookies: { aw_entry: String(cookie?.value) },
    });
    expect(drawnEntry(elsewhere.body)).toBeNull();
  });

  it('answers the page with the values as typed and a message under each wrong field', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Checked prize' });
    const res = await post(g.id, { email: 'not-an-address', instagram_handle: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(drawnEntry(res.body)).toEqual({
      kind: 'refused',
      values: { email: 'not-an-address', instagram_handle: ' ', accept_rules: false },
      errors: {
        email: 'Please enter a valid e-mail address, like name@example.com.',
        instagram_handle: 'Please enter your Instagram handle.',
        accept_rules: 'Please confirm that you have read the rules and are at least 18.',
      },
    });
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(0);
  });

  it('says why the whole entry was refused: a taken handle, a paused giveaway; an address that entered is answered like a new entry', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Twice prize' });
    expect((await enter(t.app, g.id, 'twice@example.org', 'twice')).statusCode).toBe(200);
    // The same mailbox again: the page answers as for a new entry (so it tells no stranger that
    // the address has entered), and nothing more is counted; the mailbox is told by mail.
    const same = await post(g.id, {
      email: 'twice@example.org',
      instagram_handle: 'someone_else',
      accept_rules: 'on',
    });
    expect(same.statusCode).toBe(303);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(1);
    // A handle is public: its duplicate is refused above the form, with the values kept.
    const fields = { email: 'other@example.org', instagram_handle: 'twice', accept_rules: 'on' };
    const dup = await post(g.id, fields);
    expect(dup.statusCode).toBe(409);
    const state = drawnEntry(dup.body) as {
      message: string;
      values: object;
      handle_taken?: boolean;
    };
    expect(state.message).toMatch(/already entered/i);
    // The page then offers the report form.
    expect(state.handle_taken).toBe(true);
    expect(state.values).toEqual({ ...fields, accept_rules: true });

    const paused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/toggle-participants`,
      headers: { authorization: admin },
      payload: { accept: false },
    });
    expect(paused.statusCode).toBe(200);
    const refused = await post(g.id, {
      ...fields,
      email: 'new@example.org',
      instagram_handle: 'new',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect((drawnEntry(refused.body) as { message: string }).message).toMatch(/paused/i);
    expect(drawnEntry(refused.body)).not.toHaveProperty('handle_taken');
  });

  it('keeps a report of a taken handle sent as a page, and answers the page saying so or why not', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Reported prize' });
    expect((await enter(t.app, g.id, 'first@example.org', 'Real_Pat')).statusCode).toBe(200);
    const report = (id: number | string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/giveaway/${id}/report-handle`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(fields),
      });
    const sent = await report(g.id, {
      instagram_handle: '@real_pat',
      email: 'pat@example.org',
      note: 'Mine.',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['cache-control']).toMatch(/no-store/);
    expect(drawnEntry(sent.body)).toMatchObject({
      kind: 'refused',
      handle_taken: true,
      values: { email: 'pat@example.org', instagram_handle: '@real_pat' },
      reported: expect.stringContaining('the organiser will see your report about @real_pat'),
    });
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/v1/giveaway/${g.id}/handle-reports`,
      headers: { authorization: admin },
    });
    expect(kept.json()).toEqual([
      expect.objectContaining({
        instagram_handle: 'real_pat',
        email: 'pat@example.org',
        note: 'Mine.',
      }),
    ]);

    // Refused: under the form, why; nothing kept.
    const bad = await report(g.id, { instagram_handle: 'real_pat', email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(drawnEntry(bad.body)).toMatchObject({
      handle_taken: true,
      report_error: 'Please enter a valid e-mail address, like name@example.com.',
    });
    const free = await report(g.id, { instagram_handle: 'nobody', email: 'pat@example.org' });
    expect(free.statusCode).toBe(409);
    expect((drawnEntry(free.body) as { report_error: string }).report_error).toMatch(
      /nothing to report/,
    );
    expect(
      (await report(999_999, { instagram_handle: 'x', email: 'pat@example.org' })).statusCode,
    ).toBe(404);
    // From another site: refused before anything is read.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/giveaway/${g.id}/report-handle`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: form({ instagram_handle: 'real_pat', email: 'evil@example.org' }),
    });
    expect(foreign.statusCode).toBe(403);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/giveaway/${g.id}/handle-reports`,
      headers: { authorization: admin },
    });
    expect(after.json()).toHaveLength(1);
  });

  it('keeps the referral code of the page the form was sent from', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Referral prize' });
    const first = await enter(t.app, g.id, 'friend@example.org', 'friend');
    const code = first.json<{ referral_code: string }>().referral_code;
    expect(code).toBeTruthy();
    const res = await post(
      g.id,
      { email: 'invited@example.org', instagram_handle: 'invited', accept_rules: 'true' },
      { referer: `http://localhost:80/giveaway/${g.id}?ref=${code}`, host: 'localhost:80' },
    );
    expect(res.statusCode).toBe(303);
    // The friend whose link it was holds a bonus entry for it.
    const check = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/receipt`,
      payload: { receipt: first.json<{ receipt: string }>().receipt },
    });
    expect(check.json<{ bonus_entries: number }>().bonus_entries).toBe(1);
  });

  it("draws the page asked for by a friend's link with its referral code, for that visitor only", async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Referred prize' });
    const code = (await enter(t.app, g.id, 'sharer@example.org', 'sharer')).json<{
      referral_code: string;
    }>().referral_code;
    // As the entrant's page reads a code: trimmed, in any case.
    const page = await t.app.inject({
      method: 'GET',
      url: `/giveaway/${g.id}?ref=${encodeURIComponent(` ${code.toLowerCase()} `)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(drawnEntry(page.body)).toEqual({ kind: 'referred', code });
    // Anything that is not a code is the page every visitor gets.
    for (const ref of ['', 'nope', '<script>', 'I'.repeat(12), `${code}X`]) {
      const other = await t.app.inject({
        method: 'GET',
        url: `/giveaway/${g.id}?ref=${encodeURIComponent(ref)}`,
      });
      expect(other.statusCode).toBe(200);
      expect(drawnEntry(other.body)).toBeNull();
    }
  });

  it('refuses a form from another site, an unknown giveaway and a body of another type', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Guarded prize' });
    const fields = { email: 'x@example.org', instagram_handle: 'x', accept_rules: 'true' };
    expect((await post(g.id, fields, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(999999, fields)).statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'POST',
      url: `/giveaway/${g.id}/enter`,
      payload: fields,
    });
    expect(json.statusCode).toBe(415);
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(0);
  });
});
