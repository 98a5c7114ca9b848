import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  dataAddressFor,
  MISSING_PAGE,
  nextDateIn,
  OUTPUT_DIR,
  RequestRender,
} from '../../src/lib/request-render';
import { siteManifestPath } from '@site/contracts/static-rules';
import { buildTestApp, type TestApp, userWithToken } from '../helpers/build';
import { createGiveaway, enter, validForm } from '../routes/v1/giveaways/fixtures';

const MARKER = '<template id="request-render-head"></template>';
const LOADING = '<section class="list"><p role="status">Loading giveaways...</p></section>';

/**
 * A slot module as the site build writes one (plugins/request-render): render(null) is the
 * prebuilt loading state; render(list) draws the list. This one draws titles, escaped, and the
 * data as the JSON the browser reads, so the tests see exactly what the server handed it.
 */
const MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.calls = 0;
exports.render = function (data) {
  if (data === null) return { html: ${JSON.stringify(LOADING)}, head: '' };
  exports.calls += 1;
  if (!Array.isArray(data)) throw new Error('not a list');
  return {
    html: '<section class="list"><ul>' + data.map((g) => '<li>' + escape(g.title) + '</li>').join('') + '</ul></section>',
    head: '<style data-styled="active">.list{}</style><script type="application/json" id="giveaway-list-data">' + JSON.stringify(data).replace(/</g, '\\\\u003c') + '</script>',
  };
};
`;

const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}<style data-styled="active">.a{}</style></head><body><div id="___gatsby"><h1>Giveaways</h1>${LOADING}<footer>f</footer></div><script src="/app.js"></script></body></html>`;

/** The site's not-found page. */
const NOT_FOUND_PAGE = '<h1>Page not found</h1>';

function writeSite(root: string, page = PAGE, module = MODULE) {
  fs.mkdirSync(path.join(root, 'giveaway'), { recursive: true });
  fs.mkdirSync(path.join(root, OUTPUT_DIR), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  fs.writeFileSync(path.join(root, '404.html'), NOT_FOUND_PAGE);
  fs.writeFileSync(path.join(root, 'giveaway', 'index.html'), page);
  fs.writeFileSync(path.join(root, OUTPUT_DIR, 'request-render-giveaway-list.js'), module);
  fs.writeFileSync(
    path.join(root, OUTPUT_DIR, 'manifest.json'),
    JSON.stringify({
      headMarker: MARKER,
      slots: [
        {
          name: 'giveaway-list',
          pageFile: 'giveaway/index.html',
          module: 'request-render-giveaway-list.js',
          data: '/api/v1/giveaway',
        },
      ],
    }),
  );
}

const DETAIL_LOADING = '<div class="frame"><p role="status">Loading...</p></div>';
const DETAIL_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}<title>Giveaway</title></head><body><div id="___gatsby"><header>h</header>${DETAIL_LOADING}<footer>f</footer></div><script src="/app.js"></script></body></html>`;

/** The detail slot's module: draws the title and prize, escaped, and the giveaway as JSON. */
const DETAIL_MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.render = function (data) {
  if (data === null) return { html: ${JSON.stringify(DETAIL_LOADING)}, head: '' };
  if (typeof data !== 'object' || Array.isArray(data) || !('title' in data)) throw new Error('not a giveaway');
  return {
    html: '<div class="frame"><h1>' + escape(data.title) + '</h1><p>' + escape(data.prize) + '</p></div>',
    head: '<script type="application/json" id="giveaway-data">' + JSON.stringify(data).replace(/</g, '\\\\u003c') + '</script>',
  };
};
`;

const DETAIL_FILE = 'giveaway/[...]/index.html';

/** A built site with both slots: the list, and a giveaway at /giveaway/:id of the catch-all page. */
function writeDetailSite(root: string, detailPage = DETAIL_PAGE) {
  writeSite(root);
  fs.mkdirSync(path.join(root, 'giveaway', '[...]'), { recursive: true });
  fs.writeFileSync(path.join(root, DETAIL_FILE), detailPage);
  fs.writeFileSync(path.join(root, OUTPUT_DIR, 'request-render-giveaway-detail.js'), DETAIL_MODULE);
  const manifestFile = path.join(root, OUTPUT_DIR, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    slots: object[];
  };
  manifest.slots.push({
    name: 'giveaway-detail',
    pageFile: DETAIL_FILE,
    module: 'request-render-giveaway-detail.js',
    data: '/api/v1/giveaway/{id}',
    path: '/giveaway/:id',
  });
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
}

