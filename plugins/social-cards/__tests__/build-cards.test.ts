import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { normalCardRequest, socialCardAddress } from '@site/contracts';
import { buildSocialCards, warmSocialCards } from '../build-cards';
import { requestFileName } from '../requests';

jest.setTimeout(120_000);

const FONTS = path.join(__dirname, '../../../pipeline/assets/fonts');

let root: string;
let dirs: { requestsDir: string; cacheDir: string; publicDir: string };
let warnings: string[];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'social-cards-'));
  dirs = {
    requestsDir: path.join(root, 'cache/requests'),
    cacheDir: path.join(root, 'cache'),
    publicDir: path.join(root, 'public'),
  };
  fs.mkdirSync(dirs.requestsDir, { recursive: true });
  fs.mkdirSync(dirs.publicDir, { recursive: true });
  warnings = [];
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** Notes a request as the page render does; its address. */
function ask(request: { title: string; label?: string | null; cover?: string | null }): string {
  const address = socialCardAddress(request);
  fs.writeFileSync(
    path.join(dirs.requestsDir, requestFileName(address)),
    JSON.stringify({ address, ...normalCardRequest(request) }),
  );
  return address;
}

const build = () =>
  buildSocialCards({ ...dirs, fontDir: FONTS, warn: (message) => warnings.push(message) });

async function size(address: string) {
  const metadata = await sharp(path.join(dirs.publicDir, address)).metadata();
  return [metadata.format, metadata.width, metadata.height];
}

test('every card asked for is drawn into the built site, 1200 × 630, and drawn once', async () => {
  const post = ask({ title: 'Shipping agents', label: 'Engineering' });
  const page = ask({ title: 'Pricing' });
  expect(post).toMatch(/^\/og\/[0-9a-f]{16}\.jpg$/);
  expect(await build()).toEqual({ cards: 2, drawn: 2, removed: 0 });
  expect(await size(post)).toEqual(['jpeg', 1200, 630]);
  expect(await size(page)).toEqual(['jpeg', 1200, 630]);

  // The next build (a fresh public/, the same cache) draws nothing it drew before.
  fs.rmSync(dirs.publicDir, { recursive: true });
  fs.mkdirSync(dirs.publicDir);
  const renamed = ask({ title: 'Shipping agents, again', label: 'Engineering' });
  expect(await build()).toEqual({ cards: 3, drawn: 1, removed: 0 });
  expect(await size(post)).toEqual(['jpeg', 1200, 630]);
  expect(await size(renamed)).toEqual(['jpeg', 1200, 630]);
  expect(warnings).toEqual([]);
});

test('a kept card no page asks for any more is removed; other files in the cache stay', async () => {
  const kept = () =>
    fs
      .readdirSync(dirs.cacheDir)
      .filter((name) => name.endsWith('.jpg'))
      .sort();
  ask({ title: 'Stays' });
  const gone = ask({ title: 'Goes' });
  expect(await build()).toEqual({ cards: 2, drawn: 2, removed: 0 });
  const before = kept();
  expect(before).toHaveLength(2);
  fs.rmSync(path.join(dirs.requestsDir, requestFileName(gone)));
  fs.writeFileSync(path.join(dirs.cacheDir, 'notes.jpg'), 'not a kept card');
  expect(await build()).toEqual({ cards: 1, drawn: 0, removed: 1 });
  expect(kept()).toEqual(['notes.jpg', ...before.filter((name) => kept().includes(name))].sort());
  expect(kept()).toHaveLength(2);
});

test('a cover of the built site is drawn in; a changed cover draws the card again', async () => {
  fs.mkdirSync(path.join(dirs.publicDir, 'static'));
  const coverFile = path.join(dirs.publicDir, 'static/cover.png');
  const cover = (background: string) =>
    sharp({ create: { width: 600, height: 600, channels: 3, background } })
      .png()
      .toFile(coverFile);
  await cover('#f59e0b');
  const address = ask({ title: 'With a cover', cover: '/static/cover.png' });
  expect(await build()).toEqual({ cards: 1, drawn: 1, removed: 0 });
  const pixel = async () => {
    const { data } = await sharp(path.join(dirs.publicDir, address))
      .extract({ left: 1100, top: 300, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return [...data];
  };
  const [r, , b] = await pixel();
  expect(r).toBeGreaterThan(220);
  expect(b).toBeLessThan(60);
  await cover('#10b981');
  // The card of the first cover is no longer asked for: it leaves the cache.
  expect(await build()).toEqual({ cards: 1, drawn: 1, removed: 1 });
  const [r2, g2] = await pixel();
  expect(r2).toBeLessThan(60);
  expect(g2).toBeGreaterThan(150);
});

test('a missing cover gives a card without it and a warning; foreign requests are ignored', async () => {
  const address = ask({ title: 'No such cover', cover: '/static/gone.jpg' });
  const outside = ask({ title: 'Outside', cover: '/../../etc/passwd' });
  // A file whose address does not match what it asks for is not drawn.
  fs.writeFileSync(
    path.join(dirs.requestsDir, 'ffffffffffffffff.json'),
    JSON.stringify({
      address: '/og/ffffffffffffffff.jpg',
      title: 'Forged',
      label: null,
      cover: null,
    }),
  );
  fs.writeFileSync(path.join(dirs.requestsDir, 'broken.json'), '{"address": ');
  expect(await build()).toEqual({ cards: 2, drawn: 2, removed: 0 });
  expect(await size(address)).toEqual(['jpeg', 1200, 630]);
  expect(await size(outside)).toEqual(['jpeg', 1200, 630]);
  expect(fs.existsSync(path.join(dirs.publicDir, 'og/ffffffffffffffff.jpg'))).toBe(false);
  expect(warnings.sort()).toEqual([
    'Social cards: the cover "/../../etc/passwd" is not an address in the site; the card has none.',
    'Social cards: the cover "/static/gone.jpg" is not in the built site; the card has none.',
  ]);
});

test('cards drawn ahead are found by the build; one no page asks for is removed', async () => {
  const warm = (requests: Array<{ title: string; label: string | null }>) =>
    warmSocialCards({ requests, cacheDir: dirs.cacheDir, fontDir: FONTS, concurrency: 2 });
  expect(
    await warm([
      { title: 'Drawn ahead', label: 'Engineering' },
      { title: 'Never asked for', label: null },
    ]),
  ).toBe(2);
  // Drawn already: nothing to do the second time.
  expect(await warm([{ title: 'Drawn ahead', label: 'Engineering' }])).toBe(0);
  const address = ask({ title: 'Drawn ahead', label: 'Engineering' });
  ask({ title: 'Only asked for', label: null });
  expect(await build()).toEqual({ cards: 2, drawn: 1, removed: 1 });
  expect(await size(address)).toEqual(['jpeg', 1200, 630]);
});

test('drawing ahead stops when asked, after the card it is drawing', async () => {
  const stop = new AbortController();
  const requests = Array.from({ length: 20 }, (_, i) => ({ title: `Card ${i}`, label: null }));
  const drawing = warmSocialCards({
    requests,
    cacheDir: dirs.cacheDir,
    fontDir: FONTS,
    concurrency: 1,
    signal: stop.signal,
  });
  stop.abort();
  expect(await drawing).toBeLessThanOrEqual(1);
});
