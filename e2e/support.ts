import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Locator, type Page, expect } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';

export { e2eAdmin };

/**
 * Logs in through the API the way the login screen does: the answer sets the HttpOnly session
 * cookie in the page's browser context (page.request shares its cookies), and the page keeps
 * only the role hint. Returns the answer's access_token for calls made as an API client.
 */
export async function loginAs(
  page: Page,
  credentials: { username: string; password: string },
  role: 'admin' | 'editor',
): Promise<string> {
  const res = await page.request.post('/api/v1/auth/login', { form: credentials });
  expect(res.ok()).toBeTruthy();
  const { access_token: token } = (await res.json()) as { access_token: string };
  // The hint is written from a plain file of the site (same origin, no React): on a page of the
  // app, a session check still hydrating could write its earlier "guest" over it.
  await page.goto('/favicon.svg');
  await page.evaluate((hint) => localStorage.setItem('userRole', hint), role);
  await page.goto('/');
  await expect(
    page.getByRole('button', { name: role === 'admin' ? 'Admin' : 'Editor' }),
  ).toBeVisible();
  return token;
}

export function loginAsAdmin(page: Page): Promise<string> {
  return loginAs(page, e2eAdmin, 'admin');
}

export const widths = [375, 1280] as const;

/** The public pages the build renders (not client-only routes), as a visitor reaches them. */
export const publicPages = [
  '/',
  '/services',
  '/pricing',
  '/about',
  '/contact',
  '/login',
  '/projects',
  '/blog',
  '/giveaway',
] as const;

/**
 * Waits until the page is ready to use. An app page: Gatsby's router is up, its first render is
 * committed (the `onInitialClientRender` mark), and the network has then been quiet. A document
 * page (no app runtime): it has loaded, every island the loader has started is hydrated, and the
 * network has been quiet.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  const appPage = await page.evaluate(
    () => document.getElementById('gatsby-script-loader') !== null,
  );
  if (appPage) {
    await page.waitForFunction(
      () =>
        typeof (window as unknown as { ___navigate?: unknown }).___navigate === 'function' &&
        performance.getEntriesByName('onInitialClientRender').length > 0,
    );
  }
  await page.waitForLoadState('networkidle');
  await islandsSettled(page);
}

/** Every island the loader has started on the page is hydrated. */
export async function islandsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [
      ...document.querySelectorAll<HTMLElement & { __islandActive?: number }>('[data-island]'),
    ].every((element) => !element.__islandActive || element.hasAttribute('data-island-hydrated')),
  );
}

/** Waits until the island named `name` on the page is hydrated (the visitor has reached it). */
export async function islandHydrated(page: Page, name: string): Promise<void> {
  await expect(
    page.locator(`[data-island="${name}"][data-island-hydrated]`).first(),
  ).toBeAttached();
}

/** Every script the page requests from now on, by path. */
export function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The island loader's file: the one script a document page loads before the visitor acts. */
export const ISLAND_LOADER = /^\/islands\/loader-[0-9a-f]+\.js$/;

/**
 * Opens a document page and waits until the network is quiet and past the island loader's idle
 * wait (an island in view loads then); returns the served HTML and every script requested.
 */
export async function openPastIdle(
  page: Page,
  pathname: string,
): Promise<{ html: string; scripts: string[] }> {
  const scripts = scriptsOf(page);
  const response = await page.goto(pathname);
  const html = (await response?.text()) ?? '';
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_000);
  return { html, scripts };
}

/** How long a publish may take: a real `gatsby build` aside, then the switch. */
export const BUILD_WAIT = { timeout: 12 * 60_000 };

/**
 * Waits for a publish shown in `progress` (the publish panel, or a job's row under Publishing)
 * to end, then holds that it went live. A build that fails ends the wait at once, with the job's
 * text in the failure, instead of the whole BUILD_WAIT.
 */
export async function expectLive(progress: Locator): Promise<void> {
  const live = progress.getByText('Live', { exact: true });
  await expect(live.or(progress.getByText('Failed', { exact: true }))).toBeVisible(BUILD_WAIT);
  if (!(await live.isVisible())) {
    throw new Error(`The publish failed instead of going live: ${await progress.innerText()}`);
  }
}

