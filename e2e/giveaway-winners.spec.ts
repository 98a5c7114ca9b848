import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { e2eAdmin, loginAsAdmin, shootWidths } from './support';

/**
 * A giveaway with three winners, end to end in the production build: the owner sets "Number of
 * Winners" in the form, the presenter view draws and reveals the three winners one after another,
 * the list card and the page name all three, the verification page recomputes every place in the
 * browser, and after one winner is disqualified it recomputes the re-drawn place too. Screenshots
 * at 375 and 1280 px go to $SHOTS_DIR (default test-results/giveaway-winners).
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-winners';
const loaded = { timeout: 20_000 };
const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8123)}`;

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

let id = 0;
const title = `Three Winners ${stamp}`;
const handles = Array.from({ length: 7 }, (_, i) => `tw_${i}_${stamp}`.slice(0, 30));

test('the form sets the number of winners, refusing what the rules cannot take', async ({
  browser,
  request,
}) => {
  // Saving fetches the prize picture and encodes its widths and formats first.
  test.setTimeout(60_000);
  const page = await adminPage(browser);
  await page.goto('/giveaway/admin');
  await page.getByRole('button', { name: 'Create Giveaway' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Title/).fill(title);
  await dialog.getByLabel(/Description/).fill('Three agents to win: enter with your e-mail.');
  await dialog.getByLabel(/^Prize\*?$/).fill('A custom voice agent');
  await dialog.getByLabel(/Prize Image URL/).fill(`${baseURL}/og-image.png`);
  const winners = dialog.getByLabel(/Number of Winners/);
  await expect(winners).toHaveValue('1');
  await winners.fill('101');
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();
  await expect(dialog.getByText('Number of winners must be from 1 to 100')).toBeVisible();
  await winners.fill('3');
  await shootWidths(
    page,
    (w) => `${shots}/form-${w}.png`,
    async () => {
      await winners.scrollIntoViewIfNeeded();
    },
  );
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();
  await expect(page.getByRole('dialog')).toBeHidden(loaded);

  const list = (await (await request.get('/api/v1/giveaway')).json()) as {
    id: number;
    title: string;
    winner_count: number;
  }[];
  const made = list.find((g) => g.title === title);
  expect(made?.winner_count).toBe(3);
  id = made?.id ?? 0;
  const rules = await (await request.get(`/api/v1/giveaway/${id}/rules`)).text();
  expect(rules).toContain('There are 3 winners');
  for (const [i, handle] of handles.entries()) {
    const res = await request.post(`/api/v1/giveaway/${id}/participate`, {
      data: { email: `tw${i}.${stamp}@example.com`, instagram_handle: handle, accept_rules: true },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await page.context().close();
});

test('the presenter view reveals the three winners one after another', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await adminPage(browser);
  await page.goto(`/giveaway/${id}/present`);
  const stage = page.getByTestId('presenter');
  await expect(stage.getByRole('heading', { level: 1, name: title })).toBeVisible(loaded);
  await stage.getByRole('button', { name: 'Draw the 3 winners' }).click();
  // Entries are still open: the presenter asks before the draw closes them.
  await page.getByRole('button', { name: 'Close entries and draw now' }).click();
  for (const n of [1, 2, 3]) {
    // Between places the stage waits for the presenter's "Next winner".
    if (n > 1)
      await page
        .getByRole('button', { name: `Next winner (${n} of 3)` })
        .click({ timeout: 45_000 });
    const overlay = page.getByRole('dialog', { name: `Drawing winner ${n} of 3...` });
    await expect(overlay).toBeVisible({ timeout: 45_000 });
    if (n === 2) await page.screenshot({ path: `${shots}/presenter-spin-2-1280.png` });
  }
  const list = page.getByTestId('presenter-winners');
  await expect(list).toBeVisible({ timeout: 45_000 });
  const names = await list.getByRole('listitem').allTextContents();
  expect(names).toHaveLength(3);
  for (const [i, name] of names.entries()) expect(name).toMatch(new RegExp(`^${i + 1}\\.@tw_`));
  expect(new Set(names.map((n) => n.slice(2))).size).toBe(3);
  await expect(stage.getByText('Winners!')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${shots}/presenter-winners-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/presenter-winners-375.png`, fullPage: true });
  await page.context().close();
});

test('the card and the page name all three; the verification page recomputes every place', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const g = (await (await request.get(`/api/v1/giveaway/${id}`)).json()) as {
    winners: { place: number; instagram_handle: string }[];
  };
  const drawn = g.winners.map((w) => `@${w.instagram_handle}`);
  expect(drawn).toHaveLength(3);

  await page.goto('/giveaway');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText(/· 3 winners$/)).toBeVisible(loaded);
  await expect(card.getByText('Winners Selected!')).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText(drawn);
  await card.scrollIntoViewIfNeeded();
  await shootWidths(page, (w) => `${shots}/list-${w}.png`);

  await page.goto(`/giveaway/${id}`);
  const congrats = page.getByRole('region', { name: 'Congratulations to:' });
  await expect(congrats.getByRole('listitem')).toHaveText(drawn, loaded);
  await expect(page.getByText(/^7 participants · 3 winners ·/)).toBeVisible();
  await shootWidths(page, (w) => `${shots}/page-${w}.png`);

  await page.goto(`/giveaway/${id}/verify`);
  // A visitor gets the page as a document: the checker runs when asked.
  await page.getByRole('button', { name: 'Verify in my browser' }).click();
  await expect(page.getByText('Verified in your browser')).toBeVisible(loaded);
  for (const place of [1, 2, 3])
    await expect(
      page.getByText(
        new RegExp(`^Passed: Place ${place}: the method picks position \\d+ of the list`),
      ),
    ).toBeVisible();
  await expect(page.getByText('Number of winners', { exact: true })).toBeVisible();
  await shootWidths(page, (w) => `${shots}/verify-${w}.png`);
});

test('disqualifying one winner re-draws that place only, and the page recomputes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const before = (await (await request.get(`/api/v1/giveaway/${id}`)).json()) as {
    winners: { place: number; instagram_handle: string }[];
  };
  const res = await request.post(`/api/v1/giveaway/${id}/disqualify-winner`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { reason: 'Entered from a second account.', place: 2 },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const after = (await (await request.get(`/api/v1/giveaway/${id}`)).json()) as {
    winners: { place: number; round: number; instagram_handle: string }[];
  };
  expect(after.winners.map((w) => w.round)).toEqual([1, 4, 3]);
  expect(after.winners[0]?.instagram_handle).toBe(before.winners[0]?.instagram_handle);
  expect(after.winners[2]?.instagram_handle).toBe(before.winners[2]?.instagram_handle);
  expect(after.winners[1]?.instagram_handle).not.toBe(before.winners[1]?.instagram_handle);

  await page.goto(`/giveaway/${id}/verify`);
  // A visitor gets the page as a document: the checker runs when asked.
  await page.getByRole('button', { name: 'Verify in my browser' }).click();
  await expect(page.getByText('Verified in your browser')).toBeVisible(loaded);
  await expect(
    page.getByText(
      /^Passed: Place 2 \(re-drawn, draw 4\): the method picks position \d+ of the list/,
    ),
  ).toBeVisible();
  await expect(
    page.getByText(/^Passed: Draw 4 used its own seed, whose SHA-256 was published with draw 3/),
  ).toBeVisible();
  await shootWidths(page, (w) => `${shots}/verify-redrawn-${w}.png`);
});

test('from the giveaway page: two spins in turn, a winner screen naming both, a claim card per place', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const made = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `Two Winners ${stamp}`,
      description: 'Two agents to win.',
      prize: 'A custom chat agent',
      prize_image: `${baseURL}/og-image.png`,
      start_date: new Date().toISOString().slice(0, 10),
      winner_count: 2,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const two = ((await made.json()) as { id: number }).id;
  for (let i = 0; i < 4; i++) {
    const res = await request.post(`/api/v1/giveaway/${two}/participate`, {
      data: {
        email: `two${i}.${stamp}@example.com`,
        instagram_handle: `two_${i}_${stamp}`.slice(0, 30),
        accept_rules: true,
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const page = await adminPage(browser);
  await page.goto(`/giveaway/${two}`);
  await page.getByRole('button', { name: 'Select Winner' }).click();
  await page.getByRole('button', { name: 'Close entries and draw now' }).click();
  await expect(page.getByRole('dialog', { name: 'Drawing winner 1 of 2...' })).toBeVisible(loaded);
  await expect(page.getByRole('dialog', { name: 'Drawing winner 2 of 2...' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByRole('heading', { name: 'WINNERS!' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('Congratulations to our 2 lucky winners!')).toBeVisible();
  await expect(page.getByText(/^1\. @two_\d_/)).toBeVisible();
  await expect(page.getByText(/^2\. @two_\d_/)).toBeVisible();
  await page.waitForTimeout(500);
  await shootWidths(page, (w) => `${shots}/winner-screen-${w}.png`);

  await page.getByRole('button', { name: 'Back to Giveaway' }).click();
  for (const place of [1, 2]) {
    const card = page.getByRole('region', { name: `Winner's Claim: Place ${place}` });
    await expect(card).toBeVisible(loaded);
    await expect(
      card.getByText(new RegExp(`^two${'\\d'}\\.${stamp}@example\\.com$`)),
    ).toBeVisible();
    await expect(
      card.getByRole('link', {
        name: `Draw place ${place} again in the presenter view`,
      }),
    ).toBeVisible();
  }
  await page.getByRole('region', { name: "Winner's Claim: Place 1" }).scrollIntoViewIfNeeded();
  await shootWidths(page, (w) => `${shots}/claim-cards-${w}.png`);
  await page.context().close();
});
