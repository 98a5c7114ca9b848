import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { e2eAdmin, hydrated, STAFF_HINT_HEADERS, STAFF_HINT_STATE } from './support';

/**
 * /giveaway/{id} arrives drawn: the server renders the public giveaway into the page at request
 * time with the page's own components, and the app takes it over (Apollo's cache seeded from the
 * served data) without a second request for it, a hydration error or a layout shift; the count of
 * entries and the countdown near the call to action keep that promise. Subpages and
 * the management page are served as built; an unknown id answers 404 with the not-found page. Screenshots go to $SHOTS_DIR
 * (default test-results/giveaway-detail-drawn).
 */
test.describe.configure({ mode: 'serial' });
// The app page drawn at request time is what staff get (the aw_staff hint); a visitor without a
// session gets the document page that stands in for it (e2e/giveaway-document.spec.ts).
test.use({ storageState: STAFF_HINT_STATE });

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-detail-drawn';
const title = `Drawn page ${stamp}`;
const prize = `A drawn voice agent ${stamp}`;
const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8123)}`;
let id = 0;

async function create(request: APIRequestContext, fields: Record<string, unknown>) {
  const login = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(login.ok()).toBeTruthy();
  const { access_token: token } = (await login.json()) as { access_token: string };
  const created = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      description: 'Drawn by the server into the first HTML.',
      prize_image: `${baseURL}/og-image.png`,
      start_date: new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10),
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Console errors, the page's own errors, and every GET of the giveaway's API address. */
function watch(page: Page, giveawayId: number) {
  const errors: string[] = [];
  const gets: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/v1/giveaway/${giveawayId}`)
      gets.push(request.method());
  });
  return { errors, gets };
}

async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { e2eShift: number; e2eShifted: string[] };
    w.e2eShift = 0;
    w.e2eShifted = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        w.e2eShift += entry.value;
        // What moved, to read in a failing test's output.
        for (const source of entry.sources ?? []) {
          const node = source.node as Element | undefined;
          w.e2eShifted.push(
            `${node?.outerHTML?.slice(0, 80) ?? node?.textContent ?? '?'} from y ${source.previousRect.y} h ${source.previousRect.height} to y ${source.currentRect.y} h ${source.currentRect.height}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eShift: number }).e2eShift);

/** The layout shift with what moved, so a failure says where to look. */
const shiftsWithSources = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { e2eShift: number; e2eShifted: string[] };
    return { cls: w.e2eShift, moved: w.e2eShifted };
  });

test.beforeAll(async ({ request }) => {
  id = await create(request, { title, prize });
});

test('the served HTML holds the title and the prize, and no private data', async ({
  request,
  browser,
}) => {
  const response = await request.get(`/giveaway/${id}`, { headers: STAFF_HINT_HEADERS });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`>${title}</h1>`);
  expect(html).toContain(prize);
  expect(html).toContain('<script type="application/json" id="giveaway-data">');
  // The entry form's example address is the only address on the page.
  expect(html).toContain('placeholder="you@example.com"');
  expect(html.replace('placeholder="you@example.com"', '')).not.toMatch(/[\w.+-]+@example\.com/);
  // The entry form is in the HTML, a form that enters without script.
  expect(html).toContain(`action="/giveaway/${id}/enter"`);

  // Before any script runs (JavaScript off), the giveaway is on screen.
  const context = await browser.newContext({
    storageState: STAFF_HINT_STATE,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(`/giveaway/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(prize)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
    await page.screenshot({ path: `${shots}/nojs-${width}.png` });
  }
  await context.close();
});

test('subpages, the management page and unknown ids are served as built', async ({ request }) => {
  for (const path of [
    `/giveaway/${id}/rules`,
    `/giveaway/${id}/desk`,
    '/giveaway/admin',
    '/giveaway/987654',
  ]) {
    const html = await (await request.get(path, { headers: STAFF_HINT_HEADERS })).text();
    expect(html, path).not.toContain('id="giveaway-data"');
    expect(html, path).not.toContain(title);
  }
});

