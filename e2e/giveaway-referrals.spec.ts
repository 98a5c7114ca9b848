import AxeBuilder from '@axe-core/playwright';
import crypto from 'node:crypto';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { mailE2e, mailE2eSmtpPort } from '../playwright.config';
import { startSmtp, type TestSmtp } from '../server/test/helpers/smtp';
import { e2eAdmin, linkIn, loginAsAdmin, shootWidths } from './support';

/**
 * Referrals and confirmed entries, as the people involved see them: the admin creates a giveaway
 * with a referral bonus cap and "Confirm entries by e-mail"; Ann enters, is asked to confirm, and
 * confirms with the link from the mail (confirmation needs a mail server: this spec runs on a
 * server of its own with one, whose SMTP sink it listens with); her "You're in" panel then offers
 * her personal link. Bo arrives by
 * that link, enters and confirms the same way, and Ann's panel and "Was I in the draw?" show the
 * bonus entry she earned.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: mailE2e.baseURL });

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp(mailE2eSmtpPort);
});
test.afterAll(async () => {
  await smtp.close();
});

/**
 * The newest mail to `to` at the sink whose text matches `pattern` (a subject with quotes or
 * other non-ASCII characters arrives encoded, so the text is what is matched).
 */
async function mailTo(to: string, pattern: RegExp): Promise<string> {
  const matching = () => smtp.mails.filter((m) => m.to.includes(to) && pattern.test(m.text));
  await expect.poll(() => matching().length > 0, loaded).toBe(true);
  return matching().at(-1)?.text ?? '';
}

const stamp = Date.now().toString(36);
const title = `E2E Referrals ${stamp}`;
const ann = { email: `ann.${stamp}@example.com`, handle: `e2e.ann.${stamp}` };
const bo = { email: `bo.${stamp}@example.com`, handle: `e2e.bo.${stamp}` };
let giveawayPath = '';
let annLink = '';
let annReceipt = '';
/** Ann's browser, kept across the tests (her entry lives in its localStorage). */
let annPage: Page;

const loaded = { timeout: 20_000 };

/** Serious or critical axe findings (WCAG 2.1 A and AA) on the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function enter(page: Page, who: { email: string; handle: string }) {
  const form = page.getByRole('form', { name: 'Enter the Giveaway' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Instagram Handle').fill(who.handle);
  await form.getByRole('checkbox', { name: /I have read the rules/ }).check();
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
}

/** Opens the confirmation link mailed to `to` and expects the page to say it confirmed. */
async function confirmFromMail(page: Page, to: string) {
  const link = linkIn(await mailTo(to, /\/confirm\?token=/), /https?:\/\/\S+\/confirm\?token=\S+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your entry' })).toBeVisible(
    loaded,
  );
  // Opening the link confirms nothing: the entrant presses the button.
  await page.getByRole('button', { name: 'Confirm my entry' }).click();
  const outcome = page.getByTestId('confirm-outcome');
  await expect(outcome).toContainText('Entry confirmed', loaded);
  await expect(outcome).toContainText('Your entry is confirmed. It counts now. Good luck!');
  expect(await seriousViolations(page)).toEqual([]);
  await shootWidths(page, (width) => `test-results/screens/giveaway-confirm-${width}.png`);
  // Opening the link again says so instead of confirming twice.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm my entry' }).click();
  await expect(page.getByTestId('confirm-outcome')).toContainText('Already confirmed', loaded);
}

