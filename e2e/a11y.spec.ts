import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { e2eAdmin, loginAsAdmin, publicPages, widths } from './support';

const publicRoutes = [...publicPages, '/accept-invite?token=not-a-real-one', '/no-such-page'];

const adminRoutes = ['/giveaway/admin', '/admin/inbox', '/admin/users', '/account'];

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

    test('the MDX post (diagram, callouts) has no serious or critical axe violations', async ({
      page,
    }) => {
      await page.goto('/blog/inside-the-agent-loop');
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a blog post has no serious or critical axe violations', async ({ page }) => {
      await page.goto('/blog');
      const firstPost = page.locator('main a[href^="/blog/"]').first();
      await firstPost.click();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a drawn giveaway's page, rules, receipt check, verification and claim pages have no serious or critical axe violations", async ({
      page,
      request,
    }) => {
      // Six pages through axe, after a giveaway is set up and drawn.
      test.setTimeout(120_000);
      const login = await request.post('/api/v1/auth/login', { form: e2eAdmin });
      const auth = {
        Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
      };
      const created = await request.post('/api/v1/giveaway', {
        headers: auth,
        data: {
          title: `Axe ${width} ${Date.now()}`,
          description: 'Checked with axe.',
          prize: 'A prize',
          start_date: '2026-01-01',
          extra_terms: 'No cash alternative.',
        },
      });
      const { id } = (await created.json()) as { id: number };
      for (const n of [1, 2]) {
        await request.post(`/api/v1/giveaway/${id}/participate`, {
          data: {
            email: `axe${n}.${width}@example.com`,
            instagram_handle: `axe${n}_${width}`,
            accept_rules: true,
          },
        });
      }
      await request.post(`/api/v1/giveaway/${id}/select-winner`, {
        headers: auth,
        data: { close_now: true },
      });
      for (const path of ['', '/rules', '/check', '/verify', '/claim?token=x']) {
        await page.goto(`/giveaway/${id}${path}`);
        await page.waitForLoadState('networkidle');
        expect({ path, violations: await seriousViolations(page) }).toEqual({
          path,
          violations: [],
        });
      }
      await loginAsAdmin(page);
      await page.goto(`/giveaway/${id}`);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    for (const route of adminRoutes) {
      test(`${route} (logged in as admin) has no serious or critical axe violations`, async ({
        page,
      }) => {
        await loginAsAdmin(page);
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
