import { expect, test } from '@playwright/test';
import { scheduleE2e } from '../playwright.config';
import { loginAsAdmin, widths } from './support';

/**
 * After Publish, before its build is switched in: the home page's latest posts, the feed and the
 * sitemap already carry the post (the post's page and /blog are covered by e2e/editor.spec.ts).
 * Against the schedule spec's publishing server (the editor spec breaks its own server's build on
 * purpose, which would fail a publish made meanwhile); the post is dated today. The real rebuild
 * then runs on that server, which is not waited for here.
 */

test.use({ baseURL: scheduleE2e.baseURL });

const SHOTS = 'test-results/publish-everywhere';
const run = Date.now().toString(36);
const title = `Published Everywhere <at once> ${run}`;

test('a published post is on the home page, in the feed and in the sitemap before its build', async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  const token = await loginAsAdmin(page);
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/v1/drafts', {
    headers,
    data: {
      title,
      description: 'Seen on every list at once.',
      category: 'engineering',
      author: 'E2E Editor',
      tags: ['publishing'],
      series: '',
      series_order: null,
      body: '## At once\n\nThe home page, the feed and the sitemap have it.\n',
    },
  });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as { id: number };
  const published = await page.request.post(`/api/v1/drafts/${draft.id}/publish`, { headers });
  expect(published.status()).toBe(202);
  const job = (await published.json()) as { id: number; slug: string; status: string };
  expect(['queued', 'running']).toContain(job.status);

  // The home page, as a visitor sees it: the post first among the latest posts, title as typed.
  const reader = await page.context().browser()!.newPage({ baseURL: scheduleE2e.baseURL });
  await reader.goto('/');
  const latest = reader.getByRole('region', { name: /latest/i });
  const link = latest.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/blog/${job.slug}`);
  // Among the latest three (other specs publish posts of the same day on this server).
  await expect(latest.getByRole('listitem').filter({ hasText: title })).toHaveCount(1);
  await expect(latest.getByRole('listitem')).toHaveCount(3);
  // The section itself (the page's lower sections are drawn only once scrolled to).
  for (const width of widths) {
    await reader.setViewportSize({ width, height: 800 });
    await latest.scrollIntoViewIfNeeded();
    await latest.screenshot({ path: `${SHOTS}/home-latest-drawn-${width}.png` });
  }

  // The feed and the sitemap, drawn with it.
  const feed = await reader.request.get('/rss.xml');
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(xml).toContain(`<title><![CDATA[${title}]]></title>`);
  expect(xml).toContain(`/blog/${job.slug}</guid>`);
  const sitemap = await reader.request.get('/sitemap-0.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain(`/blog/${job.slug}</loc>`);

  // Another post of its category lists it among its related posts: that post's page as built
  // (its own title and body), with the related posts its build will give it.
  const other = await reader.request.get('/blog/observability-for-ai-agents');
  expect(other.status()).toBe(200);
  await reader.goto('/blog/observability-for-ai-agents');
  await expect(
    reader.getByRole('heading', {
      level: 1,
      name: 'Observability for AI Agents: Traces, Evals and Cost',
    }),
  ).toBeVisible();
  const related = reader.getByRole('region', { name: 'Related posts' });
  const relatedLink = related.getByRole('link', { name: title });
  await expect(relatedLink).toBeVisible();
  await expect(relatedLink).toHaveAttribute('href', `/blog/${job.slug}`);
  await expect(reader.getByText('Post Not Found')).toHaveCount(0);
  await related.screenshot({ path: `${SHOTS}/related-drawn.png` });

  // All of that while the build has not been switched in.
  const jobs = await page.request.get('/api/v1/publish-jobs', { headers });
  const mine = ((await jobs.json()) as { items: Array<{ id: number; status: string }> }).items.find(
    (item) => item.id === job.id,
  );
  expect(['queued', 'running']).toContain(mine?.status);
  await reader.close();
});