for (const width of [375, 1280]) {
  test(`the app takes the page over at ${width} px: no second request, no error, no shift; entering works`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      storageState: STAFF_HINT_STATE,
      viewport: { width, height: width === 375 ? 667 : 800 },
    });
    const page = await context.newPage();
    const { errors, gets } = watch(page, id);
    await recordShifts(page);
    await page.goto(`/giveaway/${id}`);
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Enter the Giveaway' });
    await expect(form.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    expect(errors).toEqual([]);
    expect(gets).toEqual([]);
    expect(await shifts(page)).toBe(0);
    if (width === 375) {
      await expect(page.getByRole('img', { name: /^Prize: / })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Enter now' })).toBeInViewport();
    }
    await page.screenshot({ path: `${shots}/open-${width}.png` });

    await form.getByLabel('Email').fill(`drawn.${width}.${stamp}@example.com`);
    await form.getByLabel('Instagram Handle').fill(`@drawn_${width}_${stamp}`);
    await form.getByRole('checkbox', { name: /I have read the rules/ }).check();
    await form.getByRole('button', { name: 'Enter Giveaway' }).click();
    await expect(page.getByRole('region', { name: "You're in!" })).toBeVisible({
      timeout: 20_000,
    });
    await page.screenshot({ path: `${shots}/entered-${width}.png` });

    // A reload is drawn again (the entry was a write) and shows "You're in" from this browser.
    await page.reload();
    await expect(page.getByRole('region', { name: "You're in!" })).toBeVisible({
      timeout: 20_000,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('the number of entries and the countdown: drawn by the server in a box of fixed size, filled after hydration without a mismatch or a shift', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const endDate = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const counted = await create(request, {
    title: `Countdown ${stamp}`,
    prize: 'A counted prize',
    end_date: endDate,
  });
  for (let i = 0; i < 2; i++) {
    const res = await request.post(`/api/v1/giveaway/${counted}/participate`, {
      data: {
        email: `cd${i}.${stamp}@example.com`,
        instagram_handle: `cd_${i}_${stamp}`,
        accept_rules: true,
      },
    });
    expect(res.ok()).toBeTruthy();
  }
  const answer = (await (await request.get(`/api/v1/giveaway/${counted}`)).json()) as {
    entries_close_at: string;
  };
  // The server draws the count and an empty countdown box: it does not know the visitor's clock.
  const html = await (
    await request.get(`/giveaway/${counted}`, { headers: STAFF_HINT_HEADERS })
  ).text();
  expect(html).toContain('2 entries');
  expect(html).toContain('data-testid="countdown"');
  expect(html).not.toContain('Closes in');

  for (const width of [375, 1280]) {
    // A visitor in India: the closing moment is written on their clock, zone named.
    const context = await browser.newContext({
      storageState: STAFF_HINT_STATE,
      viewport: { width, height: width === 375 ? 667 : 800 },
      timezoneId: 'Asia/Kolkata',
    });
    const page = await context.newPage();
    const { errors, gets } = watch(page, counted);
    await recordShifts(page);
    await page.goto(`/giveaway/${counted}`);
    await hydrated(page);
    const countdown = page.getByTestId('countdown');
    await expect(countdown).toContainText(/^Closes in [23] days?(, \d{1,2} hours?)?/, {
      timeout: 20_000,
    });
    await expect(countdown).toContainText(
      /Entries are open until \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M GMT\+5:30, your time\./,
    );
    await expect(countdown.locator('time')).toHaveAttribute('datetime', answer.entries_close_at);
    await expect(page.getByTestId('entry-pulse')).toContainText('2 entries');
    // Not a live region: nothing announces it each time it changes.
    await expect(
      page.getByTestId('entry-pulse').locator('[aria-live], [role="status"]'),
    ).toHaveCount(0);
    await expect(
      page.getByRole('form', { name: 'Enter the Giveaway' }).getByLabel('Email'),
    ).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    expect(errors).toEqual([]);
    expect(gets).toEqual([]);
    expect(await shiftsWithSources(page)).toEqual({ cls: 0, moved: [] });
    if (width === 375) {
      await expect(page.getByRole('button', { name: 'Enter now' })).toBeInViewport({ ratio: 1 });
    }
    await page.screenshot({ path: `${shots}/countdown-${width}.png` });
    await page
      .getByTestId('entry-pulse')
      .screenshot({ path: `${shots}/countdown-box-${width}.png` });
    await context.close();
  }

  // Without an end date there is no countdown, only the count.
  const page = await browser.newPage();
  await page.goto(`/giveaway/${id}`);
  await hydrated(page);
  await expect(page.getByTestId('entry-pulse')).toContainText(/^\d+ entr(y|ies)$/);
  await expect(page.getByTestId('countdown')).toHaveCount(0);
  await page.close();
});

test('a giveaway that does not exist answers 404 with the not-found page, without a shift', async ({
  page,
}) => {
  const { errors } = watch(page, 987654);
  await recordShifts(page);
  const answer = await page.goto('/giveaway/987654');
  expect(answer?.status()).toBe(404);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  expect(await shifts(page)).toBe(0);
  // The API's 404 for the giveaway is logged by the browser; nothing else is.
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('a move inside the app to another giveaway loads it, and back to this one loads it afresh', async ({
  page,
  request,
}) => {
  const other = await create(request, { title: `Other ${stamp}`, prize: 'Another prize' });
  const { errors, gets } = watch(page, id);
  await page.goto(`/giveaway/${id}`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Back to All Giveaways' }).click();
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `Other ${stamp}` }) })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Other ${stamp}` })).toBeVisible({
    timeout: 20_000,
  });
  expect(other).toBeGreaterThan(id);
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => gets.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
