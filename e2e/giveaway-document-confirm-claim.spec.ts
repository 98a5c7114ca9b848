import { type APIRequestContext, expect, test } from '@playwright/test';
import { mailE2e, mailE2eSmtpPort } from '../playwright.config';
import { startSmtp, type TestSmtp } from '../server/test/helpers/smtp';
import { ISLAND_LOADER, linkIn, loginAsAdmin, scriptsOf, widths } from './support';

/**
 * The pages a mailed link opens, as an entrant and a winner without a session get them: document
 * pages drawn by the server, with no app runtime, private to the link. An entrant confirms with
 * the button (opening the link confirms nothing), reads what happens next and can share; the
 * winner's claim page states the deadline before any script runs, claims through the form's
 * island, and then reads as claimed. Runs on the server with a mail sink (confirmation and winner
 * mails), at 375 and 1280 px.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: mailE2e.baseURL });

const loaded = { timeout: 20_000 };
const stamp = Date.now().toString(36);
const title = `E2E Mailed links ${stamp}`;
const ann = { email: `ann.links.${stamp}@example.com`, handle: `e2e.links.${stamp}` };
const shots = 'test-results/confirm-claim';

let smtp: TestSmtp;
let giveawayId = 0;
let token = '';
test.beforeAll(async () => {
  smtp = await startSmtp(mailE2eSmtpPort);
});
test.afterAll(async () => {
  await smtp.close();
});

async function mailTo(to: string, pattern: RegExp): Promise<string> {
  const matching = () => smtp.mails.filter((m) => m.to.includes(to) && pattern.test(m.text));
  await expect.poll(() => matching().length > 0, loaded).toBe(true);
  return matching().at(-1)?.text ?? '';
}

/** A document page's scripts (watched from before it was asked for): the island loader, no app. */
function expectDocument(scripts: string[]) {
  expect(scripts.some((src) => ISLAND_LOADER.test(src))).toBe(true);
  expect(scripts.filter((src) => /app-|webpack-runtime|framework-/.test(src))).toEqual([]);
}

async function api(request: APIRequestContext, auth: string, path: string, data: object) {
  const res = await request.post(`/api/v1${path}`, {
    headers: { authorization: `Bearer ${auth}` },
    data,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

test('an entrant confirms on the document page, reads what happens next, and can share', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const auth = await loginAsAdmin(admin);
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const made = await api(admin.request, auth, '/giveaway', {
    title,
    description: 'Mailed links.',
    prize: 'A test agent',
    prize_image: null,
    start_date: today,
    end_date: later,
    max_participants: null,
    confirm_entries: true,
    referral_cap: 3,
  });
  giveawayId = Number(made.id);
  expect(giveawayId).toBeGreaterThan(0);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/giveaway/${giveawayId}`);
  const form = page.getByRole('form', { name: 'Enter the Giveaway' });
  await form.getByLabel('Email').fill(ann.email);
  await form.getByLabel('Instagram Handle').fill(ann.handle);
  await form.getByRole('checkbox', { name: /I have read the rules/ }).check();
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page.getByRole('region', { name: "You're in!" })).toBeVisible(loaded);

  const link = linkIn(
    await mailTo(ann.email, /\/confirm\?token=/),
    /https?:\/\/\S+\/confirm\?token=\S+/,
  );
  const confirmToken = new URL(link, 'http://x').searchParams.get('token') ?? '';
  const scripts = scriptsOf(page);
  const answer = await page.goto(link);
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  const html = (await answer?.text()) ?? '';
  expect(html).not.toContain(confirmToken);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your entry' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expectDocument(scripts);
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next.getByText(/Once confirmed, your entry counts/)).toBeVisible();
  await expect(next.getByRole('link', { name: 'Was I in the draw?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share Giveaway' })).toBeVisible();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/confirm-button-${width}.png`, fullPage: true });
  }

  await page.getByRole('button', { name: 'Confirm my entry' }).click();
  const outcome = page.getByTestId('confirm-outcome');
  await expect(outcome).toContainText('Entry confirmed', loaded);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/confirm-done-${width}.png`, fullPage: true });
  }
  // Share hands out the entrant's own personal link: this browser keeps the entry.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  await page.getByRole('button', { name: 'Share Giveaway' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()), loaded)
    .toMatch(new RegExp(`/giveaway/${giveawayId}\\?ref=[A-Z0-9]+$`));

  // Without a token the page asks for the link, and is the page every visitor gets.
  const plain = await page.goto(`/giveaway/${giveawayId}/confirm`);
  expect(plain?.headers()['cache-control']).not.toContain('private');
  await expect(page.getByText('This page needs the link from your e-mail')).toBeVisible();

  // The winner is drawn (entries closed now), and told by mail with the claim link.
  await api(admin.request, auth, `/giveaway/${giveawayId}/select-winner`, { close_now: true });
  const claimLink = linkIn(
    await mailTo(ann.email, /\/claim\?token=/),
    /https?:\/\/\S+\/claim\?token=\S+/,
  );
  token = new URL(claimLink, 'http://x').searchParams.get('token') ?? '';
  await context.close();
  await adminContext.close();
});

test('the winner claims on the document page: the deadline stated before any script', async ({
  browser,
}) => {
  const claimUrl = `/giveaway/${giveawayId}/claim?token=${encodeURIComponent(token)}`;
  // Without script: the page as drawn says what the link stands for, with its deadline.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  const answer = await still.goto(claimUrl);
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  expect((await answer?.text()) ?? '').not.toContain(token);
  await expect(still.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(still.getByText(/^Claim it by .+\(.+\)\./)).toBeVisible();
  await noScript.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = scriptsOf(page);
  await page.goto(claimUrl);
  await page.waitForLoadState('networkidle');
  expectDocument(scripts);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/claim-open-${width}.png`, fullPage: true });
  }
  // Typed before the island has loaded, kept once it has.
  await page.getByLabel(/Your name/).fill('Ann Winner');
  await page.getByLabel(/Postal or delivery details/).fill('1 Test Road, Testtown');
  await page.getByLabel(/I agree that my name/).check();
  await page.getByRole('button', { name: 'Claim Prize' }).click();
  await expect(page.getByText('Prize claimed!')).toBeVisible(loaded);

  // The link again: claimed, drawn by the server, no form.
  await page.goto(claimUrl);
  await expect(page.getByText('Prize claimed', { exact: true })).toBeVisible();
  await expect(page.getByText(/You claimed this prize on/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Claim Prize' })).toHaveCount(0);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/claim-claimed-${width}.png`, fullPage: true });
  }
  // A token of no draw says the link does not work.
  await page.goto(`/giveaway/${giveawayId}/claim?token=not-a-link`);
  await expect(page.getByText('This link does not work')).toBeVisible();
  await context.close();
});
