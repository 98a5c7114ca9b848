import { type Browser, type Page, expect, test } from '@playwright/test';
import { loginAsAdmin } from './support';

/**
 * One giveaway's whole life, in order: created by the admin, entered by a visitor (and refused
 * the second time), closed and reopened, drawn with the spin, shown as won, then deleted.
 */
test.describe.configure({ mode: 'serial' });

const title = `E2E Giveaway ${Date.now()}`;
const visitor = { email: 'visitor@example.com', handle: 'e2e.visitor' };
let giveawayPath = '';

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsAdmin(page, context.request);
  return page;
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text);
}

test('the admin creates a giveaway and it is listed first', async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto('/giveaway/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Giveaways' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Giveaway' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create Giveaway' });
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('An end-to-end test giveaway.');
  await dialog.getByLabel(/^Prize\*?$/).fill('A test agent');
  await dialog.getByLabel('Maximum Participants').fill('10');
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();

  await expect(toast(page, 'Giveaway created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article').first()).toHaveAccessibleName(title);

  await page.getByRole('article', { name: title }).getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  giveawayPath = new URL(page.url()).pathname;
  expect(giveawayPath).toMatch(/^\/giveaway\/\d+$/);
  await expect(page).toHaveTitle(`${title} - Giveaway | AgentWorks`);
  await page.context().close();
});

test('a visitor enters, and the same e-mail is refused the second time', async ({ page }) => {
  await page.goto('/giveaway');
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Enter Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const form = page.getByRole('form', { name: 'Enter the Giveaway' });
  await form.getByLabel('Email').fill(visitor.email);
  await form.getByLabel('Instagram Handle').fill(`@${visitor.handle}`);
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Participants' })).toContainText('1');

  await form.getByLabel('Email').fill(visitor.email.toUpperCase());
  await form.getByLabel('Instagram Handle').fill('someone.else');
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'already entered this giveaway' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Participants' })).toContainText('1');
});

test('the admin stops and restarts entries', async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto(giveawayPath);
  const controls = page.getByRole('region', { name: 'Admin Controls' });
  await expect(controls.getByText('Ready to select winner from 1 participants.')).toBeVisible();

  await controls.getByRole('button', { name: 'Stop Accepting' }).click();
  await expect(toast(page, 'Success')).toBeVisible();
  await expect(controls.getByRole('button', { name: 'Start Accepting' })).toBeVisible();
  await expect(page.getByText('Closed for entries')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Enter the Giveaway' })).toBeHidden();

  await controls.getByRole('button', { name: 'Start Accepting' }).click();
  await expect(controls.getByRole('button', { name: 'Stop Accepting' })).toBeVisible();
  await expect(page.getByText('Accepting entries')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Enter the Giveaway' })).toBeVisible();
  await page.context().close();
});

test('the admin draws the winner: the spin, then the winner screen', async ({ browser }) => {
  test.setTimeout(45_000);
  const page = await adminPage(browser);
  // A second entrant so the spin has names to cycle through.
  const id = giveawayPath.split('/').pop();
  const entry = await page.request.post(`/api/v1/giveaway/${id}/participate`, {
    data: { email: 'second@example.com', instagram_handle: 'second.entrant' },
  });
  expect(entry.ok()).toBeTruthy();

  await page.goto(giveawayPath);
  await page.getByRole('button', { name: 'Select Winner' }).click();

  const overlay = page.getByRole('dialog', { name: 'Drawing the Winner...' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByText('Hold tight... the draw is happening!')).toBeVisible();
  await expect(overlay.getByText('Spinning... Good luck!')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'WINNER!' })).toBeVisible({ timeout: 20_000 });
  await expect(overlay).toBeHidden();
  await expect(page.getByText('Congratulations to our lucky winner!')).toBeVisible();
  await expect(page.getByText(/^@(e2e\.visitor|second\.entrant)$/)).toBeVisible();
  await expect(page.getByText(/^(visitor|second)@example\.com$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share Winner Announcement' })).toBeVisible();

  await page.getByRole('button', { name: 'Back to Giveaway' }).click();
  await expect(page.getByRole('region', { name: 'Congratulations to:' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Admin Controls' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Draw Record' })).toContainText('Entrants');
  await page.context().close();
});

test('the list shows the winner', async ({ page }) => {
  await page.goto('/giveaway');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Winner Selected!')).toBeVisible();
  await expect(card.getByText(/^@(e2e\.visitor|second\.entrant)$/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Details' })).toBeVisible();
});

test('the admin deletes the giveaway after confirming', async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto('/giveaway/admin');
  const card = page.getByRole('article', { name: title });
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Giveaway deleted successfully')).toBeVisible();
  expect(asked).toBe(
    'Are you sure you want to delete this giveaway? This action cannot be undone.',
  );
  await expect(card).toBeHidden();

  await page.goto(giveawayPath);
  await expect(page.getByRole('heading', { name: 'Giveaway Not Found' })).toBeVisible();
  await page.context().close();
});
