import { expect, test, type Page } from '@playwright/test';
import { hydrated, islandHydrated } from './support';

/**
 * The blog against the built site and the real server. The bundled posts in content/blog are the
 * fixtures: six published posts in three categories (one of them MDX), three of them in the series
 * "Agents in Production", and one draft that a production build must leave out.
 */

const SDK_POST = '/blog/getting-started-with-the-openai-agents-sdk';
const DRAFT_TITLE = 'Graph RAG Field Notes';
const MDX_TITLE = 'Inside the Agent Loop: How an AI Agent Decides, Acts and Knows When to Stop';

const cardTitles = (page: Page) => page.getByRole('list').locator('article h3');

async function openBlog(page: Page, path = '/blog') {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test.describe('/blog list', () => {
  test('lists published posts newest first and never the draft', async ({ page }) => {
    await openBlog(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('6 posts', { exact: true })).toBeVisible();
    await expect(cardTitles(page)).toHaveText([
      'Prompt Injection and Tool Permissions: A Threat Model for Agents',
      'Observability for AI Agents: Traces, Evals and Cost',
      'Designing Tools Your Agent Can Actually Use',
      MDX_TITLE,
      'Getting Started with the OpenAI Agents SDK',
      'What Is an AI Agent? A Practical Definition for Business Teams',
    ]);
    await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
  });

  test('search fetches the index on first use and matches content and tags, case-insensitively', async ({
    page,
  }) => {
    await openBlog(page);
    const indexRequest = page.waitForRequest((request) =>
      request.url().includes('/blog-search-index.json'),
    );
    const searchbox = page.getByRole('searchbox', { name: 'Search posts' });
    await searchbox.fill('OPENTELEMETRY');
    await indexRequest;
    await expect(cardTitles(page)).toHaveText([
      'Observability for AI Agents: Traces, Evals and Cost',
    ]);
    await expect(page.getByText('1 post matching “OPENTELEMETRY”')).toBeVisible();

    await searchbox.fill('prompt-injection');
    await expect(cardTitles(page)).toHaveText([
      'Prompt Injection and Tool Permissions: A Threat Model for Agents',
    ]);

    await searchbox.fill('graph rag');
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
    await expect(page.getByText('No posts match your search for graph rag')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(searchbox).toHaveValue('');
    await expect(cardTitles(page)).toHaveCount(6);
  });

  test('each category and the series filter the list; All resets; the URL follows and back works', async ({
    page,
  }) => {
    await openBlog(page);
    const button = (name: RegExp | string) => page.getByRole('button', { name });

    await button(/^Foundation/).click();
    await expect(page).toHaveURL(/\/blog\?category=foundation$/);
    await expect(cardTitles(page)).toHaveText([
      MDX_TITLE,
      'Getting Started with the OpenAI Agents SDK',
      'What Is an AI Agent? A Practical Definition for Business Teams',
    ]);
    await expect(button(/^Foundation/)).toHaveAttribute('aria-pressed', 'true');

    await button(/^Engineering/).click();
    await expect(page).toHaveURL(/\/blog\?category=engineering$/);
    await expect(cardTitles(page)).toHaveCount(2);

    await button(/^Security/).click();
    await expect(cardTitles(page)).toHaveText([
      'Prompt Injection and Tool Permissions: A Threat Model for Agents',
    ]);

    await button(/^Agents in Production/).click();
    await expect(page).toHaveURL(/\/blog\?series=agents-in-production$/);
    await expect(button(/^Security/)).toHaveAttribute('aria-pressed', 'false');
    await expect(cardTitles(page)).toHaveCount(3);

    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?category=security$/);
    await expect(button(/^Security/)).toHaveAttribute('aria-pressed', 'true');
    await expect(cardTitles(page)).toHaveCount(1);

    await button('All').click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cardTitles(page)).toHaveCount(6);
  });

  test('search combines with the chosen filter', async ({ page }) => {
    await openBlog(page, '/blog?category=engineering');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('agent');
    await expect(cardTitles(page)).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('chatbot');
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
    await page.getByRole('button', { name: 'All' }).click();
    await expect(cardTitles(page)).toHaveText([
      'Getting Started with the OpenAI Agents SDK',
      'What Is an AI Agent? A Practical Definition for Business Teams',
    ]);
  });

  test('/blog?category={name} selects that category on arrival', async ({ page }) => {
    await openBlog(page, '/blog?category=security');
    await expect(page.getByRole('button', { name: /^Security/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(cardTitles(page)).toHaveText([
      'Prompt Injection and Tool Permissions: A Threat Model for Agents',
    ]);
  });

  test('cards show at most two tags plus a count', async ({ page }) => {
    await openBlog(page);
    const card = page.locator('article', { hasText: 'Getting Started with the OpenAI Agents SDK' });
    await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
      'agents-sdk',
      'python',
      /\+3/,
    ]);
  });

  test('social links open in a new tab and report social_click', async ({ page }) => {
    await openBlog(page);
    await page.evaluate(() => {
      window.dataLayer = [];
    });
    const youtube = page.getByRole('link', { name: /YouTube/ });
    await expect(youtube).toHaveAttribute('target', '_blank');
    await expect(youtube).toHaveAttribute('rel', 'noopener noreferrer');
    // The strip is part of the blog list's island, which loads once the visitor acts on the
    // page: a link is followed even before that, and the event is reported once it has loaded.
    await youtube.hover();
    await islandHydrated(page, 'blog-list');
    const popup = page.waitForEvent('popup');
    await youtube.click();
    await (await popup).close();
    expect(await page.evaluate(() => window.dataLayer)).toEqual([
      { event: 'social_click', platform: 'youtube' },
    ]);
  });
});

test.describe('post page', () => {
  test('renders hero, table of contents, heading ids, highlighted code, a table and safe external links', async ({
    page,
  }) => {
    await page.goto(SDK_POST);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Getting Started with the OpenAI Agents SDK' }),
    ).toBeVisible();
    await expect(page.getByText('June 12, 2025')).toBeVisible();
    await expect(page.getByText('By AgentWorks Engineering')).toBeVisible();
    await expect(page.getByText(/\d+ min read/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');

    await expect(page.locator('h2#why-use-an-sdk-at-all')).toHaveText(/Why use an SDK at all\?/);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link', { name: 'Installing the SDK' })).toHaveAttribute(
      'href',
      '#installing-the-sdk',
    );

    const python = page.locator('.gatsby-highlight[data-language="python"]').first();
    await expect(python.locator('.token.keyword').first()).toBeVisible();
    await expect(
      page.locator('.gatsby-highlight[data-language="typescript"]').first(),
    ).toBeVisible();
    // Highlighting happens at build time: no Prism script reaches the browser.
    expect(await page.evaluate(() => 'Prism' in window)).toBe(false);

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Primitive' })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Guardrail', exact: true })).toBeVisible();

    const external = page.getByRole('link', { name: 'OpenAI Agents SDK' }).first();
    await expect(external).toHaveAttribute(
      'href',
      'https://openai.github.io/openai-agents-python/',
    );
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const internal = page.getByRole('link', { name: 'get in touch' });
    await expect(internal).toHaveAttribute('href', '/contact');
    await expect(internal).not.toHaveAttribute('target', '_blank');

    await expect(
      page.getByRole('list').filter({ hasText: 'agents-sdk' }).getByRole('listitem'),
    ).toHaveCount(5);
  });

  test('sidebar: related posts from the same category only, and the category card', async ({
    page,
  }) => {
    await page.goto('/blog/designing-tools-your-agent-can-use');
    const related = page.getByRole('region', { name: 'Related posts' });
    await expect(related.getByRole('link')).toHaveText([
      'Observability for AI Agents: Traces, Evals and Cost',
    ]);
    await related.getByRole('link').click();
    await expect(page).toHaveURL(/\/blog\/observability-for-ai-agents$/);
    const viewAll = page.getByRole('link', { name: 'View all Engineering posts' });
    await expect(viewAll).toHaveAttribute('href', '/blog?category=engineering');
    await viewAll.click();
    await expect(page).toHaveURL(/\/blog\?category=engineering$/);
    await expect(page.getByRole('button', { name: /^Engineering/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('head carries Open Graph article tags and BlogPosting JSON-LD', async ({ page }) => {
    await page.goto(SDK_POST);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      'content',
      '2025-06-12T00:00:00.000Z',
    );
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    expect(jsonLd['@type']).toBe('BlogPosting');
    expect(jsonLd.headline).toBe('Getting Started with the OpenAI Agents SDK');
  });

  test('Share copies the address and says so when there is no share sheet', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.goto(SDK_POST);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/blog\/getting-started-with-the-openai-agents-sdk$/,
    );
  });
});

