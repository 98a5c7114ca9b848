import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support';

/**
 * A post's newsletter card (react-hook-form) is hydrated only when the visitor gets near it
 * (src/lib/hydrate-when-near.tsx): on a phone it is below the article, so opening a post runs
 * none of its script; scrolling to it, focusing it by keyboard or moving to another post makes it
 * work, and what was typed before it was ready is kept.
 */
const POST = '/blog/prompt-injection-threat-model-for-agents';
const OTHER_POST = '/blog/what-is-an-ai-agent';

/** Whether React owns the card's section element (it has hydrated it). */
function cardHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const card = document.querySelector('[data-hydrate-when-near="post-newsletter"] section');
    return card !== null && Object.keys(card).some((key) => key.startsWith('__reactFiber'));
  });
}

/** Scripts the page has loaded so far. */
function scripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => new URL(entry.name).pathname),
  );
}

test.use({ viewport: { width: 375, height: 800 } });

test('the card below the article loads its script only when scrolled to', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(POST);
  await hydrated(page);
  const card = page.getByRole('region', { name: 'Subscribe to our newsletter' });

  // Built markup, shown but not yet run: the button waits, as before any hydration.
  await expect(card.getByText('No spam, unsubscribe anytime.')).toBeAttached();
  expect(await cardHydrated(page)).toBe(false);
  await expect(card.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  const before = await scripts(page);

  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  expect(await cardHydrated(page)).toBe(true);
  const after = await scripts(page);
  expect(after.filter((script) => !before.includes(script)).length).toBeGreaterThan(0);

  // It works as the card always did.
  await card.getByLabel('Email address').fill('not-an-address');
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  expect(errors).toEqual([]);
});

test('focusing the card by keyboard hydrates it and keeps what was typed', async ({ page }) => {
  await page.goto(POST);
  await hydrated(page);
  const card = page.getByRole('region', { name: 'Subscribe to our newsletter' });
  const input = card.getByLabel('Email address');
  expect(await cardHydrated(page)).toBe(false);

  // Type at once, before the card's script has arrived.
  await input.focus();
  await page.keyboard.type('early@example.com');
  await expect(card.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  expect(await cardHydrated(page)).toBe(true);
  await expect(input).toHaveValue('early@example.com');
  await expect(input).toBeFocused();
});

test('after a move to another post the card works at once', async ({ page }) => {
  await page.goto(POST);
  await hydrated(page);
  await page.evaluate((path) => {
    (window as unknown as { ___navigate: (to: string) => void }).___navigate(path);
  }, OTHER_POST);
  await expect(page).toHaveURL(new RegExp(`${OTHER_POST}/?$`));
  const card = page.getByRole('region', { name: 'Subscribe to our newsletter' });
  await expect(card.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  expect(await cardHydrated(page)).toBe(true);
});
