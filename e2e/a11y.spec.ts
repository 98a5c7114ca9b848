import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { loginAsAdmin, widths } from './support';

const publicRoutes = [
  '/',
  '/services',
  '/pricing',
  '/about',
  '/contact',
  '/login',
  '/projects',
  '/blog',
  '/giveaway',
  '/no-such-page',
];

const adminRoutes = ['/giveaway/admin', '/admin/inbox'];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

for (const width of widths) {
  test.describe(`accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const route of publicRoutes) {
      test(`${route} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('a blog post has no serious or critical axe violations', async ({ page }) => {
      await page.goto('/blog');
      const firstPost = page.locator('main a[href^="/blog/"]').first();
      await firstPost.click();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    for (const route of adminRoutes) {
      test(`${route} (logged in as admin) has no serious or critical axe violations`, async ({
        page,
        request,
      }) => {
        await loginAsAdmin(page, request);
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
