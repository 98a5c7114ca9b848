import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nextDateIn, OUTPUT_DIR, RequestRender } from '../../src/lib/request-render';
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

function writeSite(root: string, page = PAGE, module = MODULE) {
  fs.mkdirSync(path.join(root, 'giveaway'), { recursive: true });
  fs.mkdirSync(path.join(root, OUTPUT_DIR), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
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
    writeSite(first.config.siteDir);
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
});
