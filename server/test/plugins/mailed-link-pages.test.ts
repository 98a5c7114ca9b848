import fs from 'node:fs';
import path from 'node:path';
import { OUTPUT_DIR } from '../../src/lib/request-render';
import { siteManifestPath } from '@site/contracts/static-rules';
import { deliveredMail } from '../helpers/delivered-mail';
import { buildTestApp, type TestApp, userWithToken } from '../helpers/build';
import { createGiveaway, enter } from '../routes/v1/giveaways/fixtures';

// The pages a mailed link opens (/giveaway/{id}/confirm and /claim) as document pages, on SQLite
// and PostgreSQL: drawn for the request with what the token stands for, and then private.
jest.setTimeout(120_000);

const MARKER = '<template id="request-render-head"></template>';
const APP_FILE = 'giveaway/[...]/index.html';
const APP_PAGE = `<!DOCTYPE html><html><head>${MARKER}</head><body><p>app</p><script src="/app.js"></script></body></html>`;
const LOADING = '<div class="doc"><p role="status">Loading...</p></div>';
const docPage = () =>
  `<!DOCTYPE html><html><head>${MARKER}<script async src="/islands/loader-1.js"></script></head><body>${LOADING}</body></html>`;

/** A slot module that draws the giveaway's title and the state it was given, as JSON, escaped. */
const MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.render = function (data, extra) {
  if (data === null) return { html: ${JSON.stringify(LOADING)}, head: '' };
  return {
    html: '<div class="doc"><h1>' + escape(data.title) + '</h1><pre>' + escape(JSON.stringify(extra === undefined ? null : extra)) + '</pre></div>',
    head: '',
  };
};
`;

function writeSite(root: string) {
  const slots = ['confirm', 'claim'].map((page) => {
    const file = `entrant-document/giveaway-${page}/index.html`;
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), docPage());
    return {
      name: `giveaway-${page}-document`,
      pageFile: file,
      module: 'request-render-doc.js',
      data: '/api/v1/giveaway/{id}',
      path: `/giveaway/:id/${page}`,
      documentFor: APP_FILE,
    };
  });
  fs.mkdirSync(path.join(root, 'giveaway', '[...]'), { recursive: true });
  fs.mkdirSync(path.join(root, OUTPUT_DIR), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  fs.writeFileSync(path.join(root, APP_FILE), APP_PAGE);
  fs.writeFileSync(path.join(root, OUTPUT_DIR, 'request-render-doc.js'), MODULE);
  fs.writeFileSync(
    path.join(root, OUTPUT_DIR, 'manifest.json'),
    JSON.stringify({ headMarker: MARKER, slots }),
  );
  fs.writeFileSync(
    siteManifestPath(root),
    JSON.stringify({
      clientOnlyRoutes: [{ matchPath: '/giveaway/*', page: APP_FILE }],
      cacheControl: { files: {}, folders: {} },
      scriptHashes: {},
    }),
  );
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  const first = await buildTestApp({ RATE_LIMITS: 'off' });
  writeSite(first.config.siteDir);
  t = await buildTestApp({ RATE_LIMITS: 'off', SITE_DIR: first.config.siteDir });
  const close = t.close;
  t.close = async () => {
    await close();
    await first.close();
  };
  admin = (await userWithToken(t.app, 'admin')).authorization;
});
afterAll(() => t.close());

const get = (url: string, staff = false) =>
  t.app.inject({ method: 'GET', url, ...(staff ? { cookies: { aw_staff: '1' } } : {}) });

/** The state the page was drawn with (the test module writes it as JSON). */
function stateOf(body: string): unknown {
  const match = /<pre>(.*)<\/pre>/.exec(body);
  const text = (match?.[1] ?? '').replace(/&#(\d+);/g, (_, code: string) =>
    String.fromCharCode(Number(code)),
  );
  return JSON.parse(text) as unknown;
}

describe('the confirmation page for a visitor without a session', () => {
  test('without a token: the document page every visitor gets, drawn with no state', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Confirm me' });
    const res = await get(`/giveaway/${g.id}/confirm`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Confirm me</h1>');
    expect(res.body).not.toContain('/app.js');
    expect(stateOf(res.body)).toBeNull();
    expect(res.headers['cache-control']).not.toContain('private');
  });

  test('with a token: drawn for the link, private, and the token is not in the page', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Confirm me too' });
    const res = await get(`/giveaway/${g.id}/confirm?token=SeCrEt-token-123`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(stateOf(res.body)).toEqual({ kind: 'confirm-link' });
    expect(res.body).not.toContain('SeCrEt');
  });

  test('staff get the app page, and with a token it is private too', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Staff confirm' });
    const res = await get(`/giveaway/${g.id}/confirm?token=abc`, true);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/app.js');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the claim page for a visitor without a session', () => {
  test("drawn with the claim link's state: open with its deadline, then claimed", async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Claim me' });
    expect((await enter(t.app, g.id, 'claimer@example.com', 'claimer')).statusCode).toBe(200);
    const drawn = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/select-winner`,
      headers: { authorization: admin },
      payload: { close_now: true },
    });
    expect(drawn.statusCode).toBe(200);
    const mail = (await deliveredMail(t.app.db)).find(
      (m) => m.to === 'claimer@example.com' && m.subject.startsWith('You won'),
    );
    const token = decodeURIComponent(/\/claim\?token=([^\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    expect(token).not.toBe('');

    const open = await get(`/giveaway/${g.id}/claim?token=${encodeURIComponent(token)}`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('private, no-store');
    expect(open.body).not.toContain(token);
    expect(stateOf(open.body)).toMatchObject({
      kind: 'claim-link',
      link: { state: 'open', claim_deadline_text: expect.stringMatching(/\S/) },
    });

    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${g.id}/claim`,
      payload: { token, full_name: 'Ann', delivery_address: '1 Road', consent: true },
    });
    expect(claimed.statusCode).toBe(200);
    const again = await get(`/giveaway/${g.id}/claim?token=${encodeURIComponent(token)}`);
    expect(stateOf(again.body)).toMatchObject({
      kind: 'claim-link',
      link: { state: 'claimed', claimed_at: expect.any(String) },
    });
  });

  test("a token of no draw is drawn with the server's sentence; no token, with no state", async () => {
    const g = await createGiveaway(t.app, admin, { title: 'No such link' });
    const bad = await get(`/giveaway/${g.id}/claim?token=not-a-real-token`);
    expect(bad.statusCode).toBe(200);
    expect(bad.headers['cache-control']).toBe('private, no-store');
    expect(stateOf(bad.body)).toMatchObject({
      kind: 'claim-link',
      link: null,
      problem: expect.stringMatching(/\S/),
    });
    const none = await get(`/giveaway/${g.id}/claim`);
    expect(stateOf(none.body)).toBeNull();
  });
});
