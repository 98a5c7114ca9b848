import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { e2eAdmin, loginAsAdmin, widths } from './support';

/**
 * A taken Instagram handle, reported and seen on the desk, at 375 and 1280 px: someone entered
 * first with another person's handle; that person's entry is refused with the handle taken, the
 * entry form offers the report form, the report is sent; the owner's desk lists it under
 * "Reported handles" with the entry holding the handle, disqualifies that entry and marks the
 * report handled. Screenshots go to $SHOTS_DIR (default test-results/giveaway-handle-reports).
 */
test.describe.configure({ mode: 'serial' });
// Two widths, axe and a login each: more than the default 30 s on a busy machine.
test.setTimeout(120_000);

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-handle-reports';
const loaded = { timeout: 20_000 };
const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
const handle = `real_${stamp}`.slice(0, 30);
const squatter = `squatter.${stamp}@example.com`;

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

let id = 0;

/** Serious or critical axe findings inside `selector` (the report form, the desk's card). */
async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}`);
}

test.beforeAll(async ({ request }) => {
  const res = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      title: `Taken Handle ${stamp}`,
      description: 'A giveaway for the handle report tests.',
      prize: 'A custom voice agent',
      start_date: day(-1),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  id = ((await res.json()) as { id: number }).id;
  const entered = await request.post(`/api/v1/giveaway/${id}/participate`, {
    data: { email: squatter, instagram_handle: handle.toUpperCase(), accept_rules: true },
  });
  expect(entered.ok(), await entered.text()).toBeTruthy();
});

for (const width of widths) {
  test(`the handle's owner is refused, and reports it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/giveaway/${id}`);
    const form = page.getByRole('form', { name: 'Enter the Giveaway' });
    await form.getByLabel('Email').fill(`owner${width}.${stamp}@example.com`);
    await form.getByLabel('Instagram Handle').fill(`@${handle}`);
    await form.getByRole('checkbox', { name: /I have read the rules/ }).check();
    await form.getByRole('button', { name: 'Enter Giveaway' }).click(loaded);

    const report = page.getByRole('form', { name: 'Report a taken handle' });
    await expect(report).toBeVisible(loaded);
    await expect(page.getByRole('heading', { name: `Is @${handle} your handle?` })).toBeVisible();
    await expect(report.getByLabel('Your Instagram handle')).toHaveValue(handle);
    await expect(report.getByLabel('Your e-mail')).toHaveValue(
      `owner${width}.${stamp}@example.com`,
    );
    await report.getByLabel('Note (optional)').fill(`This is my account (${width} px).`);
    expect(await seriousViolations(page, 'section[aria-labelledby^="handle-report-"]')).toEqual([]);
    await report.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/report-form-${width}.png`, fullPage: true });
    await report.getByRole('button', { name: 'Report this handle' }).click();
    await expect(page.getByText(/the organiser will see your report about @/)).toBeVisible(loaded);
    await page.screenshot({ path: `${shots}/report-sent-${width}.png`, fullPage: true });
  });
}

test('the desk shows the reports with the entry; disqualify it and mark a report handled', async ({
  page,
}) => {
  await loginAsAdmin(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/giveaway/${id}/desk`);
    const card = page.getByRole('region', { name: 'Reported handles (2 open)' });
    await expect(card).toBeVisible(loaded);
    const entries = card.getByRole('list', { name: `Entries with @${handle}` });
    await expect(entries.first()).toContainText(squatter);
    await expect(entries.first()).toContainText('confirmed');
    await expect(card.getByText(`Reported by owner375.${stamp}@example.com`)).toBeVisible();
    await expect(card.getByText(`Reported by owner1280.${stamp}@example.com`)).toBeVisible();
    expect(
      await seriousViolations(page, 'section[aria-labelledby="handle-reports-title"]'),
    ).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/desk-reports-${width}.png`, fullPage: true });
  }

  const card = page.getByRole('region', { name: 'Reported handles (2 open)' });
  await card
    .getByRole('button', { name: `Disqualify the entry of ${squatter}` })
    .first()
    .click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText(/disqualified/),
  ).toBeVisible(loaded);
  // The entrants table above shows the entry disqualified with the published reason.
  await expect(
    page.getByRole('cell', {
      name: /Disqualified: Entered with another person’s Instagram handle/,
    }),
  ).toBeVisible(loaded);
  await expect(card.getByRole('button', { name: /^Disqualify the entry/ })).toHaveCount(0);

  await card
    .getByRole('button', { name: `Mark handled: the report about @${handle}` })
    .first()
    .click();
  const after = page.getByRole('region', { name: 'Reported handles (1 open)' });
  await expect(after).toBeVisible(loaded);
  await expect(after.getByText(/Handled by admin on/)).toBeVisible();
  await after.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/desk-handled-1280.png`, fullPage: true });
});

test('with JavaScript off, the refused page offers the report form and says it was sent', async ({
  browser,
  request,
}) => {
  const res = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      title: `Taken Without Script ${stamp}`,
      description: 'A giveaway for the handle report tests without script.',
      prize: 'A custom voice agent',
      start_date: day(-1),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const plain = ((await res.json()) as { id: number }).id;
  const entered = await request.post(`/api/v1/giveaway/${plain}/participate`, {
    data: { email: `first.${stamp}@example.com`, instagram_handle: handle, accept_rules: true },
  });
  expect(entered.ok(), await entered.text()).toBeTruthy();

  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 667 },
  });
  const page = await context.newPage();
  await page.goto(`/giveaway/${plain}`);
  const form = page.getByRole('form', { name: 'Enter the Giveaway' });
  await form.getByLabel('Email').fill(`nojs.${stamp}@example.com`);
  await form.getByLabel('Instagram Handle').fill(handle);
  await form.getByRole('checkbox', { name: /I have read the rules/ }).check();
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  const report = page.getByRole('form', { name: 'Report a taken handle' });
  await expect(report).toBeVisible(loaded);
  await expect(report.getByLabel('Your e-mail')).toHaveValue(`nojs.${stamp}@example.com`);
  await report.getByRole('button', { name: 'Report this handle' }).click();
  await expect(page).toHaveURL(new RegExp(`/giveaway/${plain}/report-handle$`));
  await expect(page.getByText(/the organiser will see your report about @/)).toBeVisible(loaded);
  await page.screenshot({ path: `${shots}/report-sent-no-script-375.png`, fullPage: true });
  await context.close();

  const kept = await request.get(`/api/v1/giveaway/${plain}/handle-reports`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(((await kept.json()) as { email: string }[]).map((r) => r.email)).toEqual([
    `nojs.${stamp}@example.com`,
  ]);
});
