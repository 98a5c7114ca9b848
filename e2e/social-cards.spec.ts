import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { selectAll } from 'css-select';
import { parseDocument } from 'htmlparser2';
import sharp from 'sharp';
import { e2eAdmin } from './support';

/**
 * Every page's social card, on the production build these tests run against: each built page's
 * head names its own 1200 × 630 card (og:image with its type, size and alt, and X's
 * summary_large_image), and each card opens as a 1200 × 630 JPEG from the server; a giveaway's
 * page, drawn at request time, names the card the server drew when the giveaway was saved. A few
 * cards are kept as PNGs in $SHOTS_DIR (default test-results/social-cards) to be looked at.
 */
test.describe.configure({ mode: 'serial' });

const root = path.resolve(__dirname, '..');
const publicDir = path.join(root, 'public');
const shots = process.env.SHOTS_DIR ?? 'test-results/social-cards';

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * The pages Gatsby built: every HTML file but its own parts (_gatsby/ slices, page-data/) and the
 * files copied as they are from static/ (the tools).
 */
function builtPages(): string[] {
  return htmlFiles(publicDir).filter((file) => {
    const page = path.relative(publicDir, file);
    if (page.startsWith('_gatsby/') || page.startsWith('page-data/')) return false;
    return !fs.existsSync(path.join(root, 'static', page));
  });
}

/** The head's meta tags, by property or name: every content given, in order. */
function headMeta(html: string): Map<string, string[]> {
  const doc = parseDocument(html);
  const meta = new Map<string, string[]>();
  for (const element of selectAll('head meta', doc)) {
    if (!('attribs' in element)) continue;
    const attribs = element.attribs as Record<string, string | undefined>;
    const key = attribs.property ?? attribs.name;
    const content = attribs.content;
    if (key === undefined || content === undefined) continue;
    meta.set(key, [...(meta.get(key) ?? []), content]);
  }
  return meta;
}

/** The card at an address (absolute: its path is asked of the server under test), opened. */
async function openCard(request: APIRequestContext, address: string) {
  const res = await request.get(new URL(address).pathname);
  expect(res.status(), address).toBe(200);
  expect(res.headers()['content-type'], address).toBe('image/jpeg');
  // Every card's address is a hash of what it shows (a page's at /og/, a giveaway's at /media/).
  expect(res.headers()['cache-control'], address).toBe('public, max-age=31536000, immutable');
  const bytes = await res.body();
  const metadata = await sharp(bytes).metadata();
  expect([address, metadata.format, metadata.width, metadata.height]).toEqual([
    address,
    'jpeg',
    1200,
    630,
  ]);
  return bytes;
}

async function keep(bytes: Buffer, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await sharp(bytes)
    .png()
    .toFile(path.join(shots, `${name}.png`));
}

test('every built page names its own 1200 × 630 card, and each card opens', async ({ request }) => {
  const cards = new Map<string, string>();
  let checked = 0;
  for (const file of builtPages()) {
    const page = path.relative(publicDir, file);
    const meta = headMeta(fs.readFileSync(file, 'utf8'));
    expect(meta.get('twitter:card'), page).toEqual(['summary_large_image']);
    if (page.includes('[') || /^entrant-document\/giveaway[/-]/.test(page)) {
      // Built once for many addresses (a giveaway's page and its subpages): the server names a
      // giveaway's card when it draws it.
      expect(meta.get('og:image'), page).toBeUndefined();
      continue;
    }
    const image = meta.get('og:image');
    expect(image, page).toHaveLength(1);
    const address = image?.[0] as string;
    expect(address, page).toMatch(/^https?:\/\/[^/]+\/og\/[0-9a-f]{16}\.jpg$/);
    expect(
      {
        page,
        type: meta.get('og:image:type'),
        width: meta.get('og:image:width'),
        height: meta.get('og:image:height'),
        twitter: meta.get('twitter:image'),
      },
      page,
    ).toEqual({
      page,
      type: ['image/jpeg'],
      width: ['1200'],
      height: ['630'],
      twitter: [address],
    });
    const alt = meta.get('og:image:alt')?.[0] ?? '';
    expect(alt.length, page).toBeGreaterThan(0);
    expect(meta.get('twitter:image:alt'), page).toEqual([alt]);
    // The card shows the page's title (og:title is "{title} | AgentWorks").
    const title = (meta.get('og:title')?.[0] ?? '').replace(/ \| AgentWorks$/, '');
    if (page !== 'index.html') expect(alt, page).toContain(title);
    cards.set(page, address);
    checked += 1;
  }
  expect(checked).toBeGreaterThanOrEqual(10);

  // Different pages, different cards.
  const posts = [...cards].filter(([page]) => /^blog\/[^/]+\/index\.html$/.test(page));
  expect(posts.length).toBeGreaterThan(0);
  expect(new Set(posts.map(([, address]) => address)).size).toBe(posts.length);

  for (const address of new Set(cards.values())) await openCard(request, address);
  await keep(await openCard(request, cards.get('index.html') as string), 'card-home');
  await keep(await openCard(request, cards.get('pricing/index.html') as string), 'card-pricing');
  await keep(await openCard(request, posts[0]?.[1] as string), 'card-post');
});

test('a post’s card names its category', () => {
  const file = htmlFiles(path.join(publicDir, 'blog')).find((f) =>
    /blog\/[^/]+\/index\.html$/.test(f),
  );
  const meta = headMeta(fs.readFileSync(file as string, 'utf8'));
  const section = meta.get('article:section')?.[0] as string;
  const title = (meta.get('og:title')?.[0] ?? '').replace(/ \| AgentWorks$/, '');
  expect(meta.get('og:image:alt')).toEqual([`${section} — ${title}`]);
});

test('a giveaway’s page, drawn at request time, names the card drawn when it was saved', async ({
  request,
  baseURL,
}) => {
  const login = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(login.ok()).toBeTruthy();
  const { access_token: token } = (await login.json()) as { access_token: string };
  const title = `Card <test> & "quotes" ${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      description: 'Its card is drawn as it is saved.',
      prize: 'A keyboard',
      prize_image: `${baseURL}/og-image.png`,
      start_date: new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10),
      end_date: '2031-05-01',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const giveaway = (await created.json()) as { id: number; social_card: { url: string } };
  expect(giveaway.social_card.url).toMatch(/\/media\/[0-9a-f]{32}\/1200\.jpg$/);

  const page = await request.get(`/giveaway/${giveaway.id}`);
  expect(page.status()).toBe(200);
  const meta = headMeta(await page.text());
  expect(meta.get('og:image')).toEqual([giveaway.social_card.url]);
  expect(meta.get('og:image:width')).toEqual(['1200']);
  expect(meta.get('og:image:height')).toEqual(['630']);
  expect(meta.get('og:image:alt')).toEqual([`Giveaway — ${title} — Ends May 1, 2031`]);
  expect(meta.get('twitter:card')).toEqual(['summary_large_image']);
  expect(meta.get('twitter:image')).toEqual([giveaway.social_card.url]);
  await keep(await openCard(request, giveaway.social_card.url), 'card-giveaway');

  // A subpage is served as built: no card of another giveaway, nor a wrong one.
  const rules = headMeta(await (await request.get(`/giveaway/${giveaway.id}/rules`)).text());
  expect(rules.get('og:image')).toBeUndefined();
});