const quietLog = () => {
  const warnings: string[] = [];
  return { warnings, warn: (_obj: object, msg: string) => void warnings.push(msg) };
};

describe('RequestRender', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'request-render-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts the drawn slot in place of its prebuilt state, and its head after the marker', async () => {
    writeSite(root);
    const log = quietLog();
    const render = new RequestRender(async () => [{ title: 'A <b>prize</b>' }], log);
    const drawn = await render.page(root, 'giveaway/index.html');
    expect(drawn?.body).toBe(
      PAGE.replace(
        MARKER,
        `${MARKER}<style data-styled="active">.list{}</style><script type="application/json" id="giveaway-list-data">[{"title":"A \\u003cb>prize\\u003c/b>"}]</script>`,
      ).replace(
        LOADING,
        '<section class="list"><ul><li>A &#60;b&#62;prize&#60;/b&#62;</li></ul></section>',
      ),
    );
    expect(drawn?.etag).toMatch(/^"rr-[\w-]+"$/);
    expect(log.warnings).toEqual([]);
  });

  it("hands every slot the site's metadata from the build's manifest", async () => {
    const echo = MODULE.replace(
      'exports.render = function (data) {',
      "exports.render = function (data, extra, context) {\n  if (data !== null) return { html: '<section class=\"list\"><p>' + escape(context.site.title) + ' ' + String(extra) + '</p></section>', head: '' };",
    );
    writeSite(root, PAGE, echo);
    const manifestFile = path.join(root, OUTPUT_DIR, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as object;
    fs.writeFileSync(
      manifestFile,
      JSON.stringify({
        ...manifest,
        site: { title: 'Site <name>', description: 'd', siteUrl: 'https://x.example' },
      }),
    );
    const render = new RequestRender(async () => [], quietLog());
    const drawn = await render.page(root, 'giveaway/index.html');
    expect(drawn?.body).toContain('<p>Site &#60;name&#62; undefined</p>');
  });

  it('leaves pages without a slot alone', async () => {
    writeSite(root);
    const render = new RequestRender(async () => [], quietLog());
    expect(await render.page(root, 'index.html')).toBeNull();
  });

  it('asks the API once until a write or the next date, and draws again after either', async () => {
    writeSite(root);
    let now = Date.parse('2026-11-27T10:00:00Z');
    const asked: string[] = [];
    const render = new RequestRender(
      async (url) => {
        asked.push(url);
        return [{ title: `t${asked.length}`, end_date: '2026-11-28' }];
      },
      quietLog(),
      () => now,
    );
    const first = await render.page(root, 'giveaway/index.html');
    const second = await render.page(root, 'giveaway/index.html');
    expect(second).toBe(first);
    expect(asked).toEqual(['/api/v1/giveaway']);

    render.invalidate();
    expect((await render.page(root, 'giveaway/index.html'))?.body).toContain('<li>t2</li>');
    expect(asked).toHaveLength(2);

    // The end date passes (midnight UTC): what the list shows may change, so it is drawn again.
    now = Date.parse('2026-11-28T00:00:01Z');
    expect((await render.page(root, 'giveaway/index.html'))?.body).toContain('<li>t3</li>');
  });

  it('draws once for requests that arrive together', async () => {
    writeSite(root);
    let asks = 0;
    const render = new RequestRender(async () => {
      asks += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return [{ title: 'x' }];
    }, quietLog());
    const pages = await Promise.all(
      Array.from({ length: 10 }, () => render.page(root, 'giveaway/index.html')),
    );
    expect(asks).toBe(1);
    expect(new Set(pages.map((p) => p?.body)).size).toBe(1);
  });

  it('serves the page as built when the API does not answer or the slot fails', async () => {
    writeSite(root);
    const log = quietLog();
    expect(
      await new RequestRender(async () => null, log).page(root, 'giveaway/index.html'),
    ).toBeNull();
    const failing = new RequestRender(async () => {
      throw new Error('down');
    }, log);
    expect(await failing.page(root, 'giveaway/index.html')).toBeNull();
    const notAList = new RequestRender(async () => ({ detail: 'x' }), log);
    expect(await notAList.page(root, 'giveaway/index.html')).toBeNull();
    expect(log.warnings).toEqual([
      'request-render: the API did not answer',
      'request-render: the slot failed to draw',
    ]);
  });

  it('refuses a page whose marker or prebuilt state is missing or repeated', async () => {
    for (const page of [
      PAGE.replace(MARKER, ''),
      PAGE.replace(MARKER, MARKER + MARKER),
      PAGE.replace(LOADING, ''),
      PAGE.replace(LOADING, LOADING + LOADING),
    ]) {
      writeSite(root, page);
      const log = quietLog();
      const render = new RequestRender(async () => [{ title: 'x' }], log);
      expect(await render.page(root, 'giveaway/index.html')).toBeNull();
      expect(log.warnings).toHaveLength(1);
    }
  });

  it('follows the served site to a new folder', async () => {
    writeSite(root);
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'request-render-'));
    try {
      writeSite(other, PAGE.replace('<h1>Giveaways</h1>', '<h1>Rebuilt</h1>'));
      const render = new RequestRender(async () => [{ title: 'x' }], quietLog());
      expect((await render.page(root, 'giveaway/index.html'))?.body).toContain(
        '<h1>Giveaways</h1>',
      );
      expect((await render.page(other, 'giveaway/index.html'))?.body).toContain('<h1>Rebuilt</h1>');
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('RequestRender: a slot with a path (/giveaway/:id)', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'request-render-'));
    writeDetailSite(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const giveaway = (id: string) => ({
    id: Number(id),
    title: `Prize draw ${id}`,
    prize: 'A <b>mug</b>',
  });
  const byId = (asked: string[]) => async (url: string) => {
    asked.push(url);
    const id = url.split('/').pop() ?? '';
    return id === '404' ? null : giveaway(id);
  };

  it("draws the giveaway of the request's path from its own address", async () => {
    const asked: string[] = [];
    const render = new RequestRender(byId(asked), quietLog());
    const drawn = await render.page(root, DETAIL_FILE, '/giveaway/12');
    expect(asked).toEqual(['/api/v1/giveaway/12']);
    expect(drawn?.body).toBe(
      DETAIL_PAGE.replace(
        MARKER,
        `${MARKER}<script type="application/json" id="giveaway-data">{"id":12,"title":"Prize draw 12","prize":"A \\u003cb>mug\\u003c/b>"}</script>`,
      ).replace(
        DETAIL_LOADING,
        '<div class="frame"><h1>Prize draw 12</h1><p>A &#60;b&#62;mug&#60;/b&#62;</p></div>',
      ),
    );
    // Each id is its own page.
    expect((await render.page(root, DETAIL_FILE, '/giveaway/13'))?.body).toContain(
      '<h1>Prize draw 13</h1>',
    );
    expect((await render.page(root, DETAIL_FILE, '/giveaway/12'))?.body).toBe(drawn?.body);
    expect(asked).toEqual(['/api/v1/giveaway/12', '/api/v1/giveaway/13']);
  });

  it('serves subpages, the management page and ids of the wrong shape as built, asking nothing', async () => {
    const asked: string[] = [];
    const render = new RequestRender(byId(asked), quietLog());
    for (const urlPath of [
      '/giveaway/admin',
      '/giveaway/12/rules',
      '/giveaway/12/check',
      '/giveaway/12/verify',
      '/giveaway/12/claim',
      '/giveaway/12/desk',
      '/giveaway/12/present',
      '/giveaway/0',
      '/giveaway/012',
      '/giveaway/-1',
      '/giveaway/1.5',
      '/giveaway/1e3',
      '/giveaway/2147483648',
      '/giveaway/99999999999',
      '/giveaway/12%2F..',
      '/giveaway/..',
      '/giveaway/',
      '/giveaway',
      '',
    ]) {
      expect(await render.page(root, DETAIL_FILE, urlPath)).toBeNull();
    }
    expect(asked).toEqual([]);
    expect(await render.page(root, DETAIL_FILE, '/giveaway/2147483647')).not.toBeNull();
  });

  it('answers that a giveaway that does not exist is missing, and asks again only after a write', async () => {
    const asked: string[] = [];
    const render = new RequestRender(byId(asked), quietLog());
    expect(await render.page(root, DETAIL_FILE, '/giveaway/404')).toBe(MISSING_PAGE);
    expect(await render.page(root, DETAIL_FILE, '/giveaway/404')).toBe(MISSING_PAGE);
    expect(asked).toEqual(['/api/v1/giveaway/404']);
    render.invalidate();
    expect(await render.page(root, DETAIL_FILE, '/giveaway/404')).toBe(MISSING_PAGE);
    expect(asked).toHaveLength(2);
    // With one visitor's state (a form sent as a page) too.
    expect(await render.page(root, DETAIL_FILE, '/giveaway/404', { entered: true })).toBe(
      MISSING_PAGE,
    );
  });

  it('serves the page as built when the API fails, and asks again next time', async () => {
    let fail = true;
    const log = quietLog();
    const render = new RequestRender(async (url) => {
      if (fail) throw new Error('the API answered 500');
      return giveaway(url.split('/').pop() ?? '');
    }, log);
    expect(await render.page(root, DETAIL_FILE, '/giveaway/5')).toBeNull();
    fail = false;
    expect((await render.page(root, DETAIL_FILE, '/giveaway/5'))?.body).toContain(
      '<h1>Prize draw 5</h1>',
    );
    expect(log.warnings).toEqual(['request-render: the API did not answer']);
  });

  it('keeps a bounded number of drawn pages, the least recently served going first', async () => {
    const asked: string[] = [];
    const render = new RequestRender(byId(asked), quietLog(), Date.now, 3);
    for (const id of ['1', '2', '3']) await render.page(root, DETAIL_FILE, `/giveaway/${id}`);
    await render.page(root, DETAIL_FILE, '/giveaway/1'); // 1 is now the most recent
    await render.page(root, DETAIL_FILE, '/giveaway/4'); // 2 goes
    expect(render.cachedCount).toBe(3);
    asked.length = 0;
    await render.page(root, DETAIL_FILE, '/giveaway/1');
    await render.page(root, DETAIL_FILE, '/giveaway/3');
    expect(asked).toEqual([]);
    await render.page(root, DETAIL_FILE, '/giveaway/2');
    expect(asked).toEqual(['/api/v1/giveaway/2']);

    // However many ids are asked for, the cache stays at its size.
    for (let id = 100; id < 400; id++) await render.page(root, DETAIL_FILE, `/giveaway/${id}`);
    expect(render.cachedCount).toBe(3);
  });

  it('draws every id again after a write', async () => {
    const asked: string[] = [];
    const render = new RequestRender(byId(asked), quietLog());
    await render.page(root, DETAIL_FILE, '/giveaway/7');
    await render.page(root, 'giveaway/index.html', '/giveaway');
    render.invalidate();
    expect(render.cachedCount).toBe(0);
    await render.page(root, DETAIL_FILE, '/giveaway/7');
    expect(asked.filter((url) => url === '/api/v1/giveaway/7')).toHaveLength(2);
  });
});

