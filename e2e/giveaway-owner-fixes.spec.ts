import Database from 'better-sqlite3';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { e2eDatabaseFile } from '../playwright.config';
import { e2eAdmin, islandHydrated, loginAsAdmin, STAFF_HINT_HEADERS } from './support';

/**
 * What the owner and an entrant see, at 375 and 1280 px: the owner's list links each giveaway's
 * desk and states each drawn place's claim (waiting until a deadline with its zone, claimed,
 * expired, disqualified); /giveaway/{id} of an id with no giveaway answers 404 with the not-found
 * page; a refused Instagram handle is marked on its field; the success toast never covers the
 * receipt; the countdown's closing moment falls on the end date. Screenshots go to $SHOTS_DIR
 * (default test-results/giveaway-owner-fixes).
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-owner-fixes';
const widths = [
  [375, 667],
  [1280, 800],
] as const;
const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function create(request: APIRequestContext, fields: Record<string, unknown>) {
  const res = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      description: 'Enter with your e-mail and Instagram handle.',
      prize: 'A custom voice agent',
      start_date: day(-1),
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function enterByApi(request: APIRequestContext, id: number, n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    const res = await request.post(`/api/v1/giveaway/${id}/participate`, {
      data: {
        email: `${prefix}${i}.${stamp}@example.com`,
        instagram_handle: `${prefix}_${i}_${stamp}`.slice(0, 30),
        accept_rules: true,
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

/** No part of the page is wider than the window. */
async function fitsWidth(page: Page) {
  const [scroll, client, wide] = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const over = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
    return [document.documentElement.scrollWidth, width, over.join('; ')] as const;
  });
  expect(scroll, `wider than the window: ${wide}`).toBeLessThanOrEqual(client);
}

let drawnId = 0;
const drawnTitle = `Owner claims ${stamp}`;

