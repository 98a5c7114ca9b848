import { type APIRequestContext, expect, test } from '@playwright/test';
import { e2eAdmin, hydrated, shootWidths, STAFF_HINT_STATE } from './support';

/**
 * /giveaway arrives drawn: the server renders the public list into the page at request time with
 * the page's own components, and the app takes it over without a second request, a hydration
 * error or a layout shift.
 */
test.describe.configure({ mode: 'serial' });
// The app page drawn at request time is what staff get (the aw_staff hint); a visitor without a
// session gets the document page that stands in for it (e2e/giveaway-document.spec.ts).
test.use({ storageState: STAFF_HINT_STATE });

const stamp = Date.now().toString(36);
const title = `Drawn list ${stamp}`;

async function createGiveaway(request: APIRequestContext, name: string): Promise<number> {
  const login = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(login.ok()).toBeTruthy();
  const { access_token: token } = (await login.json()) as { access_token: string };
  const created = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: name,
      description: 'Drawn by the server into the first HTML.',
      prize: 'A drawn prize',
      start_date: new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10),
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test.beforeAll(async ({ request }) => {
  await createGiveaway(request, title);
});

test('the list is in the served HTML, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({
    storageState: STAFF_HINT_STATE,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const response = await page.goto('/giveaway');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Loading giveaways...')).toHaveCount(0);
  await shootWidths(page, (width) => `test-results/screens/giveaway-drawn-nojs-${width}.png`);
  await context.close();
});

test('the app takes the list over: no second request, no console error, no layout shift', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/giveaway') listRequests.push(request.url());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { e2eShift: number };
    w.e2eShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
        w.e2eShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  await page.goto('/giveaway');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(errors).toEqual([]);
  expect(listRequests).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { e2eShift: number }).e2eShift)).toBe(0);

  // The app runs the list it took over: its card leads to the giveaway's page, inside the app.
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title }) })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/giveaway\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({
    timeout: 20_000,
  });

  // Back on the list inside the app, the list is asked for again (the served copy was the first
  // render's only).
  await page.goBack();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a new giveaway is in the next page served', async ({ page, request }) => {
  const newer = `Drawn newer ${stamp}`;
  await createGiveaway(request, newer);
  await page.goto('/giveaway');
  await expect(page.getByRole('heading', { name: newer })).toBeVisible();
  await shootWidths(page, (width) => `test-results/screens/giveaway-drawn-${width}.png`);
});
