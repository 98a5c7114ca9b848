import { expect, test, type Page } from '@playwright/test';

/**
 * Static islands (src/components/static-island.tsx): on a page opened from its built HTML, the
 * parts fixed at build time keep that markup through hydration and run none of their components,
 * while their links still move through Gatsby's router and the interactive parts around them work.
 */

/** Collects what would show a broken hydration: page errors and React's console errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Marks the loaded document, so a later check can tell a router move from a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { islandMark: string }).islandMark = 'same document';
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { islandMark?: string }).islandMark === 'same document',
  );
}

/** Whether React has attached itself to the first element matching selector (hydrated it). */
async function reactOwns(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) throw new Error(`no element matches ${css}`);
    return Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

/** Waits until Gatsby has finished its first render (onInitialClientRender has run). */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(
    () => performance.getEntriesByName('onInitialClientRender').length > 0,
  );
}

test('the home page keeps its built markup through hydration, and its links use the router', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const response = await page.request.get('/');
  const built = await response.text();
  await openHydrated(page, '/');

  // The island's markup in the live page is the built one, and React attached itself to the
  // island's wrapper only, none of the elements inside it.
  const live = await page.evaluate(() => document.querySelector('main .island')?.innerHTML ?? '');
  const fromBuild = await page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return doc.querySelector('main .island')?.innerHTML ?? '';
  }, built);
  expect(live.length).toBeGreaterThan(1000);
  expect(live).toBe(fromBuild);
  expect(await reactOwns(page, 'main .island')).toBe(true);
  expect(await reactOwns(page, 'main .island h1')).toBe(false);
  expect(await reactOwns(page, 'footer .island nav')).toBe(false);
  expect(await reactOwns(page, 'header nav')).toBe(true);

  // The header around it is live: the mobile menu opens.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(page.getByRole('navigation', { name: /mobile|main/i }).last()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A link inside the island moves through the router: same document, new page.
  await markDocument(page);
  await page.locator('main .island a[href="/services"]').first().click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    /Everything it takes to put AI agents into production/,
  );
  expect(await sameDocument(page)).toBe(true);

  // Back to the home page by the router: now React renders it in full, with the same content.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    /AI agents that take real work off your team/,
  );
  expect(await sameDocument(page)).toBe(true);
  expect(await reactOwns(page, 'main .island h1')).toBe(true);
  const rendered = await page.evaluate(
    () => document.querySelector('main .island')?.textContent ?? '',
  );
  const builtText = await page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return doc.querySelector('main .island')?.textContent ?? '';
  }, built);
  expect(rendered).toBe(builtText);

  // A footer link (the footer is an island too) uses the router as well.
  await page.locator('footer').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await sameDocument(page)).toBe(true);

  expect(errors).toEqual([]);
});

test('a post keeps its built article; the share button, outline and related links work', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openHydrated(page, '/blog');
  const firstPost = page.locator('main article a[href^="/blog/"]').first();
  const href = await firstPost.getAttribute('href');
  expect(href).toBeTruthy();
  await openHydrated(page, href!);

  expect(await reactOwns(page, 'article h1')).toBe(false);
  expect(await reactOwns(page, 'aside form')).toBe(true); // the newsletter card

  // The share button outside the islands is hydrated (it is disabled until then).
  await expect(page.getByRole('button', { name: /share/i })).toBeEnabled();

  // An outline link jumps within the page and stays on it.
  const outline = page.getByRole('navigation', { name: 'On this page' });
  if ((await outline.count()) > 0) {
    await markDocument(page);
    const jump = outline.getByRole('link').nth(1);
    const target = (await jump.getAttribute('href'))!;
    await jump.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    expect(await sameDocument(page)).toBe(true);
  }

  // "Back to Blog" (in the hero's island) goes through the router.
  await markDocument(page);
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(await sameDocument(page)).toBe(true);

  expect(errors).toEqual([]);
});