test('the owner list shows the desk link and each drawn place’s claim state', async ({
  browser,
  request,
}) => {
  drawnId = await create(request, { title: drawnTitle, winner_count: 3, end_date: day(5) });
  const token = await adminToken(request);
  await enterByApi(request, drawnId, 6, 'oc');
  const drawn = await request.post(`/api/v1/giveaway/${drawnId}/select-winner`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { close_now: true },
  });
  expect(drawn.status(), await drawn.text()).toBe(200);
  const disqualified = await request.post(`/api/v1/giveaway/${drawnId}/disqualify-winner`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { reason: 'Entered twice.', place: 3 },
  });
  expect(disqualified.status(), await disqualified.text()).toBe(200);
  const store = new Database(e2eDatabaseFile);
  try {
    store
      .prepare('update giveaway_draw_rounds set claimed_at = ? where giveaway_id = ? and round = 2')
      .run(new Date().toISOString(), drawnId);
    store
      .prepare(
        'update giveaway_draw_rounds set claim_deadline = ? where giveaway_id = ? and round = 4',
      )
      .run(new Date(Date.now() - 60_000).toISOString(), drawnId);
  } finally {
    store.close();
  }

  for (const [width, height] of widths) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await loginAsAdmin(page);
    await page.goto('/giveaway/admin');
    const card = page.getByRole('article', { name: drawnTitle });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByRole('link', { name: 'Desk' })).toHaveAttribute(
      'href',
      `/giveaway/${drawnId}/desk`,
    );
    const claims = card.getByRole('region', { name: 'Claims' });
    const lines = claims.getByRole('listitem');
    await expect(lines).toHaveCount(4);
    await expect(lines.nth(0)).toHaveText(
      /^Place 1, round 1: @oc_\d_\w+ waiting for the claim until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M \(UTC\)$/,
    );
    await expect(lines.nth(1)).toHaveText(/^Place 2, round 2: @oc_\d_\w+ claimed$/);
    await expect(lines.nth(2)).toHaveText(
      /^Place 3, round 3: @oc_\d_\w+ disqualified: the place was drawn again$/,
    );
    await expect(lines.nth(3)).toHaveText(
      /^Place 3, round 4: @oc_\d_\w+ expired: not claimed by .+ \(UTC\)$/,
    );
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${shots}/owner-card-${width}.png` });
    await page.screenshot({ path: `${shots}/owner-list-${width}.png` });
    await fitsWidth(page);
    // The desk link leads to the desk.
    await card.getByRole('link', { name: 'Desk' }).click();
    await expect(page).toHaveURL(new RegExp(`/giveaway/${drawnId}/desk$`));
    await context.close();
  }
});

test('/giveaway/{an id with no giveaway} answers 404 with the not-found page', async ({
  browser,
  request,
}) => {
  for (const headers of [{}, STAFF_HINT_HEADERS]) {
    const res = await request.get('/giveaway/987654321', { headers });
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  }
  // An existing giveaway still answers 200.
  expect((await request.get(`/giveaway/${drawnId}`)).status()).toBe(200);
  for (const [width, height] of widths) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const answer = await page.goto('/giveaway/987654321');
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await fitsWidth(page);
    await page.screenshot({ path: `${shots}/not-found-${width}.png` });
    await context.close();
  }
});

test('a refused handle is marked on its field; the success toast keeps clear of the receipt; the countdown ends on the end date', async ({
  browser,
  request,
}) => {
  const end = day(3);
  const id = await create(request, { title: `Owner fixes entry ${stamp}`, end_date: end });
  const [y, m, d] = end.split('-').map(Number);
  const endDay = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  for (const [width, height] of widths) {
    const context = await browser.newContext({ viewport: { width, height }, timezoneId: 'UTC' });
    const page = await context.newPage();
    await page.goto(`/giveaway/${id}`);
    // The countdown (an island that loads once the visitor acts) ends on the end date's last
    // minute, with its zone.
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 10);
    await islandHydrated(page, 'giveaway-countdown');
    await expect(page.getByTestId('countdown').locator('time')).toHaveText(
      `${new Date(`${end}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short' })}, ${endDay}, 11:59 PM UTC`,
      { timeout: 20_000 },
    );

    const form = page.getByRole('form', { name: 'Enter the Giveaway' });
    await form.getByLabel(/Email/).fill(`field.${width}.${stamp}@example.com`);
    const handle = form.getByLabel(/Instagram Handle/);
    await handle.fill('not-a-handle');
    await form.getByRole('checkbox', { name: /I have read the rules/ }).check();
    await islandHydrated(page, 'giveaway-entry');
    await form.getByRole('button', { name: 'Enter Giveaway' }).click();
    const sentence =
      'An Instagram handle has at most 30 characters: letters, numbers, periods and underscores only.';
    await expect(form.getByText(sentence)).toBeVisible();
    await expect(handle).toHaveAttribute('aria-invalid', 'true');
    await expect(handle).toBeFocused();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText(sentence),
    ).toHaveCount(0);
    await form.screenshot({ path: `${shots}/handle-refused-${width}.png` });

    await handle.fill(`fix_${width}_${stamp}`.slice(0, 30));
    await form.getByRole('button', { name: 'Enter Giveaway' }).click();
    const panel = page.getByRole('heading', { name: "You're in!" });
    await expect(panel).toBeVisible();
    const toast = page.getByRole('region', { name: 'Notifications' }).locator(':scope > *');
    await expect(toast).toHaveCount(1);
    // The receipt's heading and code are never under the toast (on a phone the receipt is taller
    // than the window; at 1280 px the whole receipt is clear of it).
    const b = await toast.boundingBox();
    if (!b) throw new Error('the toast must be on screen');
    const parts = [
      page.getByRole('heading', { name: "You're in!" }),
      page.getByTestId('receipt-code'),
    ];
    if (width === 1280) parts.push(page.locator('[aria-labelledby="receipt-title"]'));
    for (const part of parts) {
      const a = await part.boundingBox();
      if (!a) throw new Error('the receipt must be on screen');
      const apart =
        a.y + a.height <= b.y ||
        b.y + b.height <= a.y ||
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x;
      expect(apart, `toast ${JSON.stringify(b)} over ${JSON.stringify(a)}`).toBe(true);
    }
    await page.screenshot({ path: `${shots}/entered-toast-${width}.png` });
    await context.close();
  }
});
