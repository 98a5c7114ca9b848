import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from './support';

/**
 * Entering works without script: the entry form is a real HTML form that the site answers with
 * the page (Post/Redirect/Get to the receipt, or the form with its values and messages). Each
 * refusal shows its inline message; the specification's status words are on the page in every
 * state reached here. Screenshots go to $SHOTS_DIR (default test-results/giveaway-no-script).
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-no-script';
const yesterday = () => new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);

async function token(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(login.ok()).toBeTruthy();
  return ((await login.json()) as { access_token: string }).access_token;
}

async function create(request: APIRequestContext, fields: Record<string, unknown>) {
  const created = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${await token(request)}` },
    data: {
      description: 'Entered without script.',
      prize: `A plain form ${stamp}`,
      start_date: yesterday(),
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** A fresh visitor with JavaScript switched off. */
async function noScript(browser: Browser, width = 375): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: width === 375 ? 667 : 800 },
  });
  return context.newPage();
}

const form = (page: Page) => page.getByRole('form', { name: 'Enter the Giveaway' });

async function fill(page: Page, email: string, handle: string, tick = true) {
  await form(page).getByLabel('Email').fill(email);
  await form(page).getByLabel('Instagram Handle').fill(handle);
  if (tick)
    await form(page)
      .getByRole('checkbox', { name: /I have read the rules/ })
      .check();
}

test('with JavaScript off, a visitor enters and sees the receipt; each refusal says why', async ({
  browser,
  request,
}) => {
  const title = `No script ${stamp}`;
  const id = await create(request, { title, max_participants: 2 });
  const page = await noScript(browser);
  await page.goto(`/giveaway/${id}`);
  await expect(page.getByText('ACTIVE · Not selected yet · Accepting entries')).toBeVisible();

  // Nothing filled in: a message under each field.
  await form(page).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page).toHaveURL(new RegExp(`/giveaway/${id}/enter$`));
  await expect(form(page).getByText('Please enter your Instagram handle.')).toBeVisible();
  await expect(
    form(page).getByText('Please enter a valid e-mail address, like name@example.com.'),
  ).toBeVisible();
  await expect(
    form(page).getByText('Please confirm that you have read the rules and are at least 18.'),
  ).toBeVisible();

  // A wrong address: its message, and what was typed stays.
  await fill(page, 'not-an-address', `@nojs.${stamp}`);
  await form(page).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(
    form(page).getByText('Please enter a valid e-mail address, like name@example.com.'),
  ).toBeVisible();
  await expect(form(page).getByLabel('Email')).toHaveValue('not-an-address');
  await expect(form(page).getByLabel('Instagram Handle')).toHaveValue(`@nojs.${stamp}`);
  await expect(form(page).getByRole('checkbox', { name: /I have read the rules/ })).toBeChecked();
  await page.screenshot({ path: `${shots}/refused-375.png`, fullPage: true });

  // Right this time: redirected to the page, which shows the receipt.
  await form(page).getByLabel('Email').fill(`nojs.${stamp}@example.com`);
  await form(page).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page).toHaveURL(new RegExp(`/giveaway/${id}#enter$`));
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible();
  await expect(
    page.getByText(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/).first(),
  ).toBeVisible();
  await expect(page.getByText('1 participant', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: `${shots}/entered-375.png`, fullPage: true });
  await page.context().close();

  // The same address again, with another handle: answered like a new entry (a stranger learns
  // nothing about who entered; that mailbox is told by mail), and nothing more counts.
  const same = await noScript(browser);
  await same.goto(`/giveaway/${id}`);
  await fill(same, `nojs.${stamp}@example.com`, `another.${stamp}`);
  await form(same).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(same.getByRole('heading', { name: "You're in!" })).toBeVisible();
  await same.goto(`/giveaway/${id}`);
  await expect(same.getByText('1 participant', { exact: false }).first()).toBeVisible();
  await same.context().close();

  // Someone else with the same handle (public anyway): refused above the form, values kept.
  const again = await noScript(browser, 1280);
  await again.goto(`/giveaway/${id}`);
  await fill(again, `other.${stamp}@example.com`, `nojs.${stamp}`);
  await form(again).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(form(again).getByRole('alert')).toContainText(/already entered/i);
  await expect(form(again).getByLabel('Email')).toHaveValue(`other.${stamp}@example.com`);
  await again.screenshot({ path: `${shots}/duplicate-1280.png`, fullPage: true });

  // The second place fills the giveaway; a third visitor who had the form open is told it is full.
  const third = await noScript(browser);
  await third.goto(`/giveaway/${id}`);
  await fill(again, `second.${stamp}@example.com`, `second.${stamp}`);
  await form(again).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(again.getByRole('heading', { name: "You're in!" })).toBeVisible();
  await fill(third, `third.${stamp}@example.com`, `third.${stamp}`);
  await form(third).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(form(third).getByRole('alert')).toContainText(/full|maximum/i);
  await third.goto(`/giveaway/${id}`);
  await expect(third.getByText('Active · Full')).toBeVisible();
  await expect(third.getByText('ACTIVE · Not selected yet · Closed for entries')).toBeVisible();
});

test('with JavaScript off, a paused or closed giveaway refuses the form it showed, and says so', async ({
  browser,
  request,
}) => {
  const id = await create(request, { title: `Paused ${stamp}` });
  const auth = { Authorization: `Bearer ${await token(request)}` };
  const page = await noScript(browser);
  await page.goto(`/giveaway/${id}`);
  await fill(page, `paused.${stamp}@example.com`, `paused.${stamp}`);

  const paused = await request.post(`/api/v1/giveaway/${id}/toggle-participants`, {
    headers: auth,
    data: { accept: false },
  });
  expect(paused.ok()).toBeTruthy();
  await form(page).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(form(page).getByRole('alert')).toContainText(/paused/i);
  await expect(page.getByText('PAUSED · Not selected yet · Closed for entries')).toBeVisible();

  const closed = await request.post(`/api/v1/giveaway/${id}/close`, { headers: auth });
  expect(closed.status(), await closed.text()).toBeLessThan(300);
  await form(page).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(form(page).getByRole('alert')).toContainText(/closed/i);
  await expect(page.getByText('ENDED · Not selected yet · Closed for entries')).toBeVisible();
});

const INSTAGRAM_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 Instagram 312.0.0.22.114 Android';

test("in Instagram's in-app browser, entering works, share copies the link and the receipt is offered by mail", async ({
  browser,
  request,
}) => {
  const id = await create(request, { title: `In-app ${stamp}` });
  const context = await browser.newContext({
    userAgent: INSTAGRAM_UA,
    viewport: { width: 375, height: 667 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const popups: string[] = [];
  context.on('page', (opened) => popups.push(opened.url()));
  await page.goto(`/giveaway/${id}`);
  await fill(page, `inapp.${stamp}@example.com`, `inapp.${stamp}`);
  await form(page).getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('in-app-note')).toContainText(
    'This in-app browser forgets your entry when you close it.',
  );
  // This server has no mail server: nothing offers a mail that cannot leave.
  await expect(
    page.getByTestId('in-app-note').getByRole('button', { name: 'Send the receipt to my e-mail' }),
  ).toHaveCount(0);

  await page
    .getByRole('region', { name: 'Share Giveaway' })
    .getByRole('button', { name: 'Share Giveaway' })
    .click();
  const toasts = page.getByRole('region', { name: 'Notifications' });
  await expect(toasts.getByText('Giveaway link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/giveaway/${id}`);
  await page.screenshot({ path: `${shots}/in-app-375.png`, fullPage: true });
  expect(popups).toEqual([]);
  await context.close();
});
