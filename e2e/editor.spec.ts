import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin, editorE2e } from '../playwright.config';
import {
  BUILD_WAIT,
  expectLive,
  confirmPublish,
  fillDraft,
  loginAs,
  openNewDraft,
  publishButton,
  shootWidths,
} from './support';

/**
 * An editor writes a post with a table and a code block, checks the live and the full preview,
 * publishes, and after the real rebuild (gatsby build aside, then the switch) finds the post on
 * /blog and on its own page. Runs against its own server (see editorE2e in playwright.config.ts),
 * so the published post never reaches the other specs. The rebuild takes minutes here.
 */

const editor = { username: 'e2e-editor', password: 'e2e-editor-password-123' };
const title = `Pricing Tables for Agents ${Date.now().toString(36)}`;
const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const body = [
  'Plans compared for a first agent project.',
  '',
  '## Plans at a glance',
  '',
  '| Plan | Price | Agents |',
  '| --- | --- | --- |',
  '| Starter | $999 | 1 |',
  '| Pro | $2,499 | 3 |',
  '',
  '## Calling the agent',
  '',
  '```python',
  'def ask(agent, question):',
  '    return agent.run(question)',
  '```',
  '',
  'Read the [Agents SDK docs](https://openai.github.io/openai-agents-python/).',
].join('\n');

test.use({ baseURL: editorE2e.baseURL });

test.beforeAll(() => {
  // Accounts are made with the CLI, as an operator would (docs/api.md). A worker restarted after a
  // failed test runs this again; the account made the first time is the one wanted.
  try {
    addEditor();
  } catch (error) {
    if (!String((error as { stderr?: unknown }).stderr).includes('already exists')) throw error;
  }
});

function addEditor() {
  execFileSync(
    'node',
    ['server/dist/cli/user.js', 'add', editor.username, '--role', 'editor', '--password-stdin'],
    {
      input: editor.password,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${editorE2e.dataDir}/site.db`,
        DATA_DIR: editorE2e.dataDir,
        LOG_LEVEL: 'warn',
      },
    },
  );
}

async function loginAsEditor(page: Page) {
  await loginAs(page, editor, 'editor');
}

function checkPostBody(scope: ReturnType<Page['locator']>) {
  return Promise.all([
    expect(scope.locator('h2#plans-at-a-glance')).toHaveText('Plans at a glance'),
    expect(scope.getByRole('cell', { name: '$2,499' })).toBeVisible(),
    expect(
      scope.locator('.gatsby-highlight code.language-python .token.keyword').first(),
    ).toHaveText('def'),
    expect(scope.getByRole('link', { name: 'Agents SDK docs' })).toHaveAttribute(
      'target',
      '_blank',
    ),
  ]);
}

test('the browser Back button asks before leaving unsaved changes', async ({ page }) => {
  await loginAsEditor(page);
  // Saves never answer, so the draft stays unsaved for as long as the test needs.
  await page.route('**/api/v1/drafts', (route) =>
    route.request().method() === 'POST' ? new Promise(() => undefined) : route.fallback(),
  );
  await page.goto('/admin/drafts');
  await page.getByRole('link', { name: 'New Post' }).first().click();
  await expect(page).toHaveURL(/\/blog\/new$/);
  const titleBox = page.getByRole('textbox', { name: 'Title' });
  await titleBox.fill('Not saved yet');
  // The guard is on once the editor knows the draft is unsaved (its save never answers here).
  await expect(
    page.getByRole('status').filter({ hasText: /Unsaved changes|Saving…/ }),
  ).toBeVisible();

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goBack({ waitUntil: 'commit' });
  await expect
    .poll(() => asked)
    .toEqual(['You have unsaved changes. Leave this page and lose them?']);
  await expect(page).toHaveURL(/\/blog\/new$/);
  await expect(titleBox).toHaveValue('Not saved yet');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/admin\/drafts$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("an editor deleting an admin's draft is recorded under Deleted drafts", async ({ page }) => {
  const adminLogin = await page.request.post('/api/v1/auth/login', { form: e2eAdmin });
  const { access_token: adminToken } = (await adminLogin.json()) as { access_token: string };
  const draftTitle = `Admin notes ${Date.now().toString(36)}`;
  const made = await page.request.post('/api/v1/drafts', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      title: draftTitle,
      slug: '',
      description: '',
      category: '',
      author: '',
      tags: [],
      series: '',
      series_order: null,
      body: '',
    },
  });
  expect(made.status()).toBe(201);

  await loginAsEditor(page);
  await page.goto('/admin/drafts');
  await page.getByRole('button', { name: `Delete ${draftTitle}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this draft?' })
    .getByRole('button', { name: 'Delete draft' })
    .click();
  const deleted = page.getByRole('region', { name: 'Deleted drafts' });
  const entry = deleted.getByRole('listitem').filter({ hasText: draftTitle });
  await expect(entry).toContainText(
    `Draft by ${e2eAdmin.username} · deleted by ${editor.username} ·`,
  );
  // The record is the server's: it is there after a reload too.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Deleted drafts' })
      .getByRole('listitem')
      .filter({ hasText: draftTitle }),
  ).toBeVisible();
  const SHOTS = '/tmp/shots-desk';
  fs.mkdirSync(SHOTS, { recursive: true });
  await shootWidths(page, (width) => `${SHOTS}/deleted-drafts-${width}.png`);
});

