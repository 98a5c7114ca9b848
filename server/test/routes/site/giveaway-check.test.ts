import fs from 'node:fs';
import path from 'node:path';
import { OUTPUT_DIR } from '../../../src/lib/request-render';
import { siteManifestPath } from '@site/contracts/static-rules';
import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { createGiveaway, enter } from '../v1/giveaways/fixtures';

const MARKER = '<template id="request-render-head"></template>';
const APP_LOADING = '<div class="frame"><p role="status">Loading...</p></div>';
const APP_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}</head><body><div id="___gatsby">${APP_LOADING}</div><script src="/app.js"></script></body></html>`;
const APP_FILE = 'giveaway/[...]/index.html';
const DOC_LOADING = '<div class="check-frame"><p>Loading...</p></div>';
const DOC_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}</head><body><div id="___gatsby">${DOC_LOADING}</div></body></html>`;
const DOC_FILE = 'entrant-document/giveaway-check/index.html';

/**
 * The check page's document slot as the build writes it, reduced to what these tests read: the
 * title, and the state the page was drawn with (the second argument) as JSON, escaped for HTML.
 */
const MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.render = function (data, checked) {
  if (data === null) return { html: ${JSON.stringify(DOC_LOADING)}, head: '' };
  return {
    html: '<div class="check-frame"><h1>' + escape(data.title) + '</h1><pre id="checked">' + escape(JSON.stringify(checked === undefined ? null : checked)) + '</pre></div>',
    head: '',
  };
};
`;

function writeSite(root: string) {
  fs.mkdirSync(path.join(root, 'giveaway', '[...]'), { recursive: true });
  fs.mkdirSync(path.join(root, path.dirname(DOC_FILE)), { recursive: true });
  fs.mkdirSync(path.join(root, OUTPUT_DIR), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  fs.writeFileSync(path.join(root, APP_FILE), APP_PAGE);
  fs.writeFileSync(path.join(root, DOC_FILE), DOC_PAGE);
  fs.writeFileSync(path.join(root, OUTPUT_DIR, 'check.js'), MODULE);
  fs.writeFileSync(
    path.join(root, OUTPUT_DIR, 'manifest.json'),
    JSON.stringify({
      headMarker: MARKER,
      slots: [
        {
          name: 'giveaway-check-document',
          pageFile: DOC_FILE,
          module: 'check.js',
          data: '/api/v1/giveaway/{id}',
          path: '/giveaway/:id/check',
          documentFor: APP_FILE,
        },
      ],
    }),
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

/** The state the page was drawn with, as the slot wrote it. */
function drawnState(html: string): unknown {
  const text = /<pre id="checked">([^<]*)<\/pre>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(+code)));
}

describe('POST /giveaway/{id}/check: "Was I in the draw?" sent as a page', () => {
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
  }, 120_000);
  afterAll(() => t.close());

  const post = (id: number | string, receipt: string | null, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/giveaway/${id}/check`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: receipt === null ? '' : new URLSearchParams({ receipt }).toString(),
    });

  it('answers with the page drawn with the answer and the code as typed, for this visitor only', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Check <form>' });
    const entry = await enter(t.app, g.id, 'check.form@example.org', 'check_form');
    const receipt = (entry.json() as { receipt: string }).receipt;
    const res = await post(g.id, receipt.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<h1>Check &#60;form&#62;</h1>');
    expect(res.body).not.toContain('/app.js');
    expect(drawnState(res.body)).toMatchObject({
      kind: 'checked',
      receipt: receipt.toLowerCase(),
      problem: null,
      result: { found: true, receipt },
    });
    // The shared page is drawn without it.
    const shared = await t.app.inject({ method: 'GET', url: `/giveaway/${g.id}/check` });
    expect(drawnState(shared.body)).toBeNull();
  });

  it('says so for a code of no entry, and under the field for an empty or malformed one', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Check refusals' });
    const none = await post(g.id, 'AAAA-BBBB-CCCC-DDDD');
    expect(none.statusCode).toBe(200);
    expect(drawnState(none.body)).toMatchObject({ result: { found: false }, problem: null });

    for (const typed of [null, '   ']) {
      const empty = await post(g.id, typed);
      expect(empty.statusCode).toBe(400);
      expect(drawnState(empty.body)).toMatchObject({
        result: null,
        problem: 'Please enter the receipt code you were given when you entered.',
      });
    }
    const malformed = await post(g.id, 'not <a> code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('<a>');
    expect(drawnState(malformed.body)).toMatchObject({
      receipt: 'not <a> code',
      problem: expect.stringMatching(/^That is not a receipt code/) as unknown,
    });
  });

  it('answers 404 for a giveaway that does not exist or an id of the wrong shape', async () => {
    expect((await post(999999, 'AAAA-BBBB-CCCC-DDDD')).statusCode).toBe(404);
    expect((await post('abc', 'AAAA-BBBB-CCCC-DDDD')).statusCode).toBe(404);
  });

  it('refuses a form sent from another site', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Check cross-site' });
    const foreign = await post(g.id, 'AAAA-BBBB-CCCC-DDDD', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
  });
});