test('the admin creates a giveaway with a referral bonus cap and confirmed entries', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await loginAsAdmin(page);
  await page.goto('/giveaway/admin');
  await page.getByRole('button', { name: 'Create Giveaway' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: 'Create Giveaway' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Bring your friends.');
  await dialog.getByLabel(/^Prize\*?$/).fill('A test agent');
  const cap = dialog.getByLabel(/Referral bonus cap/);
  await expect(cap).toHaveValue('5');
  await cap.fill('101');
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();
  await expect(dialog.getByText('Referral bonus cap must be from 0 to 100')).toBeVisible();
  await cap.fill('3');
  await dialog.getByRole('checkbox', { name: 'Confirm entries by e-mail' }).check();
  // The dialog scrolls inside the screen: its new fields as a person sees them at each width.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await dialog
      .getByRole('checkbox', { name: 'Confirm entries by e-mail' })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/giveaway-form-referrals-${width}.png` });
  }

  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(loaded);
  giveawayPath = new URL(page.url()).pathname;
  await page.goto(`${giveawayPath}/rules`);
  await expect(page.getByRole('heading', { name: 'Confirming your entry' })).toBeVisible(loaded);
  await expect(page.getByRole('heading', { name: 'Bonus entries for referrals' })).toBeVisible();
  await page.context().close();
});

test('Ann enters, confirms through the mailed link, and gets her personal link', async ({
  browser,
}) => {
  annPage = await newPage(browser);
  await annPage.goto(giveawayPath);
  await enter(annPage, ann);
  const panel = annPage.getByRole('region', { name: "You're in!" });
  await expect(panel).toBeVisible(loaded);
  await expect(panel.getByTestId('confirm-pending')).toContainText(
    'Confirm your entry: we sent a link to your e-mail address.',
  );
  annReceipt = (await panel.getByTestId('receipt-code').textContent()) ?? '';
  expect(annReceipt).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

  await confirmFromMail(annPage, ann.email);
  await annPage.goto(giveawayPath);
  await expect(panel.getByTestId('entries-held')).toHaveText(
    'You hold 1 entry in the draw.',
    loaded,
  );
  await expect(panel.getByTestId('confirm-pending')).toBeHidden();
  const link = panel.getByLabel('Your personal link');
  annLink = await link.inputValue();
  expect(annLink).toMatch(/\/giveaway\/\d+\?ref=[0-9A-HJKMNP-TV-Z]{12}$/);
  await annPage.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy Link' }).click();
  await expect(
    annPage.getByRole('region', { name: 'Notifications' }).getByText('Your personal link copied'),
  ).toBeVisible();
  expect(await annPage.evaluate(() => navigator.clipboard.readText())).toBe(annLink);
  await annPage.getByRole('button', { name: 'Dismiss notification: Link copied!' }).click();
  expect(await seriousViolations(annPage)).toEqual([]);
  await shootWidths(
    annPage,
    (width) => `test-results/screens/giveaway-referral-panel-${width}.png`,
    async (width) => {
      // The panel alone as well, at full resolution, to look at closely.
      await panel.screenshot({
        path: `test-results/screens/giveaway-referral-panel-only-${width}.png`,
      });
    },
  );
});

test("Bo arrives by Ann's link, enters and confirms: Ann holds a bonus entry", async ({
  browser,
}) => {
  const page = await newPage(browser);
  const url = new URL(annLink);
  await page.goto(url.pathname + url.search);
  await expect(page.getByText("You came through a friend's link")).toBeVisible(loaded);
  await expect(page.getByRole('form', { name: 'Enter the Giveaway' })).toBeVisible(loaded);
  const entryCard = page.getByRole('region', { name: 'Enter the Giveaway' });
  await shootWidths(
    page,
    (width) => `test-results/screens/giveaway-referral-form-${width}.png`,
    async (width) => {
      await entryCard.screenshot({
        path: `test-results/screens/giveaway-referral-form-only-${width}.png`,
      });
    },
  );
  await enter(page, bo);
  const pending = page.getByRole('region', { name: "You're in!" });
  await expect(pending.getByTestId('confirm-pending')).toBeVisible(loaded);
  await page.getByRole('button', { name: 'Dismiss notification: Check your e-mail' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await pending.screenshot({ path: 'test-results/screens/giveaway-referral-pending-1280.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await pending.screenshot({ path: 'test-results/screens/giveaway-referral-pending-375.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Bo cannot find the mail: a new link is sent, and only the new one confirms.
  const lost = linkIn(
    await mailTo(bo.email, /\/confirm\?token=/),
    /https?:\/\/\S+\/confirm\?token=\S+/,
  );
  await pending.getByRole('button', { name: 'No e-mail? Send the link again' }).click();
  await expect(
    page.getByText(/^We sent a new confirmation link to the address you entered with/),
  ).toBeVisible(loaded);
  await page.goto(lost);
  await page.getByRole('button', { name: 'Confirm my entry' }).click();
  await expect(page.getByTestId('confirm-outcome')).toContainText(
    'This confirmation link is not known',
    loaded,
  );
  await confirmFromMail(page, bo.email);
  await page.context().close();

  // Ann's panel now counts her bonus entry; the public page shows only the total.
  await annPage.goto(giveawayPath);
  await expect(
    annPage.getByRole('region', { name: "You're in!" }).getByTestId('entries-held'),
  ).toHaveText('You hold 2 entries in the draw: your own and 1 bonus entry for referrals.', loaded);
  // A return visit draws the panel and then its count of entries without moving anything.
  await annPage.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) w.__shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const shifts: Record<string, number> = {};
  for (const width of [375, 1280]) {
    await annPage.setViewportSize({ width, height: 900 });
    await annPage.goto(giveawayPath);
    await expect(annPage.getByTestId('entries-held')).toContainText('You hold 2 entries', loaded);
    await annPage.waitForTimeout(1500);
    shifts[width] = await annPage.evaluate(() =>
      (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
    );
  }
  console.log('CLS of the panel on a return visit', JSON.stringify(shifts));
  expect(shifts).toEqual({ 375: 0, 1280: 0 });
  await expect(annPage.getByTestId('bonus-total')).toHaveText(
    'Referrals: each entrant can earn up to 3 bonus entries by bringing friends; 1 bonus entry earned so far.',
  );
  await annPage.goto(`${giveawayPath}/check`);
  await annPage.getByLabel(/Receipt code/).fill(annReceipt);
  await annPage.getByRole('button', { name: 'Check Receipt' }).click();
  await expect(annPage.getByTestId('entries-held')).toHaveText(
    '2 (your own, plus 1 bonus entry for referrals)',
    loaded,
  );
  const id = giveawayPath.split('/').pop() ?? '';
  const res = await annPage.request.get(`/api/v1/giveaway/${id}`);
  const body = await res.text();
  expect(JSON.parse(body)).toMatchObject({ bonus_entry_count: 1, participant_count: 2 });
  expect(body).not.toContain(bo.email);
  expect(body).not.toContain(url.searchParams.get('ref') ?? '-');
  await annPage.context().close();
});

test("the draw counts Ann's bonus entry: her line of the published list has weight 2, and the verification page recomputes the weighted draw", async ({
  page,
  request,
}) => {
  const login = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  const auth = {
    Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  const id = giveawayPath.split('/').pop() ?? '';
  const drawn = await request.post(`/api/v1/giveaway/${id}/select-winner`, {
    headers: auth,
    data: { close_now: true },
  });
  expect(drawn.status()).toBe(200);
  const list = await (await request.get(`/api/v1/giveaway/${id}/frozen-entries.txt`)).text();
  const annLine = `${crypto.createHash('sha256').update(annReceipt, 'utf8').digest('hex')} 2`;
  // Two confirmed entries: Ann's with her bonus entry, and Bo's with weight 1.
  expect(list.split('\n').filter(Boolean)).toEqual(
    expect.arrayContaining([annLine, expect.stringMatching(/^[0-9a-f]{64} 1$/)]),
  );
  expect(list.split('\n').filter(Boolean)).toHaveLength(2);
  await page.goto(`${giveawayPath}/verify`);
  // A visitor gets the page as a document: the checker runs when asked.
  await page.getByRole('button', { name: 'Verify in my browser' }).click();
  await expect(page.getByText('Verified in your browser')).toBeVisible(loaded);
});
