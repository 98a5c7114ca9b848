import { expect, test } from '@playwright/test';
import { hydrated, islandsSettled, publicPages } from './support';

/**
 * Every prebuilt page hydrates without a mismatch: the HTML the build rendered and the code the
 * browser runs agree (styled-components' class names included, which depend on the same compiler
 * turning each styled component into the same id in both webpack stages). On an app page that is
 * the whole app; on a document page, each island, reached by pointing at it. React reports a
 * mismatch with a console error and then throws the built markup away.
 */
const PAGES = [...publicPages, '/blog/prompt-injection-threat-model-for-agents'];

for (const path of PAGES) {
  test(`${path} hydrates without an error or a style change`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const built = await (await page.request.get(path)).text();
    const builtClasses = [...built.matchAll(/<h1[^>]*class="([^"]*)"/g)].map((m) => m[1]);
    await page.goto(path);
    await hydrated(page);
    // On a document page each island hydrates on its own; on an app page (the app is live) the
    // same elements are simply rendered by the app.
    const appPage = await page.evaluate(
      () => document.getElementById('gatsby-script-loader') !== null,
    );
    if (!appPage) {
      const islands = page.locator('[data-island]:not([data-island-load="staff"])');
      for (const content of await islands.locator('> *').all()) await content.hover();
      await expect(islands.and(page.locator(':not([data-island-hydrated])'))).toHaveCount(0);
    }
    await islandsSettled(page);
    // The first heading keeps the classes the build gave it, and they style it.
    if (builtClasses.length > 0) {
      const live = await page.locator('h1').first().getAttribute('class');
      expect(live).toBe(builtClasses[0]);
    }
    expect(errors).toEqual([]);
  });
}
