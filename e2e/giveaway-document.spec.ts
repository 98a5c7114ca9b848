import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { e2eAdmin, hydrated, ISLAND_LOADER, islandHydrated, scriptsOf } from './support';

/**
 * A visitor without a session gets the entrant's giveaway pages as document pages: drawn by the
 * server, no app runtime, only the island loader at load; the entry form, "You're in", the
 * countdown and the share card are islands. Staff (the aw_staff hint) get the app page as before.
 * Screenshots go to $SHOTS_DIR (default test-results/giveaway-document).
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-document';
const yesterday = () => new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
const inDays = (n: number) =>
  new Date(Date.now() + n * 24 * 3600 * 1000).toISOString().slice(0, 10);
const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8123)}`;
let id = 0;

async function create(request: APIRequestContext, fields: Record<string, unknown>) {
  const login = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(login.ok()).toBeTruthy();
  const { access_token: token } = (await login.json()) as { access_token: string };
  const created = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      description: 'A document page with islands.',
      prize: `An island prize ${stamp}`,
      start_date: yesterday(),
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function visitor(browser: Browser, width = 375) {
  const context = await browser.newContext({
    viewport: { width, height: width === 375 ? 667 : 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return { context, page: await context.newPage() };
}

const form = (page: Page) => page.getByRole('form', { name: 'Enter the Giveaway' });

/** Layout shifts from the first paint on, whatever their cause (input or not). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { e2eShift: number };
    w.e2eShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[])
        w.e2eShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test.beforeAll(async ({ request }) => {
  id = await create(request, { title: `Document ${stamp}`, end_date: inDays(20) });
});

test('a visitor without a session gets /giveaway/{id} as a document: only the loader at load', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const scripts = scriptsOf(page);
  const answer = await page.goto(`/giveaway/${id}`);
  expect(answer?.headers()['vary']).toContain('Cookie');
  const html = (await answer?.text()) ?? '';
  expect(html).toContain(`Document ${stamp}`);
  expect(html).not.toContain('gatsby-script-loader');
  expect(html).toContain('data-island="giveaway-entry"');
  expect(html).toContain('data-island="giveaway-countdown"');
  expect(html).toContain('data-island="giveaway-share"');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  // Nothing done on the page: the loader alone.
  expect(scripts.filter((s) => !ISLAND_LOADER.test(s))).toEqual([]);
  expect(scripts.some((s) => ISLAND_LOADER.test(s))).toBe(true);
  await page.screenshot({ path: `${shots}/document-375.png`, fullPage: true });
  await context.close();
});

test('the form island keeps what was typed before it hydrated; entering shows "You\'re in"', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  // The island's code arrives late: the visitor types meanwhile.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js') && !ISLAND_LOADER.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(`/giveaway/${id}`);
  const email = form(page).getByLabel('Email');
  await email.fill(`typed.${stamp}@example.com`);
  await form(page).getByLabel('Instagram Handle').fill(`typed.${stamp}`);
  await expect(page.locator('[data-island="giveaway-entry"][data-island-hydrated]')).toHaveCount(0);
  release();
  await islandHydrated(page, 'giveaway-entry');
  await expect(email).toHaveValue(`typed.${stamp}@example.com`);
  await expect(form(page).getByLabel('Instagram Handle')).toHaveValue(`typed.${stamp}`);
  await form(page)
    .getByRole('checkbox', { name: /I have read the rules/ })
    .check();
  await form(page).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('receipt-code')).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  // The button to the entry area now says where it leads (CSS, no script).
  await expect(page.getByRole('link', { name: 'See your entry' })).toBeVisible();
  await context.close();
});

test('a form sent before its island hydrated enters through the page (no script needed)', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  // No island code ever arrives: the form is sent as a plain HTML form.
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (route) => route.abort(),
  );
  await page.goto(`/giveaway/${id}`);
  await form(page).getByLabel('Email').fill(`early.${stamp}@example.com`);
  await form(page).getByLabel('Instagram Handle').fill(`early.${stamp}`);
  await form(page)
    .getByRole('checkbox', { name: /I have read the rules/ })
    .check();
  await form(page).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`@early.${stamp}`)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/giveaway/${id}`);
  await context.close();
});

for (const width of [375, 1280]) {
  test(`a return visit shows "You're in" in the form's place without a shift at ${width} px`, async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser, width);
    await page.goto(`/giveaway/${id}`);
    await form(page).getByLabel('Email').fill(`back${width}.${stamp}@example.com`);
    await form(page).getByLabel('Instagram Handle').fill(`back${width}.${stamp}`);
    await form(page)
      .getByRole('checkbox', { name: /I have read the rules/ })
      .check();
    await form(page).getByRole('button', { name: 'Enter Giveaway' }).click();
    await expect(page.getByTestId('receipt-code')).toBeVisible({ timeout: 20_000 });
    const receipt = await page.getByTestId('receipt-code').textContent();

    const again = await context.newPage();
    await recordShifts(again);
    await again.goto(`/giveaway/${id}`);
    // No action on the page: the loader brings the entry island because this browser keeps one.
    await expect(again.getByTestId('receipt-code')).toHaveText(receipt ?? '', { timeout: 10_000 });
    await hydrated(again);
    await again.waitForTimeout(1000);
    const cls = await again.evaluate(() => (window as unknown as { e2eShift: number }).e2eShift);
    await again.screenshot({ path: `${shots}/return-visit-${width}.png`, fullPage: true });
    expect(cls).toBe(0);
    await context.close();
  });
}

test('the countdown fills once the visitor acts; Share copies the link', async ({ browser }) => {
  const { context, page } = await visitor(browser, 1280);
  await page.goto(`/giveaway/${id}`);
  await hydrated(page);
  await expect(page.getByTestId('countdown')).toHaveText('');
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, 10);
  await islandHydrated(page, 'giveaway-countdown');
  await expect(page.getByTestId('countdown')).toContainText(/left|Ends|day/i);

  // No Web Share here: the link is copied, and the toast says so.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await page
    .getByRole('region', { name: 'Share Giveaway' })
    .getByRole('button', { name: 'Share Giveaway' })
    .click();
  await expect(page.getByText('Giveaway link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/giveaway/${id}`);
  await page.screenshot({ path: `${shots}/share-1280.png` });
  await context.close();
});

test('/giveaway is a document for a visitor; its stand-in pages answer 404 at their own address', async ({
  browser,
  request,
}) => {
  const { context, page } = await visitor(browser, 1280);
  const scripts = scriptsOf(page);
  const answer = await page.goto('/giveaway');
  const html = (await answer?.text()) ?? '';
  expect(html).not.toContain('gatsby-script-loader');
  await expect(page.getByRole('heading', { name: `Document ${stamp}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => !ISLAND_LOADER.test(s))).toEqual([]);
  await page.screenshot({ path: `${shots}/list-1280.png`, fullPage: true });
  await context.close();
  expect((await request.get('/entrant-document/giveaway')).status()).toBe(404);
  expect((await request.get('/entrant-document/giveaways')).status()).toBe(404);
});

test('staff (the aw_staff hint) still get the app page', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'aw_staff', value: '1', url: baseURL }]);
  const page = await context.newPage();
  const answer = await page.goto(`/giveaway/${id}`);
  const html = (await answer?.text()) ?? '';
  expect(html).toContain('gatsby-script-loader');
  expect(html).toContain(`Document ${stamp}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: `Document ${stamp}` })).toBeVisible();
  const list = await page.goto('/giveaway');
  expect((await list?.text()) ?? '').toContain('gatsby-script-loader');
  await context.close();
});
