import { expect, test, type Page, type Route } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import {
  e2eAdmin,
  islandHydrated,
  linkIn,
  loginAsAdmin,
  operatorMail,
  shootWidths,
} from './support';

/**
 * What makes a first visit trustworthy and a new member's first minutes easy: the legal pages,
 * the footer's newsletter signup on every page, staff landing where they work after a login (and
 * returning only to a page of this site), and an invitation that signs the new member in.
 */

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function loginInPage(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** An editor invited by the admin; returns the invitation's link as the invitee gets it. */
async function inviteEditor(page: Page, email: string): Promise<string> {
  const token = await loginAsAdmin(page);
  const answer = await page.request.post('/api/v1/staff/invitations', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, role: 'editor' },
  });
  expect(answer.status()).toBe(201);
  return linkIn(
    operatorMail(e2eDataDir, email, 'You are invited'),
    /https?:\/\/\S+\/accept-invite\?token=\S+/,
  );
}

test.describe('legal pages', () => {
  for (const [path, title] of [
    ['/privacy', 'Privacy'],
    ['/terms', 'Terms of use'],
    ['/imprint', 'Imprint'],
  ] as const) {
    test(`${path} names the company with its address, and the footer links it`, async ({
      page,
    }) => {
      await page.goto('/');
      await page
        .getByRole('navigation', { name: 'Legal' })
        .getByRole('link', { name: title.split(' ')[0] })
        .click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // The facts come from content/company.yaml.
      await expect(page.getByText(/AgentWorks Ltd\./).first()).toBeVisible();
      if (path !== '/terms')
        await expect(page.getByText(/12 Harbour Street/).first()).toBeVisible();
      // The shipped facts are the example company's (content/company.yaml's `sample` list).
      await expect(
        page.getByRole('status').filter({ hasText: 'Example company details' }),
      ).toHaveText(
        "Example company detailsThe company's legal name, postal address, e-mail address and phone number on this page are examples shipped with the website. The site's owner has not filled in their own yet.",
      );
      await shootWidths(
        page,
        (width) => `test-results/legal${path.replace('/', '-')}-${width}.png`,
      );
    });
  }

  test('a giveaway rules page names the organiser with the address', async ({ page }) => {
    const token = await loginAsAdmin(page);
    const created = await page.request.post('/api/v1/giveaway', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title: unique('Rules organiser'),
        description: 'A giveaway whose rules name the organiser.',
        prize: 'A mug',
        start_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id } = (await created.json()) as { id: number };
    const rules = await page.request.get(`/api/v1/giveaway/${id}/rules`);
    const body = (await rules.json()) as { sections: { heading: string; text: string }[] };
    const organiser = body.sections.find((section) => section.heading === 'Organiser');
    expect(organiser?.text).toContain(
      'AgentWorks Ltd., 12 Harbour Street, Suite 4, Springfield, EX 01234, United States',
    );
  });
});

test.describe('the footer signup', () => {
  test('loads only near the footer, keeps an address typed before hydration, and subscribes', async ({
    page,
  }) => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requested: Route[] = [];
    await page.route(/\/island-footer-signup-[0-9a-f]+\.js$/, async (route) => {
      requested.push(route);
      await released;
      await route.continue();
    });
    await page.goto('/privacy');
    await page.waitForLoadState('networkidle');
    // Far from the footer, its code is not fetched.
    expect(requested).toHaveLength(0);

    const footer = page.getByRole('contentinfo');
    const email = footer.getByRole('textbox', { name: 'Your e-mail address' });
    await email.scrollIntoViewIfNeeded();
    await email.fill('not-an-address');
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    await expect(page.locator('[data-island="footer-signup"]')).not.toHaveAttribute(
      'data-island-hydrated',
      '',
    );
    release();
    await islandHydrated(page, 'footer-signup');
    await expect(email).toHaveValue('not-an-address');
    await footer.getByRole('button', { name: 'Sign up' }).click();
    await expect(footer.getByText(/^Invalid email/)).toBeVisible();

    // The privacy link is underlined, though the footer's own link rule takes underlines away.
    const privacy = footer.getByRole('link', { name: 'How we handle your data' });
    await expect(privacy).toHaveCSS('text-decoration-line', 'underline');
    await shootWidths(
      page,
      (width) => `test-results/footer-signup-privacy-${width}.png`,
      async () => {
        await privacy.scrollIntoViewIfNeeded();
      },
    );

    await email.fill(`${unique('footer')}@example.com`);
    await footer.getByRole('button', { name: 'Sign up' }).click();
    await expect(footer.getByRole('heading', { name: 'Welcome aboard!' })).toBeVisible();
    await expect(footer.getByRole('status')).toContainText(
      "You're now subscribed to our newsletter.",
    );
    await expect(footer.getByRole('status')).toContainText('A confirmation email is on its way');
    await shootWidths(
      page,
      (width) => `test-results/footer-welcome-${width}.png`,
      async () => {
        await footer.scrollIntoViewIfNeeded();
      },
    );
  });

  test('works on an app page too, and /blog has its own signup card', async ({ page }) => {
    await page.goto('/blog');
    await expect(
      page.locator('[data-island="newsletter"]').getByRole('heading', {
        name: 'Subscribe to our newsletter',
      }),
    ).toBeVisible();
    await shootWidths(page, (width) => `test-results/blog-with-signup-${width}.png`);
    await page.goto('/giveaway');
    const footer = page.getByRole('contentinfo');
    await footer
      .getByRole('textbox', { name: 'Your e-mail address' })
      .fill(`${unique('app')}@example.com`);
    await footer.getByRole('button', { name: 'Sign up' }).click();
    await expect(footer.getByRole('heading', { name: 'Welcome aboard!' })).toBeVisible();
  });
});

