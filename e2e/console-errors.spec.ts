import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * Every prebuilt page, opened directly with and without the query strings its links and mails
 * use, logs no console error: no React hydration error (#418, #425, #422: the built HTML and the
 * first client render disagree, and React draws the page again), no uncaught exception.
 *
 * The one kind of console error a page may cause is the browser's own "Failed to load resource"
 * line for an API answer of 4xx that the page asked for and shows as a message (a visitor without
 * a session asking /auth/me, a made-up token), or for the page itself where it is a not-found page.
 */
const POST = '/blog/prompt-injection-threat-model-for-agents';

const PAGES: readonly string[] = [
  '/',
  '/services',
  '/services#agents',
  '/pricing',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/imprint',
  '/projects',
  '/projects?category=Fun%20Tools',
  '/projects?type=html',
  '/projects?category=Productivity&type=other',
  '/projects?category=unknown&type=unknown',
  '/blog',
  '/blog?category=security',
  '/blog?category=engineering',
  '/blog?category=no-such-category',
  '/blog?series=agents-in-production',
  '/blog?series=Agents%20in%20Production',
  '/blog?q=agent',
  POST,
  '/blog/no-such-post',
  '/no-such-page',
  '/login',
  '/login?next=%2Fadmin%2Fdrafts',
  '/login?next=https%3A%2F%2Fevil.example',
  '/giveaway',
  '/account',
  '/accept-invite',
  '/accept-invite?token=not-a-real-token',
  '/newsletter/confirm?token=not-a-real-token',
  '/newsletter/unsubscribe?token=not-a-real-token',
  '/admin/inbox',
  '/admin/users',
  '/admin/drafts',
  '/blog/new',
];

/** The addresses with no page: they answer 404 and note the address in the console. */
const NOT_FOUND = new Set(['/blog/no-such-post', '/no-such-page']);

function expectedFailure(page: Page, message: ConsoleMessage, path: string): boolean {
  const notFound = NOT_FOUND.has(path);
  if (notFound && message.text() === `404: no page at ${path}`) return true;
  if (
    !message.text().startsWith('Failed to load resource: the server responded with a status of 4')
  )
    return false;
  const url = new URL(message.location().url || 'about:blank', page.url());
  if (url.pathname.startsWith('/api/v1/')) return true;
  // The page's own 404: a not-found page is meant to answer 404.
  return notFound && url.pathname === path;
}

for (const path of PAGES) {
  test(`${path} opens with no console error`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (expectedFailure(page, message, path)) return;
      errors.push(message.text());
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(NOT_FOUND.has(path) ? 404 : 200);
    await page.waitForLoadState('load');
    const appPage = await page.evaluate(
      () => document.getElementById('gatsby-script-loader') !== null,
    );
    if (appPage) {
      // The whole app hydrates at once: wait until its first render is committed.
      await page.waitForFunction(
        () => performance.getEntriesByName('onInitialClientRender').length > 0,
      );
    } else {
      // A document page: bring every island in (not the staff menu, which needs a session, nor
      // the not-found note, which draws nothing): pointing at it loads it.
      const islands = page.locator(
        '[data-island]:not([data-island-load="staff"]):not([data-island="not-found-log"])',
      );
      for (const content of await islands.locator('> *').all()) {
        await content.scrollIntoViewIfNeeded();
        await content.hover({ force: true });
      }
      await expect(islands.and(page.locator(':not([data-island-hydrated])'))).toHaveCount(0);
    }
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
