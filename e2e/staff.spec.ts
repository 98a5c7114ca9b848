import { type Page, expect, test } from '@playwright/test';
import { staffE2e } from '../playwright.config';
import {
  expectLive,
  confirmPublish,
  fillDraft,
  linkIn,
  loginAsAdmin,
  openNewDraft,
  operatorMail,
  shootWidths,
  widths,
} from './support';

/**
 * Staff join from the browser: an admin invites an editor at /admin/users, the invitee opens the
 * link from the mail (kept in the outbox here, as there is no SMTP), sets a password, logs in,
 * writes a post and publishes it (a real rebuild); when the admin removes the account, the
 * editor's open browser is logged out on its next request. Runs against a server of its own (see
 * staffE2e in playwright.config.ts), so the published post never reaches the other specs.
 */
test.use({ baseURL: staffE2e.baseURL });

const stamp = Date.now().toString(36);
const invitee = {
  email: `writer-${stamp}@example.com`,
  username: `writer-${stamp}`,
  password: 'e2e-writer-password-123',
};
const post = {
  title: `First Week on the Desk ${stamp}`,
  slug: `first-week-on-the-desk-${stamp}`,
  description: 'What a new writer found when joining the team.',
  category: 'Foundation',
  // The byline is what the editor types; the site shows it as "By …" on the post.
  author: invitee.username,
  body: 'Joined by invitation, wrote this, and published it the same hour.\n\n## Next\n\nMore soon.',
};

/**
 * The invitation link: the admin's outbox shows the mail with the link replaced, and the
 * operator's npm run outbox on that server has it.
 */
async function inviteLinkFromOutbox(page: Page, email: string): Promise<string> {
  await page.goto('/admin/inbox');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  const item = page
    .getByRole('listitem')
    .filter({ hasText: `To: ${email}` })
    .first();
  await item.getByText('Show message').click();
  const text = (await item.locator('pre').textContent()) ?? '';
  expect(text).toContain('[link sent to the recipient]');
  expect(text).not.toContain('token=');
  return linkIn(
    operatorMail(staffE2e.dataDir, email, 'You are invited'),
    /https?:\/\/\S+\/accept-invite\?token=\S+/,
  );
}

test('invite an editor, who sets a password, logs in and publishes a post; removing them logs their browser out', async ({
  page,
  browser,
}) => {
  test.setTimeout(20 * 60_000);
  await loginAsAdmin(page);
  await page.goto('/admin/users');
  await page.getByLabel(/E-mail address/).fill(invitee.email);
  await page.getByLabel(/^Role$/).selectOption('editor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`We sent a link to ${invitee.email}`)).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Open invitations' })
      .getByRole('button', { name: `Withdraw invitation to ${invitee.email}` }),
  ).toBeVisible();

  await shootWidths(page, (width) => `test-results/staff-users-invited-${width}.png`);

  const link = await inviteLinkFromOutbox(page, invitee.email);

  // The invitee, in a browser of their own.
  const context = await browser.newContext();
  const editor = await context.newPage();
  await editor.goto(link);
  await expect(editor.getByText(/invited as an editor/)).toBeVisible();
  await shootWidths(editor, (width) => `test-results/accept-invite-form-${width}.png`);
  await editor.getByLabel(/^Username/).fill(invitee.username);
  await editor.getByLabel(/^Password/).fill(invitee.password);
  await editor.getByLabel(/^Repeat the password/).fill(invitee.password);
  await editor.getByRole('button', { name: 'Create my account' }).click();
  await expect(editor.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();

  // The link is used up.
  await editor.goto(link);
  await expect(editor.getByRole('alert')).toContainText('already been used');

  await editor.goto('/login');
  await editor.getByLabel('Username').fill(invitee.username);
  await editor.getByLabel('Password').fill(invitee.password);
  await editor.getByRole('button', { name: 'Login' }).click();
  await expect(editor.getByRole('button', { name: 'Editor' })).toBeVisible();

  // The new editor writes a post and publishes it; the site is rebuilt with it.
  await openNewDraft(editor);
  await fillDraft(editor, post);
  await expect(editor.getByRole('textbox', { name: 'Slug' })).toHaveValue(post.slug);
  const progress = await confirmPublish(editor, 'Publish');
  await expectLive(progress);
  await expect(progress).toContainText(`The post is live at /blog/${post.slug}.`);
  // The test copy goes to the address the invitation went to (the outbox, without SMTP).
  await progress.getByRole('button', { name: `Send a test to me (${invitee.email})` }).click();
  await expect(
    progress.getByRole('status').filter({ hasText: `A test to ${invitee.email}` }),
  ).toContainText('was kept in the outbox (no SMTP server is set up)');

  await editor.goto(`/blog/${post.slug}`);
  await expect(editor.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(editor.getByText(`By ${post.author}`)).toBeVisible();
  await expect(editor.locator('article')).toContainText('published it the same hour');
  // Served as a built page: /blog/<slug>/ leads to the one canonical address, whose HTML holds
  // the post before any script runs.
  const slashed = await editor.request.get(`/blog/${post.slug}/`, { maxRedirects: 0 });
  expect(slashed.status()).toBe(301);
  expect(slashed.headers()['location']).toBe(`/blog/${post.slug}`);
  const served = await editor.request.get(`/blog/${post.slug}`);
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain(post.title);
  // The desk's record names the account that published it.
  await editor.goto('/admin/drafts');
  await expect(
    editor
      .getByRole('region', { name: 'Published' })
      .getByText(new RegExp(`^Published by ${invitee.username} `)),
    // The desk's lists arrive by one API call after the app starts, which a machine busy with
    // the other publishing servers' builds has delayed past the default wait.
  ).toBeVisible({ timeout: 20_000 });

  // The admin sees the new editor with a last login, and removes them.
  await page.goto('/admin/users');
  const row = page
    .getByRole('list', { name: 'Staff accounts' })
    .getByRole('listitem')
    .filter({ hasText: invitee.username });
  await expect(row.getByLabel(`Role of ${invitee.username}`)).toHaveValue('editor');
  await expect(row).not.toContainText('Last login: never');
  await shootWidths(page, (width) => `test-results/staff-users-editor-${width}.png`);
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Remove ${invitee.username}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Removed ${invitee.username}` }),
  ).toBeVisible();

  // The editor's next request finds the session ended: the staff menu goes, the screen refuses,
  // and a call that needs the session is answered 401. Which refusal shows depends on which of two
  // requests answers first: the session check ("Access Denied", with a login link back here) or
  // the account's own request (the login page, which returns here).
  await editor.goto('/account');
  await expect(
    editor.getByRole('heading', { level: 1, name: /^(Access Denied|Admin Login)$/ }),
  ).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Editor' })).toHaveCount(0);
  expect((await editor.request.get('/api/v1/auth/me')).status()).toBe(401);
  await context.close();
});

for (const width of widths) {
  test(`staff screens at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAsAdmin(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('list', { name: 'Staff accounts' })).toBeVisible();
    await page.screenshot({ path: `test-results/staff-users-${width}.png`, fullPage: true });
    await page.goto('/account');
    await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
    await page.screenshot({ path: `test-results/account-${width}.png`, fullPage: true });
    await page.goto('/accept-invite?token=not-a-real-one');
    await expect(page.getByRole('alert')).toContainText('not valid');
    await page.screenshot({ path: `test-results/accept-invite-${width}.png`, fullPage: true });
  });
}