export interface DraftFields {
  title: string;
  description: string;
  /** The category's label as the select shows it, e.g. "Engineering". */
  category: string;
  tags?: string;
  author?: string;
  body: string;
}

/** A new, empty draft in the editor, ready to type into. */
export async function openNewDraft(page: Page): Promise<void> {
  await page.goto('/blog/new');
  await page.waitForLoadState('networkidle');
}

/** Types the draft into the open editor and waits until autosave says it is saved. */
export async function fillDraft(page: Page, draft: DraftFields): Promise<void> {
  await page.getByRole('textbox', { name: 'Title' }).fill(draft.title);
  await page.getByRole('textbox', { name: 'Description' }).fill(draft.description);
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: draft.category });
  if (draft.tags !== undefined) await page.getByRole('textbox', { name: 'Tags' }).fill(draft.tags);
  if (draft.author !== undefined) {
    await page.getByRole('textbox', { name: 'Author' }).fill(draft.author);
  }
  await page.getByRole('textbox', { name: /Body/ }).fill(draft.body);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
    timeout: 15_000,
  });
}

/** The editor's own Publish (or Publish changes) button, not the one in the confirmation. */
export function publishButton(page: Page, name: 'Publish' | 'Publish changes') {
  return page.getByRole('main').getByRole('button', { name, exact: true });
}

/** Publishes from the editor and confirms; returns the Publishing region that follows the job. */
export async function confirmPublish(page: Page, name: 'Publish' | 'Publish changes') {
  await expect(publishButton(page, name)).toBeEnabled({ timeout: 15_000 });
  await publishButton(page, name).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name, exact: true }).click();
  return page.getByRole('region', { name: 'Publishing' });
}

/**
 * Full-page screenshots of the page as it stands at each of `widths`, named by `file(width)`,
 * then back to 1280 px. `atWidth` runs after each resize (e.g. to click what a person on that
 * screen would click). Taken from the top, so the fixed header is drawn where it belongs.
 */
export async function shootWidths(
  page: Page,
  file: (width: number) => string,
  atWidth?: (width: number) => Promise<void>,
): Promise<void> {
  for (const width of [...widths].reverse()) {
    await page.setViewportSize({ width, height: 800 });
    await atWidth?.(width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: file(width), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The newest kept mail to `to`, as `npm run outbox` prints it on the server: with the
 * recipient's own links, which the admin inbox and the outbox API show only as
 * "[link sent to the recipient]". `dataDir` is that server's DATA_DIR (site.db is in it).
 */
export function operatorMail(dataDir: string, to: string, subject = ''): string {
  const printed = execFileSync(process.execPath, ['server/dist/cli/outbox.js', '--limit', '100'], {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'site.db')}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
  });
  const mail = printed
    .split(/\n(?=#\d+ {2})/)
    .find((block) => block.includes(`\nTo: ${to}\n`) && block.includes(`\nSubject: ${subject}`));
  expect(mail, `a mail to ${to} in npm run outbox`).toBeTruthy();
  return mail ?? '';
}

/** The path and query of the first link in `mail` that matches `pattern`. */
export function linkIn(mail: string, pattern: RegExp): string {
  const link = pattern.exec(mail)?.[0];
  expect(link, `a link matching ${pattern} in:\n${mail}`).toBeTruthy();
  const url = new URL(link ?? 'http://invalid/');
  return url.pathname + url.search;
}

/**
 * The staff hint cookie (aw_staff) as a storage state: a context with it is served the app pages
 * that document pages stand in for (the giveaway pages), as a signed-in member of staff is.
 */
export const STAFF_HINT_STATE = {
  cookies: [
    {
      name: 'aw_staff',
      value: '1',
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    },
  ],
  origins: [],
};

/** The same hint on a request made without a browser. */
export const STAFF_HINT_HEADERS = { cookie: 'aw_staff=1' };