describe('dataAddressFor', () => {
  it('puts an id of the path into the address, and refuses anything else', () => {
    const slot = { data: '/api/v1/giveaway/{id}', path: '/giveaway/:id' };
    expect(dataAddressFor(slot, '/giveaway/42')).toBe('/api/v1/giveaway/42');
    expect(dataAddressFor(slot, '/giveaway/42/')).toBe('/api/v1/giveaway/42');
    expect(dataAddressFor(slot, '/giveaway/abc')).toBeNull();
    expect(dataAddressFor(slot, '/blog/42')).toBeNull();
    expect(dataAddressFor({ data: '/api/v1/giveaway' }, '/anything')).toBe('/api/v1/giveaway');
  });
});

describe('nextDateIn', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  it('finds the first future date among the values, at any depth', () => {
    expect(
      nextDateIn(
        [
          {
            start_date: '2026-11-01',
            end_date: '2026-12-31',
            draws: [{ at: '2026-11-30T12:00:00Z' }],
          },
          { start_date: '2026-11-29', title: '2026-11-28 is not a date field but reads as one' },
        ],
        now,
      ),
    ).toBe(Date.parse('2026-11-29T00:00:00Z'));
    expect(nextDateIn([{ end_date: '2026-11-01' }, 'no dates', 3, null], now)).toBe(Infinity);
  });
});

