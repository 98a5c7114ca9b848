import { expect, test, type Page } from '@playwright/test';
import { islandsSettled, widths } from './support';

/**
 * A document page's style sheet is cut down at build time to what the page uses, and the
 * components drawn inside islands keep their rules and styled-components' records for them
 * (plugins/document-css). When the islands are hydrated, styled-components takes the sheet over:
 * nothing on screen may change, in particular no rule written again later in the cascade, which
 * would override a page's own rule of the same weight.
 */
const PAGES = [
  '/',
  '/blog',
  '/blog/prompt-injection-threat-model-for-agents',
  '/pricing',
  '/contact',
];

async function shoot(page: Page): Promise<Buffer> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    // Bands below the fold skip their rendering until near: draw them all for the picture.
    // The sticky header's backdrop blur is composited afresh for each picture, which can shade a
    // border's edge differently by a pixel or two: both pictures are taken without it.
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      element.style.contentVisibility = 'visible';
      element.style.backdropFilter = 'none';
    }
    window.scrollTo(0, 0);
  });
  await page.evaluate(() =>
    Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
  );
  return page.screenshot({ fullPage: true, animations: 'disabled' });
}

for (const width of widths) {
  for (const path of PAGES) {
    test(`${path} at ${width}px looks the same before and after its islands are hydrated`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        reducedMotion: 'reduce',
      });
      // Both views get the same served page: a post published by another test in between would
      // rebuild this page (its related posts, the blog list) and change it for reasons of its own.
      const served = await context.request.get(path);
      expect(served.ok()).toBe(true);
      await context.route(
        (url) => url.pathname === path,
        (route) => route.fulfill({ response: served }),
      );
      const cold = await context.newPage();
      // No island gets its code: the page as built, styled by its sheet alone.
      await cold.route(/\/island-[a-z-]+-[0-9a-f]+\.js$/, (route) => route.abort());
      await cold.goto(path);
      await cold.waitForLoadState('networkidle');
      const before = await shoot(cold);

      const live = await context.newPage();
      await live.goto(path);
      const islands = live.locator('[data-island]:not([data-island-load="staff"])');
      for (const content of await islands.locator('> *').all()) await content.hover();
      await expect(islands.and(live.locator(':not([data-island-hydrated])'))).toHaveCount(0);
      await islandsSettled(live);
      // styled-components has taken the page's sheet over.
      await expect(live.locator('style[data-document-css][data-styled]')).toHaveCount(0);
      const after = await shoot(live);
      expect(
        after.equals(before),
        `${path} at ${width}px changed when its islands were hydrated`,
      ).toBe(true);
      await context.close();
    });
  }
}
