import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { editorE2e } from '../playwright.config';
import { loginAs } from './support';

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

test('an editor writes, previews and publishes a post; after the rebuild it is on the blog', async ({
  page,
}) => {
  test.setTimeout(25 * 60_000);
  await loginAsEditor(page);

  await page.goto('/blog/new');
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Starter and Pro side by side, and how to call an agent.');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Engineering' });
  await page.getByRole('textbox', { name: 'Tags' }).fill('pricing, python');
  await page.getByRole('textbox', { name: /Body/ }).fill(body);

  const status = page.getByRole('status').filter({ hasText: /Saved|Saving|Unsaved/ });
  await expect(status).toHaveText('Saved', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/admin\/drafts\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await checkPostBody(preview);
  await page.screenshot({ path: '/tmp/editor-1280.png', fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/editor-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Open full preview' }).click();
  await expect(page).toHaveURL(/\/admin\/drafts\/\d+\/preview$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await checkPostBody(page.locator('article'));
  await page.screenshot({ path: '/tmp/editor-preview-1280.png' });

  await page.goto('/admin/drafts');
  await page.getByRole('button', { name: `Publish ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish this post?' });
  await expect(dialog).toContainText(`/blog/${slug}`);
  await dialog.getByRole('button', { name: 'Publish' }).click();

  const jobs = page.getByRole('region', { name: 'Publishing' });
  await expect(jobs.getByText(/Queued|Building/)).toBeVisible();
  await page.screenshot({ path: '/tmp/drafts-publishing-1280.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/drafts-publishing-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(jobs.getByText('Live')).toBeVisible({ timeout: 20 * 60_000 });

  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await checkPostBody(page.locator('article'));
});
