import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { e2eAdmin, ISLAND_LOADER, islandHydrated, scriptsOf, STAFF_HINT_STATE } from './support';

/**
 * A visitor without a session gets a giveaway's rules, "Was I in the draw?" and verification pages
 * as document pages: drawn by the server, no app runtime, only the island loader at load. The
 * receipt check is an island; the draw checker loads when the visitor asks to verify. With
 * JavaScript off, the rules and the check page are there. Screenshots go to $SHOTS_DIR (default
 * test-results/giveaway-document-subpages).
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-document-subpages';
const title = `Subpages ${stamp}`;
let id = 0;
let receipt = '';

async function adminAuth(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(login.ok()).toBeTruthy();
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { Authorization: `Bearer ${token}` };
}

async function visitor(browser: Browser, width: number, javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport: { width, height: width === 375 ? 667 : 800 },
    javaScriptEnabled,
  });
  return { context, page: await context.newPage() };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  const auth = await adminAuth(request);
  const created = await request.post('/api/v1/giveaway', {
    headers: auth,
    data: {
      title,
      description: 'Subpages as document pages.',
      prize: `A subpage prize ${stamp}`,
      start_date: new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  id = ((await created.json()) as { id: number }).id;
  for (const n of [1, 2, 3]) {
    const entered = await request.post(`/api/v1/giveaway/${id}/participate`, {
      data: {
        email: `sub${n}.${stamp}@example.com`,
        instagram_handle: `sub${n}_${stamp}`,
        accept_rules: true,
      },
    });
    expect(entered.ok(), await entered.text()).toBeTruthy();
    if (n === 1) receipt = ((await entered.json()) as { receipt: string }).receipt;
  }
  const drawn = await request.post(`/api/v1/giveaway/${id}/select-winner`, {
    headers: auth,
    data: { close_now: true },
  });
  expect(drawn.ok(), await drawn.text()).toBeTruthy();
});

for (const width of [375, 1280]) {
  test(`at ${width} px the three subpages are documents: only the loader at load`, async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser, width);
    for (const [kind, heading, pageTitle] of [
      ['rules', 'Official Rules', /^Official Rules/],
      ['check', 'Was I in the draw?', /^Was I in the draw\?/],
      ['verify', 'Verify the Draw', /^Verify the Draw/],
    ] as const) {
      const scripts = scriptsOf(page);
      const answer = await page.goto(`/giveaway/${id}/${kind}`);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()['vary']).toContain('Cookie');
      const html = (await answer?.text()) ?? '';
      expect(html, kind).not.toContain('gatsby-script-loader');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
      await expect(page).toHaveTitle(pageTitle);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      // Nothing done on the page: the loader alone (an island near the first screen may load
      // once the browser is idle, but never the app's runtime).
      expect(scripts.filter((s) => /\/(app|framework|webpack-runtime)-/.test(s))).toEqual([]);
      expect(scripts.some((s) => ISLAND_LOADER.test(s))).toBe(true);
      await page.screenshot({ path: `${shots}/${kind}-${width}.png`, fullPage: true });
    }
    await context.close();
  });
}

test('the check island keeps what was typed before it loaded, and checks the receipt', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser, 375);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js') && !ISLAND_LOADER.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(`/giveaway/${id}/check`);
  const field = page.getByLabel('Receipt code');
  await field.fill(receipt);
  await expect(page.locator('[data-island="giveaway-check"][data-island-hydrated]')).toHaveCount(0);
  release();
  await islandHydrated(page, 'giveaway-check');
  await expect(field).toHaveValue(receipt);
  await page.getByRole('button', { name: 'Check Receipt' }).click();
  await expect(page.getByText('Your entry is in the draw')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${shots}/check-found-375.png`, fullPage: true });
  await field.fill('');
  await page.getByRole('button', { name: 'Check Receipt' }).click();
  await expect(
    page.getByText('Please enter the receipt code you were given when you entered.'),
  ).toBeVisible();
  await context.close();
});

for (const width of [375, 1280]) {
  test(`at ${width} px the checker loads only when asked, and verifies the draw`, async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser, width);
    const scripts = scriptsOf(page);
    await page.goto(`/giveaway/${id}/verify`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const loader = scripts.filter((s) => ISLAND_LOADER.test(s));
    expect(loader).toHaveLength(1);
    await expect(page.locator('[data-island="giveaway-verify"][data-island-hydrated]')).toHaveCount(
      0,
    );
    await expect(page.getByText('Verified in your browser')).toHaveCount(0);
    await page.getByRole('button', { name: 'Verify in my browser' }).click();
    await expect(page.getByText('Verified in your browser')).toBeVisible({ timeout: 20_000 });
    const steps = page.getByRole('region', { name: 'The computation, step by step' });
    await expect(steps.getByText('Failed:')).toHaveCount(0);
    expect(await steps.getByText('Passed:').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/verify-checked-${width}.png`, fullPage: true });
    await context.close();
  });
}

test('with JavaScript off the rules and the check page are there, and the check form works', async ({
  browser,
}) => {
  for (const width of [375, 1280]) {
    const { context, page } = await visitor(browser, width, false);
    await page.goto(`/giveaway/${id}/rules`);
    await expect(page.getByRole('heading', { level: 1, name: 'Official Rules' })).toBeVisible();
    await expect(page.getByText(/Version 1 of 1/)).toBeVisible();
    await page.screenshot({ path: `${shots}/rules-nojs-${width}.png`, fullPage: true });
    await page.goto(`/giveaway/${id}/check`);
    await expect(page.getByRole('heading', { level: 1, name: 'Was I in the draw?' })).toBeVisible();
    await expect(page.getByLabel('Receipt code')).toBeVisible();
    await page.screenshot({ path: `${shots}/check-nojs-${width}.png`, fullPage: true });
    // The form is sent as a page and answered with the page drawn with the answer.
    await page.getByRole('button', { name: 'Check Receipt' }).click();
    await expect(
      page.getByText('Please enter the receipt code you were given when you entered.'),
    ).toBeVisible();
    await page.getByLabel('Receipt code').fill(receipt);
    await page.getByRole('button', { name: 'Check Receipt' }).click();
    await expect(page.getByText('Your entry is in the draw')).toBeVisible();
    await expect(page.getByLabel('Receipt code')).toHaveValue(receipt);
    await expect(page).toHaveURL(new RegExp(`/giveaway/${id}/check$`));
    await page.screenshot({ path: `${shots}/check-nojs-found-${width}.png`, fullPage: true });
    await context.close();
  }
});

test('staff (the hint cookie) get the app pages; an unknown id is not found', async ({
  browser,
  request,
}) => {
  for (const kind of ['rules', 'check', 'verify']) {
    const staff = await request.get(`/giveaway/${id}/${kind}`, {
      headers: { cookie: 'aw_staff=1' },
    });
    expect(await staff.text(), kind).toContain('gatsby-script-loader');
    const unknown = await request.get(`/giveaway/987654321/${kind}`);
    expect(unknown.status(), kind).toBe(404);
  }
  const context = await browser.newContext({ storageState: STAFF_HINT_STATE });
  const page = await context.newPage();
  await page.goto(`/giveaway/${id}/verify`);
  // The app page checks at once.
  await expect(page.getByText('Verified in your browser')).toBeVisible({ timeout: 20_000 });
  await context.close();
});