/** Screenshots of the pages drawn before their build is served. */
const EARLY_SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-desk';

test('an editor writes, previews and publishes a post; after the rebuild it is on the blog', async ({
  page,
}) => {
  test.setTimeout(25 * 60_000);
  await loginAsEditor(page);

  await openNewDraft(page);
  await fillDraft(page, {
    title,
    description: 'Starter and Pro side by side, and how to call an agent.',
    category: 'Engineering',
    tags: 'pricing, python',
    body,
  });
  await expect(page).toHaveURL(/\/admin\/drafts\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await checkPostBody(preview);

  await page.getByRole('link', { name: 'Open full preview' }).click();
  await expect(page).toHaveURL(/\/admin\/drafts\/\d+\/preview$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await checkPostBody(page.locator('article'));

  await page.goto('/admin/drafts');
  await page.getByRole('button', { name: `Publish ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish this post?' });
  await expect(dialog).toContainText(`/blog/${slug}`);
  await dialog.getByRole('button', { name: 'Publish' }).click();

  const jobs = page.getByRole('region', { name: 'Publishing' });
  await expect(jobs.getByText(/^(Queued|Building)$/)).toBeVisible();

  // While the build still runs, the server draws the post and /blog lists it.
  const reader = await page.context().newPage();
  const early = await reader.goto(`/blog/${slug}`);
  expect(early?.status()).toBe(200);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await checkPostBody(reader.locator('article'));
  await reader.goto('/blog');
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  // All of that before the build was switched in.
  await expect(jobs.getByText(/^(Queued|Building)$/)).toBeVisible();
  await shootWidths(reader, (width) => `${EARLY_SHOTS}/drawn-post-list-${width}.png`);
  await reader.goto(`/blog/${slug}`);
  await shootWidths(reader, (width) => `${EARLY_SHOTS}/drawn-post-${width}.png`);
  await reader.close();

  await expect(jobs.getByText('Live', { exact: true })).toBeVisible({ timeout: 20 * 60_000 });

  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await checkPostBody(page.locator('article'));
});

/*
 * The rest of the desk, against real rebuilds, in order: publish from the editor (first with a
 * build that fails, then one that works), edit the published post and publish the changes, and
 * unpublish it. Each step needs the one before, so they run as one serial group.
 */
test.describe.serial('the desk: publish from the editor, replace, unpublish', () => {
  const blogDir = path.join(editorE2e.dataDir, 'content', 'blog');
  const stamp = Date.now().toString(36);
  const desk = {
    title: `Tracing Agent Runs ${stamp}`,
    slug: `tracing-agent-runs-${stamp}`,
    first: 'Every run leaves a trace we can replay.',
    revised: `Revised: every run and every tool call leave a trace (${stamp}).`,
  };
  /**
   * How the failing build is made: a post committed by hand (through git, not the desk) whose
   * category is not in content/categories.yaml. The build refuses it, as it refuses any such file;
   * the desk's checks never see it, because it is not a draft.
   */
  const handWritten = path.join(blogDir, `hand-written-note-${stamp}.md`);
  const SHOTS = '/tmp/shots-desk';
  async function shoot(page: Page, name: string) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await shootWidths(page, (width) => `${SHOTS}/${name}-${width}.png`);
  }

  /** content/blog/ as file name → text, to prove a failed publish changed nothing. */
  function snapshotBlog(): Record<string, string> {
    return Object.fromEntries(
      fs
        .readdirSync(blogDir)
        .sort()
        .map((name) => [name, fs.readFileSync(path.join(blogDir, name), 'utf8')]),
    );
  }

  async function status(page: Page, url: string): Promise<number> {
    const res = await page.request.get(url, { maxRedirects: 0 });
    return res.status();
  }

  test.afterAll(() => {
    fs.rmSync(handWritten, { force: true });
  });

  test('a publish whose build fails changes nothing; the next publish from the editor goes live', async ({
    page,
  }) => {
    test.setTimeout(30 * 60_000);
    fs.writeFileSync(
      handWritten,
      [
        '---',
        'title: "A Note Committed by Hand"',
        `slug: hand-written-note-${stamp}`,
        'description: "Its category is not one the site knows."',
        'date: 2026-01-05',
        'category: field-notes',
        '---',
        '',
        'Written outside the desk.',
        '',
      ].join('\n'),
    );
    const before = snapshotBlog();
    const liveBlogBefore = await (await page.request.get('/blog')).text();

    await loginAsEditor(page);
    await openNewDraft(page);
    const publish = publishButton(page, 'Publish');
    await expect(publish).toBeDisabled();
    await expect(publish).toHaveAccessibleDescription(
      'You can publish once the draft has been saved.',
    );
    await fillDraft(page, {
      title: desk.title,
      description: 'How we record what an agent did, step by step.',
      category: 'Engineering',
      body: `${desk.first}\n\n## Spans\n\nOne span per tool call.`,
    });
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(desk.slug);
    await shoot(page, 'editor');

    let progress = await confirmPublish(page, 'Publish');
    await expect(progress.getByText(/^(Queued|Building)$/)).toBeVisible();
    await expect(progress.getByText('Failed', { exact: true })).toBeVisible(BUILD_WAIT);
    const alert = progress.getByRole('alert');
    await expect(alert).toContainText('The site was not updated');
    await expect(alert).toContainText('The site still serves the previous version');
    await expect(alert).toContainText('the draft is back in Drafts');
    await expect(alert).toContainText(
      `The build reported: content/blog/hand-written-note-${stamp}.md: front matter field "category" is "field-notes"`,
    );
    await progress.getByText('Build log', { exact: true }).click();
    await expect(progress.locator('pre')).toContainText('failed createPages');
    await shoot(page, 'editor-failed');

    // Nothing changed: the same files in content/blog/, the post is not online, /blog as it was.
    expect(snapshotBlog()).toEqual(before);
    expect(await status(page, `/blog/${desk.slug}`)).toBe(404);
    expect(await (await page.request.get('/blog')).text()).toBe(liveBlogBefore);

    // The hand-made file is fixed (here: taken out again), and the same draft, back in Drafts,
    // is published from its editor.
    fs.rmSync(handWritten);
    await progress.getByRole('link', { name: 'Drafts' }).click();
    await expect(page).toHaveURL(/\/admin\/drafts$/);
    await page
      .getByRole('region', { name: 'Drafts' })
      .getByRole('link', { name: `Open ${desk.title}` })
      .click();
    await expect(page).toHaveURL(/\/admin\/drafts\/\d+$/);
    progress = await confirmPublish(page, 'Publish');
    await expectLive(progress);
    await expect(progress).toContainText(`The post is live at /blog/${desk.slug}.`);
    await shoot(page, 'editor-live');

    await progress
      .getByRole('link', { name: `/blog/${desk.slug}` })
      .last()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: desk.title })).toBeVisible();
    await expect(page.locator('article')).toContainText(desk.first);
    expect(await status(page, `/blog/${desk.slug}`)).toBe(200);
  });

  test('editing a published post and publishing the changes replaces it', async ({ page }) => {
    test.setTimeout(20 * 60_000);
    await loginAsEditor(page);
    await page.goto('/admin/drafts');
    const published = page.getByRole('region', { name: 'Published' });
    await published.getByRole('button', { name: `Edit ${desk.title}` }).click();
    await expect(page).toHaveURL(/\/admin\/drafts\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Edit published post' }),
    ).toBeVisible();
    const body = page.getByRole('textbox', { name: /Body/ });
    await expect(body).toHaveValue(new RegExp(desk.first));
    await body.fill(`${desk.revised}\n\n## Spans\n\nOne span per tool call.`);
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
      timeout: 15_000,
    });

    const progress = await confirmPublish(page, 'Publish changes');
    await expectLive(progress);
    await expect(progress).toContainText(`The changes are live at /blog/${desk.slug}.`);

    await page.goto(`/blog/${desk.slug}`);
    await expect(page.locator('article')).toContainText(desk.revised);
    await expect(page.locator('article')).not.toContainText(desk.first);
    // One post, same slug: one file, one card on /blog.
    expect(fs.readdirSync(blogDir).filter((name) => name.includes('tracing-agent-runs'))).toEqual([
      `${desk.slug}.md`,
    ]);
    await page.goto('/blog');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: desk.title })).toHaveCount(1);
  });

  test('unpublishing takes the post off every list, the feed and the sitemap', async ({ page }) => {
    test.setTimeout(20 * 60_000);
    // Before: the post is in the feed, the sitemap and the related posts of an engineering post.
    const related = '/blog/observability-for-ai-agents';
    expect(await (await page.request.get('/rss.xml')).text()).toContain(`/blog/${desk.slug}`);
    expect(await (await page.request.get('/sitemap-0.xml')).text()).toContain(`/blog/${desk.slug}`);
    expect(await (await page.request.get(related)).text()).toContain(desk.title);

    await loginAsEditor(page);
    await page.goto('/admin/drafts');
    const published = page.getByRole('region', { name: 'Published' });
    await published.getByRole('button', { name: `Unpublish ${desk.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Unpublish this post?' });
    await expect(dialog).toContainText(`/blog/${desk.slug}`);
    await dialog.getByRole('button', { name: 'Unpublish' }).click();

    const jobs = page.getByRole('region', { name: 'Publishing' });
    const job = jobs.getByRole('listitem').filter({ hasText: desk.title }).first();
    await expect(job.getByText(/^(Queued|Building)$/)).toBeVisible();
    await expect(job).toContainText('Unpublish requested by e2e-editor');
    await expect(job.getByText('Unpublished', { exact: true })).toBeVisible(BUILD_WAIT);
    await expect(job).toContainText('Unpublished by e2e-editor');
    // The record keeps who published it, too.
    await expect(
      jobs.getByRole('listitem').filter({ hasText: 'Changes published by e2e-editor' }).first(),
    ).toBeVisible();
    await expect(published.getByRole('heading', { name: desk.title })).toHaveCount(0);
    await shoot(page, 'drafts');

    expect(await status(page, `/blog/${desk.slug}`)).toBe(404);
    expect(fs.existsSync(path.join(blogDir, `${desk.slug}.md`))).toBe(false);
    expect(await (await page.request.get('/rss.xml')).text()).not.toContain(desk.slug);
    for (const file of ['/sitemap-index.xml', '/sitemap-0.xml']) {
      expect(await (await page.request.get(file)).text()).not.toContain(desk.slug);
    }
    expect(await (await page.request.get(related)).text()).not.toContain(desk.title);
    await page.goto('/blog');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: desk.title })).toHaveCount(0);
    await page.goto(`/blog/${desk.slug}`);
    await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
  });
});