test.describe('staff land where they work', () => {
  test('an admin lands on the giveaways', async ({ page }) => {
    await page.goto('/login');
    await loginInPage(page, e2eAdmin.username, e2eAdmin.password);
    await expect(page).toHaveURL('/giveaway/admin');
  });

  test('a page that asked for the login gets the member back', async ({ page }) => {
    await page.goto('/admin/inbox');
    await page.getByRole('link', { name: 'Log in as admin' }).click();
    await expect(page).toHaveURL('/login?next=%2Fadmin%2Finbox');
    await loginInPage(page, e2eAdmin.username, e2eAdmin.password);
    await expect(page).toHaveURL('/admin/inbox');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
  });

  for (const next of [
    'https%3A%2F%2Fevil.example%2F',
    '%2F%2Fevil.example',
    '%2F%5Cevil.example',
    '%252F%252Fevil.example',
    'javascript%3Aalert(1)',
  ])
    test(`a return path off the site is refused (${next})`, async ({ page }) => {
      const left: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith('http://127.0.0.1')) left.push(request.url());
      });
      await page.goto(`/login?next=${next}`);
      await loginInPage(page, e2eAdmin.username, e2eAdmin.password);
      await expect(page).toHaveURL('/giveaway/admin');
      expect(left).toEqual([]);
    });

  test('an invitation signs the new editor in; they land on the drafts, and later logins too', async ({
    page,
    browser,
  }) => {
    // Many steps and four screenshots on a busy machine.
    test.setTimeout(120_000);
    const email = `${unique('invited')}@example.com`;
    const username = unique('ed').replace(/-/g, '_').slice(0, 40);
    const password = 'an-editor-password-123';
    const link = await inviteEditor(page, email);

    const context = await browser.newContext();
    const editor = await context.newPage();
    await editor.goto(link);
    await expect(editor.getByText(/invited as an editor/)).toBeVisible();
    await editor.getByLabel(/^Username/).fill(username);
    await editor.getByLabel(/^Password/).fill(password);
    await editor.getByLabel(/^Repeat the password/).fill(password);
    await editor.getByRole('button', { name: 'Create my account' }).click();
    await expect(editor.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Editor' })).toBeVisible();
    await shootWidths(editor, (width) => `test-results/accept-invite-signed-in-${width}.png`);
    await editor.getByRole('link', { name: 'Go to your drafts' }).click();
    await expect(editor).toHaveURL('/admin/drafts');
    await expect(editor.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);

    // The account page shows the e-mail and the sessions; "Log out this device" ends this one.
    await editor.goto('/account');
    await expect(editor.getByText(email)).toBeVisible();
    await expect(editor.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(
      1,
    );
    await expect(editor.getByText(/\(this device\)/)).toBeVisible();
    await shootWidths(editor, (width) => `test-results/account-${width}.png`);
    await editor.getByRole('button', { name: 'Log out this device' }).click();
    await expect(editor).toHaveURL('/login');

    // A later login by the editor lands on the drafts, not on "Access Denied".
    await loginInPage(editor, username, password);
    await expect(editor).toHaveURL('/admin/drafts');
    await expect(editor.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
    await context.close();
  });
});
