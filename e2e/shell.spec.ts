import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin, widths } from './support';

const NAV = [
  { label: 'Home', path: '/' },
  { label: 'Services', path: '/services' },
  { label: 'Pricing', path: '/pricing' },
  { label: 'Vibe Projects', path: '/projects' },
  { label: 'Giveaway', path: '/giveaway' },
  { label: 'Blog', path: '/blog' },
  { label: 'About', path: '/about' },
  { label: 'Contact Us', path: '/contact' },
] as const;

const MARKETING = [
  { path: '/', heading: /AI agents that take real work off your team/ },
  { path: '/services', heading: /Everything it takes to put AI agents into production/ },
  { path: '/pricing', heading: /Clear, fixed prices for custom AI agents/ },
  { path: '/about', heading: /A small team building AI agents that do real work/ },
] as const;

const pathOf = (page: Page) => new URL(page.url()).pathname.replace(/(.)\/$/, '$1');

/**
 * Open a page and wait until the app has hydrated (its data requests are done), so clicks reach
 * React handlers instead of the inert server-rendered markup.
 */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState('networkidle');
  return response;
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of widths) {
  test.describe(`site shell at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const { path, heading } of MARKETING) {
      test(`${path} renders with header, heading and footer`, async ({ page }) => {
        const response = await open(page, path);
        expect(response?.status()).toBe(200);
        await expect(
          page.getByRole('banner').getByRole('link', { name: 'AgentWorks' }),
        ).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toContainText(
          'AgentWorks. All rights reserved.',
        );
        await expectNoHorizontalScroll(page);
      });
    }

    test('/contact answers and shows the header', async ({ page }) => {
      const response = await open(page, '/contact');
      expect(response?.status()).toBeLessThan(400);
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'AgentWorks' }),
      ).toBeVisible();
    });

    test('an unknown path is a 404 page with status 404 and logs the path', async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const response = await open(page, '/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      await expect
        .poll(() => errors.some((e) => e.includes('404: no page at /no-such-page')))
        .toBe(true);

      await page.getByRole('link', { name: 'Return to Homepage' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('real work');
    });

    test('the skip link moves focus to the main content', async ({ page }) => {
      await open(page, '/pricing');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main')).toBeFocused();
    });
  });
}

test.describe('desktop navigation (1280px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the menu toggle is hidden and every header link navigates', async ({ page }) => {
    await open(page, '/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();

    for (const { label, path } of NAV) {
      await header.getByRole('link', { name: label, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe(path);
      await expect(header).toBeVisible();
    }
  });

  test('the current page is marked in the header', async ({ page }) => {
    await open(page, '/pricing');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(main.getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
      /.+/,
    );
  });

  test('changing page scrolls back to the top', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page
      .getByRole('navigation', { name: 'Quick links' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/pricing');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
  });
});

test.describe('mobile navigation (375px)', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const { label, path } of NAV) {
    test(`the menu reaches ${path} and closes`, async ({ page }) => {
      await open(page, path === '/' ? '/about' : '/');
      const toggle = page.getByRole('button', { name: 'Menu' });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await toggle.click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: label, exact: true })
        .click();

      await expect.poll(() => pathOf(page)).toBe(path);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    });
  }

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await open(page, '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('admin menu', () => {
  test('is hidden for visitors', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  });

  test('an admin sees New Post, Drafts and Logout; Logout signs out and goes home', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await open(page, '/pricing');
    const toggle = page.getByRole('button', { name: 'Admin' });
    await toggle.click();
    await expect(page.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/blog/new');
    await expect(page.getByRole('link', { name: 'Drafts' })).toHaveAttribute(
      'href',
      '/admin/drafts',
    );

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('guest');
  });
});
