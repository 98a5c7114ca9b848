import { expect, test } from '@playwright/test';
import { ISLAND_LOADER, openPastIdle, shootWidths } from './support';

/**
 * The bundled MDX post (content/blog/inside-the-agent-loop.mdx) on the production build: its
 * components are drawn into the HTML at build time, and the page stays a document page that
 * loads no script but the island loader. Around the body it is a post like the markdown ones.
 */

const MDX_POST = '/blog/inside-the-agent-loop';
const TITLE = 'Inside the Agent Loop: How an AI Agent Decides, Acts and Knows When to Stop';

test('the diagram and the callouts are in the served HTML, drawn at build time', async ({
  browser,
}) => {
  // No script runs at all: what is on screen is what the build wrote.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(MDX_POST);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  const body = page.locator('[data-post-body]');
  const diagram = body.getByRole('img', { name: "The agent's tool loop" });
  await expect(diagram).toBeVisible();
  await expect(diagram).toHaveAccessibleDescription(/At most 8 turns are allowed\./);
  for (const step of ['Goal arrives', 'Model decides', 'Tool runs', 'Result observed', 'Answer']) {
    await expect(diagram.getByText(step, { exact: true })).toBeAttached();
  }
  await expect(diagram.getByText('next turn (max 8)')).toBeAttached();
  // The diagram is drawn at a readable size at this width, not a thumbnail.
  const box = await diagram.boundingBox();
  expect(box?.width).toBeGreaterThan(300);
  await expect(body.locator('figure figcaption')).toHaveText(/^One turn of the loop:/);

  const warning = body.getByRole('note', {
    name: 'Warning: Budgets belong in code, not in the prompt',
  });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('A counter in the loop that stops the ninth call is a rule.');
  await expect(body.getByRole('note')).toHaveCount(3);

  // The markdown inside the MDX went through the post rules: the table, code and links.
  await expect(
    body.getByRole('table').getByRole('columnheader', { name: 'Symptom' }),
  ).toBeVisible();
  await expect(body.locator('.gatsby-highlight[data-language="python"]')).toBeVisible();
  await expect(body.getByRole('link', { name: 'get in touch' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await context.close();
});

test('it loads no script beyond the island loader, and its HTML has no other script', async ({
  page,
}) => {
  // Past the loader's idle wait; Share waits for a press and the footer signup is further down.
  const { html, scripts } = await openPastIdle(page, MDX_POST);
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(ISLAND_LOADER);
  // One executable script element, the loader's; JSON-LD is data, not code.
  const executable = (html.match(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g) ?? [])
    .length;
  expect(executable).toBe(1);
  expect(html).not.toMatch(/\son(?:click|load|error|mouseover)=/i);
});

test('it is a post like the others: hero, outline, sidebar, head, list, search, feed and sitemap', async ({
  page,
  request,
}) => {
  await page.goto(MDX_POST);
  await expect(page.getByText('June 26, 2025')).toBeVisible();
  await expect(page.getByText('By Maya Chen')).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await expect(toc.getByRole('link', { name: 'How the loop ends' })).toHaveAttribute(
    'href',
    '#how-the-loop-ends',
  );
  await expect(page.locator('h2#where-the-loop-goes-wrong')).toBeVisible();
  const related = page.getByRole('region', { name: 'Related posts' });
  await expect(related.getByRole('link')).toHaveText([
    'Getting Started with the OpenAI Agents SDK',
    'What Is an AI Agent? A Practical Definition for Business Teams',
  ]);
  await expect(page.getByRole('link', { name: 'View all Foundation posts' })).toHaveAttribute(
    'href',
    '/blog?category=foundation',
  );
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(jsonLd.headline).toBe(TITLE);
  expect(jsonLd.wordCount).toEqual(expect.any(Number));
  expect(jsonLd.wordCount as number).toBeGreaterThan(600);

  await page.goto('/blog');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('refinement');
  await expect(page.getByRole('list').locator('article h3')).toHaveText([TITLE]);

  const rss = await (await request.get('/rss.xml')).text();
  expect(rss).toContain(`<title><![CDATA[${TITLE}]]></title>`);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/blog/inside-the-agent-loop<');
});

test('screenshots at 375 and 1280 px', async ({ page }) => {
  await page.goto(MDX_POST);
  await shootWidths(page, (width) => `test-results/screens/mdx-post-${width}.png`);
  // Narrow: the diagram fits the column, and nothing makes the page scroll sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  const diagram = page.getByRole('img', { name: "The agent's tool loop" });
  const box = await diagram.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
});
