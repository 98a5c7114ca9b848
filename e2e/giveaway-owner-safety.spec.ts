import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { e2eAdmin, loginAsAdmin } from './support';

/**
 * The owner's safeguards on a phone and a laptop, on the e2e server, which has no mail server:
 * Select Winner on a giveaway whose entries are open asks first (with the end date, waiting is
 * the default) and the API refuses such a draw without close_now; the presenter view asks too,
 * waits for "Next winner" between places, draws a place again inside the show with its reason,
 * and remembers its sound switch; without mail, confirmation by e-mail cannot be switched on and
 * the management page and "You're in" say so. Screenshots go to $SHOTS_DIR (default
 * test-results/giveaway-owner-safety).
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-owner-safety';
const loaded = { timeout: 20_000 };
const WIDTHS = [375, 1280] as const;
const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);

async function auth(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(res.ok()).toBeTruthy();
  return {
    Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}`,
  };
}

async function create(request: APIRequestContext, fields: Record<string, unknown>) {
  const res = await request.post('/api/v1/giveaway', {
    headers: await auth(request),
    data: {
      description: 'Enter with your e-mail and Instagram handle.',
      prize: 'A custom voice agent',
      start_date: day(-1),
      end_date: day(10),
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function enter(request: APIRequestContext, id: number, n: number, prefix: string) {
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

async function adminPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

test('the API refuses to draw an open giveaway without close_now', async ({ request }) => {
  const id = await create(request, { title: `API open ${stamp}` });
  await enter(request, id, 2, 'api');
  const refused = await request.post(`/api/v1/giveaway/${id}/select-winner`, {
    headers: await auth(request),
    data: {},
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { detail: string }).detail).toContain(
    'Drawing now closes them for good and freezes the list of 2 entries; it cannot be undone.',
  );
  const still = await request.get(`/api/v1/giveaway/${id}`);
  expect(((await still.json()) as { entries_open: boolean }).entries_open).toBe(true);
});

for (const width of WIDTHS) {
  test(`Select Winner asks first, with the end date; waiting draws nothing (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const title = `Ask first ${width} ${stamp}`;
    const id = await create(request, { title });
    await enter(request, id, 3, `ask${width}`);
    const page = await adminPage(browser, width);
    await page.goto(`/giveaway/${id}`);
    const select = page.getByRole('button', { name: 'Select Winner' });
    await expect(select).toBeEnabled(loaded);
    await select.click();
    const dialog = page.getByRole('dialog', { name: 'Close entries and draw now?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('draws from the 3 entrants in the list now;')).toBeVisible();
    await expect(dialog.getByText('cannot be undone.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Wait for the end date' })).toBeFocused();
    await page.screenshot({ path: `${shots}/select-winner-dialog-${width}.png` });

    await dialog.getByRole('button', { name: 'Wait for the end date' }).click();
    await expect(dialog).toBeHidden();
    const after = (await (await request.get(`/api/v1/giveaway/${id}`)).json()) as {
      entries_open: boolean;
      draws: unknown[];
    };
    expect(after.entries_open).toBe(true);
    expect(after.draws).toEqual([]);

    await select.click();
    await page.getByRole('button', { name: 'Close entries and draw now' }).click();
    await expect(page.getByRole('dialog', { name: 'Drawing the Winner...' })).toBeVisible(loaded);
    await expect(page.getByRole('heading', { name: 'WINNER!' })).toBeVisible({ timeout: 45_000 });
    await page.context().close();
  });
}

test('the presenter asks, steps between places, re-draws with its reason, and remembers the sound (375 and 1280 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Show ${stamp}`;
  const id = await create(request, { title, winner_count: 2 });
  await enter(request, id, 4, 'show');
  const page = await adminPage(browser, 1280);
  await page.goto(`/giveaway/${id}/present`);
  const stage = page.getByTestId('presenter');
  await expect(stage.getByRole('heading', { level: 1, name: title })).toBeVisible(loaded);

  // The sound switch is remembered across a reload.
  await stage.getByRole('button', { name: 'Sound on' }).click();
  await page.reload();
  await expect(stage.getByRole('button', { name: 'Sound off' })).toBeVisible(loaded);
  await expect(stage.getByRole('button', { name: 'Sound off' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await stage.getByRole('button', { name: 'Draw the 2 winners' }).click();
  const ask = page.getByRole('dialog', { name: 'Close entries and draw now?' });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: `${shots}/presenter-ask-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/presenter-ask-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await ask.getByRole('button', { name: 'Close entries and draw now' }).click();

  await expect(page.getByRole('dialog', { name: 'Drawing winner 1 of 2...' })).toBeVisible(loaded);
  const next = stage.getByRole('button', { name: 'Next winner (2 of 2)' });
  await expect(next).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('dialog', { name: /Drawing winner/ })).toBeHidden();
  await page.screenshot({ path: `${shots}/presenter-next-winner-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/presenter-next-winner-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await next.click();
  await expect(page.getByRole('dialog', { name: 'Drawing winner 2 of 2...' })).toBeVisible();
  const winners = stage.getByRole('list', { name: 'Winners' });
  await expect(winners).toBeVisible({ timeout: 45_000 });

  // A place drawn again inside the show, with its reason on screen; no e-mail anywhere.
  await stage.getByText('Draw a place again').click();
  await stage.getByLabel('Place').selectOption('2');
  await stage.getByLabel(/Reason/).fill('Entered with a second account');
  await page.screenshot({ path: `${shots}/presenter-redraw-form-1280.png` });
  page.once('dialog', (dialog) => void dialog.accept());
  await stage.getByRole('button', { name: 'Disqualify and draw again now' }).click();
  const spin = page.getByRole('dialog', { name: 'Drawing place 2 again...' });
  await expect(spin).toBeVisible(loaded);
  await expect(spin.getByText('Why: Entered with a second account')).toBeVisible();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${shots}/presenter-redraw-spin-1280.png` });
  await expect(spin).toBeHidden({ timeout: 45_000 });
  await expect(winners).toBeVisible();
  await expect(stage).not.toContainText('@example.com');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/presenter-after-redraw-375.png` });

  // The giveaway page's claim cards lead to the presenter, with no re-draw button of their own.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/giveaway/${id}`);
  const card = page.getByRole('region', { name: "Winner's Claim: Place 2" });
  await expect(card).toBeVisible(loaded);
  await expect(
    card.getByRole('link', { name: 'Draw place 2 again in the presenter view' }),
  ).toHaveAttribute('href', `/giveaway/${id}/present`);
  await expect(card.getByRole('button')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/claim-card-presenter-link-1280.png` });
  await page.context().close();
});

for (const width of WIDTHS) {
  test(`without a mail server confirmation cannot be switched on, and the page says so (${width} px)`, async ({
    browser,
    request,
  }) => {
    const status = await request.get('/api/v1/mail/status');
    expect(await status.json()).toEqual({ mail_available: false });
    const refused = await request.post('/api/v1/giveaway', {
      headers: await auth(request),
      data: {
        title: `Confirm ${width} ${stamp}`,
        description: 'D',
        prize: 'P',
        start_date: day(-1),
        confirm_entries: true,
      },
    });
    expect(refused.status()).toBe(400);

    const page = await adminPage(browser, width);
    await page.goto('/giveaway/admin');
    await expect(page.getByTestId('no-mail-note')).toBeVisible(loaded);
    await page.getByRole('button', { name: 'Create Giveaway' }).click();
    const dialog = page.getByRole('dialog');
    const box = dialog.getByRole('checkbox', { name: 'Confirm entries by e-mail' });
    await expect(box).toHaveAttribute('aria-readonly', 'true');
    await box.click({ force: true });
    await expect(box).not.toBeChecked();
    await box.scrollIntoViewIfNeeded();
    await expect(
      dialog.getByText(/It cannot be switched on now: this site has no mail server configured/),
    ).toBeVisible();
    await page.screenshot({ path: `${shots}/form-no-mail-${width}.png` });
    await page.context().close();
  });
}

test('"You\'re in" offers no receipt by e-mail without a mail server (375 and 1280 px)', async ({
  browser,
  request,
}) => {
  const title = `No mail ${stamp}`;
  const id = await create(request, { title });
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/giveaway/${id}`);
  const form = page.getByRole('form', { name: 'Enter the Giveaway' });
  await form.getByLabel('Email').fill(`nomail.${stamp}@example.com`);
  await form.getByLabel('Instagram Handle').fill(`@nomail_${stamp}`);
  await form.getByRole('checkbox', { name: /I have read the rules/ }).check();
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  const panel = page.getByRole('region', { name: "You're in!" });
  await expect(panel).toBeVisible(loaded);
  await expect(panel.getByRole('button', { name: 'Copy Code' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'E-mail me my receipt' })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/receipt-no-mail-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(panel.getByRole('button', { name: 'E-mail me my receipt' })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/receipt-no-mail-1280.png` });
  await context.close();
});
