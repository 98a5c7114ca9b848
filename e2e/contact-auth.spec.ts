import { expect, test, type Page } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { e2eAdmin, linkIn, loginAsAdmin, operatorMail } from './support';

const RED = 'rgb(185, 28, 28)';
const POST_PATH = '/blog/what-is-an-ai-agent';

const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** By accessible name: the required-field asterisk is hidden from it, unlike from label text. */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function fillContactForm(page: Page, email: string) {
  await field(page, 'Name').fill('Ada Lovelace');
  await field(page, 'Email').fill(email);
  await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption('graph-rag');
  await field(page, 'Message').fill('We would like an agent that reconciles invoices.');
}

async function loginThroughForm(page: Page, password: string) {
  await page.goto('/login');
  await field(page, 'Username').fill(e2eAdmin.username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe('contact form', () => {
  test("sends an enquiry: a thank-you panel in place of the form, the 'Success' toast never over it", async ({
    page,
  }) => {
    for (const [width, height] of [
      [375, 667],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/contact');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fillContactForm(page, unique('ada'));
      await page.getByRole('button', { name: 'Send Message' }).click();

      await expect(page.getByText('Message Sent Successfully!')).toBeVisible();
      await expect(
        page.getByText("Thank you for reaching out. We'll get back to you as soon as possible."),
      ).toBeVisible();
      const panel = page.getByLabel('Message sent');
      await expect(panel.getByText(/Thanks, Ada Lovelace!/)).toBeVisible();
      await expect(page.getByRole('form', { name: 'Contact form' })).toHaveCount(0);
      // The specification's toast, with the server's message, one at a time and clear of the panel.
      const toast = toasts(page).locator(':scope > *');
      await expect(toast).toHaveCount(1);
      await expect(toast.getByText('Success', { exact: true })).toBeVisible();
      await expect(toast.getByText(/Thanks, Ada Lovelace!/)).toBeVisible();
      const [a, b] = [await panel.boundingBox(), await toast.boundingBox()];
      if (!a || !b) throw new Error('the panel and the toast must both be on screen');
      const apart =
        a.y + a.height <= b.y ||
        b.y + b.height <= a.y ||
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x;
      expect(apart, `toast ${JSON.stringify(b)} over panel ${JSON.stringify(a)}`).toBe(true);
      await page.screenshot({ path: `test-results/contact-thanks-${width}.png` });
    }
    // "Send another message" brings back the form, empty.
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(field(page, 'Name')).toHaveValue('');
    await expect(field(page, 'Message')).toHaveValue('');
  });

  test('shows the failure with the server detail and red borders', async ({ page }) => {
    await page.route('**/api/v1/contact/', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Mail server unavailable.' } }),
    );
    await page.goto('/contact');
    await fillContactForm(page, unique('ada'));
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(
      page.getByText(
        'There was a problem sending your message. Please try again or contact us directly.',
      ),
    ).toBeVisible();
    await expect(toasts(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Mail server unavailable.')).toBeVisible();
    for (const label of ['Name', 'Email', 'Message']) {
      await expect(field(page, label)).toHaveCSS('border-top-color', RED);
    }
    await expect(field(page, 'Company')).not.toHaveCSS('border-top-color', RED);
    await expect(field(page, 'Name')).toHaveValue('Ada Lovelace');
  });
});

test.describe('admin login', () => {
  test('a wrong password stays on /login with the failure toast', async ({ page }) => {
    await loginThroughForm(page, 'not-the-password');
    await expect(toasts(page).getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  });

  test('the right password goes to /giveaway/admin, and logout ends that session', async ({
    page,
    context,
  }) => {
    await loginThroughForm(page, e2eAdmin.password);
    await expect(toasts(page).getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/giveaway\/admin$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'aw_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });

    const menu = page.getByRole('button', { name: 'Admin' });
    await menu.click();
    await expect(page.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/admin/inbox');
    const ended = page.waitForResponse('**/api/v1/auth/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await ended).status()).toBe(200);

    await expect(menu).toHaveCount(0);
    // The session is over on the server: the old cookie value no longer opens anything.
    const me = await page.request.get('/api/v1/auth/me', {
      headers: { Authorization: `Bearer ${cookie?.value}` },
    });
    expect(me.status()).toBe(401);
  });

  test('forged hints get no admin menu: the server decides', async ({ page, context }) => {
    // On a document page a forged staff cookie and role hint load the staff menu's island, which
    // asks the server, draws nothing and puts the hint right.
    const origin = new URL(test.info().project.use.baseURL ?? '').origin;
    await context.addCookies([{ name: 'aw_staff', value: '1', url: origin }]);
    await page.goto('/favicon.svg');
    await page.evaluate(() => localStorage.setItem('userRole', 'admin'));
    const me = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/me'));
    await page.goto('/');
    expect((await me).status()).toBe(401);
    await expect(page.locator('[data-island="staff-menu"][data-island-hydrated]')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userRole'))).toBe('guest');
    // The server dropped the stale hint with its 401.
    expect((await context.cookies()).find((cookie) => cookie.name === 'aw_staff')).toBeUndefined();

    // An app page runs the app: the forged localStorage hint is checked and put right.
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'forged.token.value');
      localStorage.setItem('userRole', 'admin');
    });
    await page.reload();
    await expect(page.getByRole('link', { name: 'Contact Us' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userRole'))).toBe('guest');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('newsletter', () => {
  test('rejects an address without @ and subscribes, then confirms through the mailed link', async ({
    page,
    request,
  }) => {
    await page.goto(POST_PATH);
    const card = page.getByRole('region', { name: 'Subscribe to our newsletter' });
    await expect(card.getByText('No spam, unsubscribe anytime.')).toBeVisible();

    // No @, then an @ but no domain: both fail the one e-mail rule and nothing is sent.
    for (const typed of ['not-an-address', 'reader@example']) {
      await card.getByLabel('Email address').fill(typed);
      await card.getByRole('button', { name: 'Subscribe' }).click();
      await expect(toasts(page).getByText('Invalid email')).toBeVisible();
      await expect(toasts(page).getByText('Please enter a valid email address.')).toBeVisible();
      await toasts(page)
        .getByRole('button', { name: /close|dismiss/i })
        .first()
        .click();
      await expect(toasts(page).getByText('Invalid email')).toHaveCount(0);
    }

    const email = unique('reader');
    await card.getByLabel('Email address').fill(email);
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome aboard!' })).toBeVisible();
    await expect(page.getByText("You're now subscribed to our newsletter.")).toBeVisible();
    await expect(toasts(page).getByText('Successfully subscribed!')).toBeVisible();

    // With SMTP unset the confirmation mail waits in the outbox. The admin reads it without its
    // links; the operator's npm run outbox has the link for the reader.
    const token = await loginAsAdmin(page);
    const outbox = await request.get('/api/v1/outbox/?per_page=100', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { items } = (await outbox.json()) as { items: { to: string; text: string }[] };
    const mail = items.find((item) => item.to === email);
    expect(mail?.text, 'confirmation mail in the outbox').toContain('[link sent to the recipient]');
    expect(mail?.text).not.toContain('token=');
    const link = linkIn(
      operatorMail(e2eDataDir, email, 'Please confirm'),
      /https?:\/\/\S*\/newsletter\/confirm\?token=[^\s>"]+/,
    );

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();

    await page.goto('/admin/inbox');
    await page.getByRole('tab', { name: 'Subscribers' }).click();
    await expect(page.getByRole('cell', { name: email })).toBeVisible();
  });
});

test.describe('newsletter unsubscribe', () => {
  test('asks for an address by keyboard, refuses a malformed one and mails a link', async ({
    page,
  }) => {
    await page.goto('/newsletter/unsubscribe');
    await expect(
      page.getByRole('heading', { name: 'Unsubscribe from our newsletter' }),
    ).toBeVisible();
    // The button is enabled once the page is interactive; before that Enter submits nothing.
    await expect(page.getByRole('button', { name: 'Send me the link' })).toBeEnabled();
    const input = page.getByRole('textbox', { name: /Email address/ });
    await input.fill('reader@example');
    await input.press('Enter');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');

    await input.fill(unique('leaver'));
    await input.press('Enter');
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  });
});

test.describe('admin inbox', () => {
  test('is denied to visitors', async ({ page }) => {
    await page.goto('/admin/inbox');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    // The login returns to the inbox afterwards.
    await expect(page.getByRole('link', { name: 'Log in as admin' })).toHaveAttribute(
      'href',
      '/login?next=%2Fadmin%2Finbox',
    );
  });

  test('lists a new enquiry and the kept owner notification', async ({ page, request }) => {
    const email = unique('grace');
    const sent = await request.post('/api/v1/contact/', {
      data: { name: 'Grace Hopper', email, message: 'Please call me about a voice agent.' },
    });
    expect(sent.ok()).toBeTruthy();
    await loginAsAdmin(page);
    await page.goto('/admin/inbox');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: email })).toBeVisible();
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  });
});