describe('/giveaway served drawn', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const first = await buildTestApp({ RATE_LIMITS: 'off' });
    writeDetailSite(first.config.siteDir);
    fs.writeFileSync(
      siteManifestPath(first.config.siteDir),
      JSON.stringify({
        clientOnlyRoutes: [{ matchPath: '/giveaway/*', page: DETAIL_FILE }],
        cacheControl: { files: {}, folders: {} },
        scriptHashes: {},
      }),
    );
    // The static plugin reads the build at start-up: a second app over the same folders.
    t = await buildTestApp({
      RATE_LIMITS: 'off',
      SITE_DIR: first.config.siteDir,
    });
    const close = t.close;
    t.close = async () => {
      await close();
      await first.close();
    };
    admin = (await userWithToken(t.app, 'admin')).authorization;
  });
  afterAll(() => t.close());

  it('arrives with the public list drawn, the same for a visitor and an admin', async () => {
    const open = await createGiveaway(t.app, admin, { title: 'Public prize' });
    expect(
      (await enter(t.app, open.id, 'entrant.person@example.org', 'entrant_handle')).statusCode,
    ).toBe(200);
    const archived = await createGiveaway(t.app, admin, { title: 'Archived prize' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/giveaway/${archived.id}/archive`,
      headers: { authorization: admin },
      payload: { archived: true },
    });
    expect(res.statusCode).toBeLessThan(300);

    const visitor = await t.app.inject({ method: 'GET', url: '/giveaway' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['content-type']).toMatch(/^text\/html/);
    expect(visitor.body).toContain('<li>Public prize</li>');
    expect(visitor.body).not.toContain('Archived prize');
    expect(visitor.body).not.toContain('Loading giveaways');

    // An admin's own list holds archived giveaways; the drawn page never does.
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/giveaway',
      headers: { authorization: admin },
    });
    expect(asAdmin.body).toBe(visitor.body);
    expect(asAdmin.body).not.toContain('entrant.person@example.org');
    expect(asAdmin.body).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
    expect(asAdmin.body).toContain('"participant_count":1');
  });

  it('answers 304 to a revalidation, and draws again after a write', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/giveaway' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/giveaway',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    await createGiveaway(t.app, admin, { ...validForm(), title: 'Newer prize' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/giveaway',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<li>Newer prize</li>');
  });

  it('never serves the slot modules', async () => {
    for (const url of [
      `/${OUTPUT_DIR}/manifest.json`,
      `/${OUTPUT_DIR}/request-render-giveaway-list.js`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('draws /giveaway/{id} from the public answer: nothing private, the same for an admin', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Detail <prize> draw' });
    expect(
      (await enter(t.app, g.id, 'detail.person@example.org', 'detail_handle')).statusCode,
    ).toBe(200);
    const visitor = await t.app.inject({ method: 'GET', url: `/giveaway/${g.id}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['content-type']).toMatch(/^text\/html/);
    expect(visitor.body).toContain('<h1>Detail &#60;prize&#62; draw</h1>');
    expect(visitor.body).not.toContain('Loading...');
    expect(visitor.body).toContain('<script type="application/json" id="giveaway-data">');
    expect(visitor.body).toContain('"participant_count":1');
    expect(visitor.body).not.toContain('detail.person@example.org');
    expect(visitor.body).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/giveaway/${g.id}`,
      headers: { authorization: admin },
    });
    expect(asAdmin.body).toBe(visitor.body);
  });

  it('serves subpages, the management page and malformed ids as built', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Subpage prize' });
    for (const url of [
      `/giveaway/${g.id}/rules`,
      `/giveaway/${g.id}/desk`,
      `/giveaway/${g.id}/present`,
      '/giveaway/admin',
      '/giveaway/0',
      '/giveaway/abc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(DETAIL_PAGE);
    }
  });

  it('answers an id with no giveaway with the not-found page and 404, for staff too', async () => {
    for (const staff of [false, true]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/giveaway/999999',
        ...(staff ? { cookies: { aw_staff: '1' }, headers: { authorization: admin } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(NOT_FOUND_PAGE);
      expect(res.body).not.toContain('Loading...');
    }
  });

  it('draws /giveaway/{id} again after a write to it', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Before the change' });
    const first = await t.app.inject({ method: 'GET', url: `/giveaway/${g.id}` });
    expect(first.body).toContain('<h1>Before the change</h1>');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: `/giveaway/${g.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/giveaway/${g.id}`,
      headers: { authorization: admin },
      payload: { ...validForm(), title: 'After the change' },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/giveaway/${g.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<h1>After the change</h1>');
  });
});

const DOC_FILE = 'entrant-document/giveaway/index.html';
const DOC_LOADING = '<div class="doc-frame"><p role="status">Loading...</p></div>';
const DOC_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}<script async src="/islands/loader-1.js" data-island-loader=""></script></head><body><div id="___gatsby"><header>h</header>${DOC_LOADING}<footer>f</footer></div></body></html>`;

/** The document page's slot: the giveaway drawn with an island, and its styles only in the head. */
const DOC_MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.render = function (data, extra) {
  if (data === null) return { html: ${JSON.stringify(DOC_LOADING)}, head: '' };
  return {
    html: '<div class="doc-frame"><h1>' + escape(data.title) + '</h1><div data-island="giveaway-entry">' + (extra ? 'state' : 'form') + '</div></div>',
    head: '<style data-styled="active">.doc{}</style>',
  };
};
`;

/** The detail site plus the document page that stands in for /giveaway/:id. */
function writeDocumentSite(root: string) {
  writeDetailSite(root);
  fs.mkdirSync(path.join(root, 'entrant-document', 'giveaway'), { recursive: true });
  fs.writeFileSync(path.join(root, DOC_FILE), DOC_PAGE);
  fs.writeFileSync(
    path.join(root, OUTPUT_DIR, 'request-render-giveaway-detail-document.js'),
    DOC_MODULE,
  );
  const manifestFile = path.join(root, OUTPUT_DIR, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { slots: object[] };
  manifest.slots.push({
    name: 'giveaway-detail-document',
    pageFile: DOC_FILE,
    module: 'request-render-giveaway-detail-document.js',
    data: '/api/v1/giveaway/{id}',
    path: '/giveaway/:id',
    documentFor: DETAIL_FILE,
  });
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
}

describe('RequestRender: a document page standing in for an app page', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'request-render-'));
    writeDocumentSite(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names the stand-in for the paths of its slot only', () => {
    const render = new RequestRender(async () => null, quietLog());
    expect(render.documentFor(root, DETAIL_FILE, '/giveaway/12')).toBe(DOC_FILE);
    expect(render.documentFor(root, DETAIL_FILE, '/giveaway/12/rules')).toBeNull();
    expect(render.documentFor(root, DETAIL_FILE, '/giveaway/admin')).toBeNull();
    expect(render.documentFor(root, 'giveaway/index.html', '/giveaway')).toBeNull();
    expect(render.isStandIn(root, DOC_FILE)).toBe(true);
    expect(render.isStandIn(root, DETAIL_FILE)).toBe(false);
  });
});

describe('/giveaway/{id} for a visitor without a session: the document page', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const first = await buildTestApp({ RATE_LIMITS: 'off' });
    writeDocumentSite(first.config.siteDir);
    fs.writeFileSync(
      siteManifestPath(first.config.siteDir),
      JSON.stringify({
        clientOnlyRoutes: [{ matchPath: '/giveaway/*', page: DETAIL_FILE }],
        cacheControl: { files: {}, folders: {} },
        scriptHashes: { [DETAIL_FILE]: ["'sha256-app'"] },
      }),
    );
    t = await buildTestApp({ RATE_LIMITS: 'off', SITE_DIR: first.config.siteDir });
    const close = t.close;
    t.close = async () => {
      await close();
      await first.close();
    };
    admin = (await userWithToken(t.app, 'admin')).authorization;
    // Two apps are built: slow on a busy machine.
  }, 120_000);
  afterAll(() => t.close());

  it('is drawn into the document page; staff (the hint cookie) get the app page drawn', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Document <prize>' });
    const visitor = await t.app.inject({ method: 'GET', url: `/giveaway/${g.id}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('<h1>Document &#60;prize&#62;</h1>');
    expect(visitor.body).toContain('data-island="giveaway-entry"');
    expect(visitor.body).not.toContain('/app.js');
    expect(visitor.body).not.toContain('id="giveaway-data"');
    expect(String(visitor.headers.vary)).toContain('Cookie');
    // The app page's script hashes are not the document's.
    expect(String(visitor.headers['content-security-policy'])).not.toContain('sha256-app');

    const staff = await t.app.inject({
      method: 'GET',
      url: `/giveaway/${g.id}`,
      cookies: { aw_staff: '1' },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toContain('/app.js');
    expect(staff.body).toContain('id="giveaway-data"');
    expect(staff.body).not.toContain('data-island="giveaway-entry"');
  });

  it('serves subpages as the app page, and an unknown id and its own address as not found', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Subpage document' });
    const unknown = await t.app.inject({ method: 'GET', url: '/giveaway/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(NOT_FOUND_PAGE);
    for (const url of [`/giveaway/${g.id}/rules`, '/giveaway/admin']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(DETAIL_PAGE);
    }
    for (const url of ['/entrant-document/giveaway', `/${DOC_FILE}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

/** The giveaway's subpages drawn as document pages: rules (any version), check and verify. */
const SUBPAGE_DOCS = [
  { kind: 'rules', data: '/api/v1/giveaway/{id}/rules', query: 'version' },
  { kind: 'check', data: '/api/v1/giveaway/{id}' },
  { kind: 'verify', data: '/api/v1/giveaway/{id}/verification' },
] as const;

const subpageDocFile = (kind: string) => `entrant-document/giveaway-${kind}/index.html`;
const subpageLoading = (kind: string) => `<div class="${kind}-frame"><p>Loading...</p></div>`;

/** A subpage document's slot: what it was drawn from, named, with its title escaped. */
const subpageModule = (kind: string) => `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.render = function (data) {
  if (data === null) return { html: ${JSON.stringify(subpageLoading(kind))}, head: '' };
  const facts = ${JSON.stringify(kind)} === 'rules' ? 'version ' + data.version + ' of ' + data.current_version
    : ${JSON.stringify(kind)} === 'verify' ? 'commitment ' + escape(data.commitment) : 'check form';
  return {
    html: '<div class="${kind}-frame"><h1>' + escape(data.title) + '</h1><p>' + facts + '</p>' + (${JSON.stringify(kind)} === 'rules' ? '' : '<div data-island="giveaway-${kind}"></div>') + '</div>',
    head: '<style data-styled="active">.${kind}{}</style>',
  };
};
`;

/** The document site plus the three subpage documents standing in for /giveaway/:id/<kind>. */
function writeSubpageDocumentSite(root: string) {
  writeDocumentSite(root);
  const manifestFile = path.join(root, OUTPUT_DIR, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { slots: object[] };
  for (const { kind, data, ...rest } of SUBPAGE_DOCS) {
    const file = subpageDocFile(kind);
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(
      path.join(root, file),
      DOC_PAGE.replace(DOC_LOADING, subpageLoading(kind)).replace('<title>', `<title>${kind}`),
    );
    const module = `request-render-giveaway-${kind}-document.js`;
    fs.writeFileSync(path.join(root, OUTPUT_DIR, module), subpageModule(kind));
    manifest.slots.push({
      name: `giveaway-${kind}-document`,
      pageFile: file,
      module,
      data,
      path: `/giveaway/:id/${kind}`,
      ...rest,
      documentFor: DETAIL_FILE,
    });
  }
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
}

describe('dataAddressFor: a slot with a query parameter', () => {
  it('passes the parameter on when it is an id, and asks for the default otherwise', () => {
    const slot = {
      data: '/api/v1/giveaway/{id}/rules',
      path: '/giveaway/:id/rules',
      query: 'version',
    };
    expect(dataAddressFor(slot, '/giveaway/4/rules')).toBe('/api/v1/giveaway/4/rules');
    expect(dataAddressFor(slot, '/giveaway/4/rules', 'version=2')).toBe(
      '/api/v1/giveaway/4/rules?version=2',
    );
    expect(dataAddressFor(slot, '/giveaway/4/rules', 'x=1&version=3')).toBe(
      '/api/v1/giveaway/4/rules?version=3',
    );
    for (const search of ['version=0', 'version=abc', 'version=2%26x%3D1', 'version=99999999999'])
      expect(dataAddressFor(slot, '/giveaway/4/rules', search)).toBe('/api/v1/giveaway/4/rules');
    expect(dataAddressFor(slot, '/giveaway/4/check', 'version=2')).toBeNull();
    // A slot without one ignores the query.
    expect(dataAddressFor({ data: '/api/v1/giveaway' }, '/giveaway', 'version=2')).toBe(
      '/api/v1/giveaway',
    );
  });
});

describe('RequestRender: the subpages as document pages', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'request-render-'));
    writeSubpageDocumentSite(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names each stand-in for its own subpage only', () => {
    const render = new RequestRender(async () => null, quietLog());
    for (const { kind } of SUBPAGE_DOCS) {
      expect(render.documentFor(root, DETAIL_FILE, `/giveaway/12/${kind}`)).toBe(
        subpageDocFile(kind),
      );
      expect(render.documentFor(root, DETAIL_FILE, `/giveaway/abc/${kind}`)).toBeNull();
      expect(render.isStandIn(root, subpageDocFile(kind))).toBe(true);
    }
    expect(render.documentFor(root, DETAIL_FILE, '/giveaway/12')).toBe(DOC_FILE);
    expect(render.documentFor(root, DETAIL_FILE, '/giveaway/12/claim')).toBeNull();
    expect(render.documentFor(root, DETAIL_FILE, '/giveaway/12/rules/x')).toBeNull();
  });

  it('asks a version of the rules by the query, and keeps each version apart', async () => {
    const asked: string[] = [];
    const render = new RequestRender(async (url) => {
      asked.push(url);
      const version = Number(/version=(\d+)/.exec(url)?.[1] ?? 2);
      return { title: 'R', version, current_version: 2 };
    }, quietLog());
    const file = subpageDocFile('rules');
    const current = await render.page(root, file, '/giveaway/5/rules');
    const first = await render.page(root, file, '/giveaway/5/rules', undefined, 'version=1');
    expect(current?.body).toContain('version 2 of 2');
    expect(first?.body).toContain('version 1 of 2');
    await render.page(root, file, '/giveaway/5/rules', undefined, 'version=1');
    expect(asked).toEqual(['/api/v1/giveaway/5/rules', '/api/v1/giveaway/5/rules?version=1']);
  });
});

describe('/giveaway/{id}/rules, /check and /verify for a visitor without a session', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const first = await buildTestApp({ RATE_LIMITS: 'off' });
    writeSubpageDocumentSite(first.config.siteDir);
    fs.writeFileSync(
      siteManifestPath(first.config.siteDir),
      JSON.stringify({
        clientOnlyRoutes: [{ matchPath: '/giveaway/*', page: DETAIL_FILE }],
        cacheControl: { files: {}, folders: {} },
        scriptHashes: { [DETAIL_FILE]: ["'sha256-app'"] },
      }),
    );
    t = await buildTestApp({ RATE_LIMITS: 'off', SITE_DIR: first.config.siteDir });
    const close = t.close;
    t.close = async () => {
      await close();
      await first.close();
    };
    admin = (await userWithToken(t.app, 'admin')).authorization;
    // Two apps are built: slow on a busy machine.
  }, 120_000);
  afterAll(() => t.close());

  it('draws each subpage into its document page from the public answer; staff get the app page', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Sub <pages>' });
    const rules = await t.app.inject({ method: 'GET', url: `/giveaway/${g.id}/rules` });
    expect(rules.statusCode).toBe(200);
    expect(rules.body).toContain('<h1>Sub &#60;pages&#62;</h1><p>version 1 of 1</p>');
    expect(rules.body).not.toContain('data-island="giveaway-rules"');

    const check = await t.app.inject({ method: 'GET', url: `/giveaway/${g.id}/check` });
    expect(check.statusCode).toBe(200);
    expect(check.body).toContain('<h1>Sub &#60;pages&#62;</h1><p>check form</p>');
    expect(check.body).toContain('data-island="giveaway-check"');

    const verify = await t.app.inject({ method: 'GET', url: `/giveaway/${g.id}/verify` });
    expect(verify.statusCode).toBe(200);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/v1/giveaway/${g.id}/verification`,
    });
    const commitment = (record.json() as { commitment: string }).commitment;
    expect(verify.body).toContain(`<p>commitment ${commitment}</p>`);
    expect(verify.body).toContain('data-island="giveaway-verify"');

    for (const res of [rules, check, verify]) {
      expect(res.body).not.toContain('/app.js');
      expect(String(res.headers.vary)).toContain('Cookie');
      expect(String(res.headers['content-security-policy'])).not.toContain('sha256-app');
    }

    for (const kind of ['rules', 'check', 'verify']) {
      const staff = await t.app.inject({
        method: 'GET',
        url: `/giveaway/${g.id}/${kind}`,
        cookies: { aw_staff: '1' },
      });
      expect(staff.statusCode).toBe(200);
      expect(staff.body).toContain('/app.js');
      expect(staff.body).not.toContain(`${kind}-frame`);
    }
  });

  it('draws the rules version asked for; a version or giveaway that does not exist is not found', async () => {
    const g = await createGiveaway(t.app, admin, { title: 'Versions' });
    const one = await t.app.inject({ method: 'GET', url: `/giveaway/${g.id}/rules?version=1` });
    expect(one.body).toContain('<p>version 1 of 1</p>');
    for (const url of [
      `/giveaway/${g.id}/rules?version=7`,
      '/giveaway/999999/rules',
      '/giveaway/999999/check',
      '/giveaway/999999/verify',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toBe(DETAIL_PAGE);
    }
    for (const kind of ['rules', 'check', 'verify']) {
      const own = await t.app.inject({ method: 'GET', url: `/entrant-document/giveaway-${kind}` });
      expect(own.statusCode).toBe(404);
    }
  });
});
