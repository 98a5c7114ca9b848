import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connect } from '../../src/db/connect';
import { OUTPUT_DIR } from '../../src/lib/request-render';
import { siteManifestPath } from '@site/contracts/static-rules';
import { testDialect, userWithToken } from '../helpers/build';
import { createGiveaway, enter } from '../routes/v1/giveaways/fixtures';

/**
 * Two server instances on one database and one built site, as two processes behind one proxy:
 * each keeps the giveaway pages it drew. A change made through one (an erasure, a disqualification
 * and the re-draw it makes) reaches the page the other serves before the change has answered,
 * and a visitor's write elsewhere drops nothing.
 */

const MARKER = '<template id="request-render-head"></template>';
const LOADING = '<div class="frame"><p role="status">Loading...</p></div>';
const PAGE_FILE = 'giveaway/[...]/index.html';
const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}</head><body>${LOADING}</body></html>`;
/** Draws the giveaway as the public API answered it, escaped, and counts its drawings. */
const MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.drawings = 0;
exports.render = function (data) {
  if (data === null) return { html: ${JSON.stringify(LOADING)}, head: '' };
  exports.drawings += 1;
  return { html: '<div class="frame"><pre>' + escape(JSON.stringify(data)) + '</pre></div>', head: '' };
};
`;

let dir: string;
let url: string;
let schema: string | undefined;
const apps: App[] = [];

function writeSite(root: string) {
  fs.mkdirSync(path.join(root, 'giveaway', '[...]'), { recursive: true });
  fs.mkdirSync(path.join(root, OUTPUT_DIR), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  fs.writeFileSync(path.join(root, PAGE_FILE), PAGE);
  fs.writeFileSync(path.join(root, OUTPUT_DIR, 'giveaway-detail.js'), MODULE);
  fs.writeFileSync(
    path.join(root, OUTPUT_DIR, 'manifest.json'),
    JSON.stringify({
      headMarker: MARKER,
      slots: [
        {
          name: 'giveaway-detail',
          pageFile: PAGE_FILE,
          module: 'giveaway-detail.js',
          data: '/api/v1/giveaway/{id}',
          path: '/giveaway/:id',
        },
      ],
    }),
  );
  fs.writeFileSync(
    siteManifestPath(root),
    JSON.stringify({
      clientOnlyRoutes: [{ matchPath: '/giveaway/*', page: PAGE_FILE }],
      cacheControl: { files: {}, folders: {} },
      scriptHashes: {},
    }),
  );
}

async function start(): Promise<App> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATABASE_URL: url,
    DATA_DIR: path.join(dir, 'data'),
    SITE_DIR: path.join(dir, 'public'),
    PUBLISH_WORK_DIR: path.join(dir, 'publish'),
    RATE_LIMITS: 'off',
  });
  const connection = await connect(config.databaseUrl, process.cwd(), { schema });
  const app = await buildApp({ config, connection });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pages-2p-'));
  fs.mkdirSync(path.join(dir, 'data'));
  writeSite(path.join(dir, 'public'));
  if (testDialect() === 'postgres') {
    url = process.env.TEST_DATABASE_URL as string;
    schema = `pages2_${crypto.randomBytes(5).toString('hex')}`;
  } else {
    url = `sqlite:${path.join(dir, 'data', 'site.db')}`;
  }
});

afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  if (schema) {
    const cleanup = await connect(url, process.cwd(), { schema });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
    await cleanup.close();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** How many pages the slot module has drawn, in either instance (they share the module). */
function drawings(): number {
  const file = path.join(dir, 'public', OUTPUT_DIR, 'giveaway-detail.js');
  return (createRequire(__filename)(file) as { drawings: number }).drawings;
}

let a: App;
let b: App;
let admin: string;

beforeAll(async () => {
  a = await start();
  b = await start();
  admin = (await userWithToken(a, 'admin')).authorization;
});

/** A giveaway made and drawn through A, with three entrants. */
async function drawnGiveaway(title: string) {
  const g = await createGiveaway(a, admin, { title });
  for (const n of [1, 2, 3]) {
    const res = await enter(a, g.id, `person${n}.${g.id}@example.org`, `handle_${g.id}_${n}`);
    expect(res.statusCode).toBe(200);
  }
  const drawn = await a.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${g.id}/select-winner`,
    headers: { authorization: admin },
    payload: { close_now: true },
  });
  expect(drawn.statusCode).toBe(200);
  return g;
}

/** The page B serves for the giveaway. */
async function pageOnB(id: number) {
  const res = await b.inject({ method: 'GET', url: `/giveaway/${id}` });
  expect(res.statusCode).toBe(200);
  return res.body;
}

test("an erasure, a disqualification and its re-draw made through one process show at once on the other's kept pages", async () => {
  const g = await drawnGiveaway('Two processes');
  const before = await pageOnB(g.id);
  const winner = new RegExp(`handle_${g.id}_\\d`).exec(before)?.[0];
  expect(winner).toBeDefined();
  // Kept: asked again, B serves what it drew without drawing again.
  const kept = drawings();
  expect(await pageOnB(g.id)).toBe(before);
  expect(drawings()).toBe(kept);

  // The winner's data is erased through A: B's page has lost the handle once A has answered.
  const erased = await a.inject({
    method: 'POST',
    url: '/api/v1/personal-data/erase',
    headers: { authorization: admin },
    payload: { email: `person${winner?.slice(-1)}.${g.id}@example.org` },
  });
  expect(erased.statusCode).toBe(200);
  const afterErasure = await pageOnB(g.id);
  expect(afterErasure).not.toContain(winner);

  // A disqualifies the current winner, which draws again at once: B shows the new draw.
  const disqualified = await a.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${g.id}/disqualify-winner`,
    headers: { authorization: admin },
    payload: { reason: 'Erased at their request.' },
  });
  expect(disqualified.statusCode).toBe(200);
  const answer = (await b.inject({ method: 'GET', url: `/api/v1/giveaway/${g.id}` })).body;
  const newWinner = new RegExp(`handle_${g.id}_\\d`).exec(answer)?.[0];
  expect(newWinner).toBeDefined();
  expect(newWinner).not.toBe(winner);
  expect(await pageOnB(g.id)).toContain(newWinner);
});

test("a visitor's enquiry, and an entry to another giveaway, drop none of this giveaway's kept pages", async () => {
  const g = await drawnGiveaway('Kept through other writes');
  const before = await pageOnB(g.id);
  const kept = drawings();
  const other = await createGiveaway(a, admin, { title: 'Another one' });
  const enquiry = await b.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload: { name: 'Bo', email: 'bo@example.com', message: 'Hi' },
  });
  expect(enquiry.statusCode).toBe(200);
  expect((await enter(b, other.id, 'someone@example.org', 'someone_else')).statusCode).toBe(200);
  expect(await pageOnB(g.id)).toBe(before);
  expect(drawings()).toBe(kept);
  // A change to this giveaway does drop it.
  const disqualified = await a.inject({
    method: 'POST',
    url: `/api/v1/giveaway/${g.id}/disqualify-winner`,
    headers: { authorization: admin },
    payload: { reason: 'Entered twice.' },
  });
  expect(disqualified.statusCode).toBe(200);
  await pageOnB(g.id);
  expect(drawings()).toBe(kept + 1);
});