/**
 * Console errors and uncaught errors other than the 404 page's own log line, which it writes once
 * it has hydrated ("404: no page at …"), and the browser's notes of 404 answers. React reports a
 * server/client mismatch as an uncaught error (minified React error #418 or #423).
 */
function watchConsole(page: Page) {
  const errors: string[] = [];
  const notFoundLogs: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // The browser's own line for each answer with status 404 (the page, its page data).
    if (text.startsWith('Failed to load resource: the server responded with a status of 404'))
      return;
    if (text.startsWith('404: no page at ')) notFoundLogs.push(text);
    else errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { errors, notFoundLogs };
}

async function expectPostNotFound(page: Page, pathname: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
  await expect(page.getByText('The post you are looking for does not exist.')).toBeVisible();
  await expect(page.getByText('Page Not Found')).toHaveCount(0);
  await expect(page).toHaveTitle(/^Post Not Found/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(new URL(page.url()).pathname).toBe(pathname);
}

test.describe('unknown posts and feeds', () => {
  test('an unknown slug shows Post Not Found with status 404 and logs its address', async ({
    page,
  }) => {
    const watched = watchConsole(page);
    for (const pathname of ['/blog/no-such-post', '/blog/not/even/a/slug', '/blog/404.html']) {
      const response = await page.goto(pathname);
      expect([pathname, response?.status()]).toEqual([pathname, 404]);
      // The HTML itself already is the post screen, before any script runs.
      expect(await response?.text()).toContain('Post Not Found');
      // The page logs its address (its island's entry) and stays at the address asked for.
      await expect.poll(() => watched.notFoundLogs).toContain(`404: no page at ${pathname}`);
      await expectPostNotFound(page, pathname);
    }
    expect(watched.errors).toEqual([]);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('client-side navigation to an unknown slug shows Post Not Found, and other sections keep Page Not Found', async ({
    page,
  }) => {
    const watched = watchConsole(page);
    // A move inside the app: from an app page (a document page has no router; its links load pages).
    await page.goto('/login');
    await hydrated(page);
    const head = page.waitForResponse(
      (response) =>
        response.request().method() === 'HEAD' && response.url().endsWith('/blog/gone-post'),
    );
    await page.evaluate(() =>
      (window as unknown as { ___navigate: (to: string) => void }).___navigate('/blog/gone-post'),
    );
    // Gatsby's loader asks the server whether the address is a page; it is not.
    expect((await head).status()).toBe(404);
    await expectPostNotFound(page, '/blog/gone-post');

    const response = await page.goto('/no-such-section');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect.poll(() => watched.notFoundLogs).toContain('404: no page at /no-such-section');
    expect(watched.errors).toEqual([]);
  });

  test('the draft is not built, and the RSS feed and sitemap list only published posts', async ({
    page,
    request,
  }) => {
    const draft = await page.goto('/blog/graph-rag-field-notes');
    expect(draft?.status()).toBe(404);

    const rss = await (await request.get('/rss.xml')).text();
    expect(rss).toContain('<title><![CDATA[Getting Started with the OpenAI Agents SDK]]></title>');
    expect(rss).not.toContain(DRAFT_TITLE);

    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    expect(sitemap).toContain('/blog/getting-started-with-the-openai-agents-sdk<');
    expect(sitemap).not.toContain('graph-rag-field-notes');
    expect(sitemap).not.toContain('[...]');
    expect(sitemap).not.toContain('404');

    const index = (await (await request.get('/blog-search-index.json')).json()) as {
      posts: { slug: string }[];
    };
    expect(index.posts.map((post) => post.slug)).not.toContain('graph-rag-field-notes');
  });
});
