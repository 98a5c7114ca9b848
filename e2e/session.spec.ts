import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { e2eAdmin, loginAs } from './support';

/**
 * The session as an attacker meets it: script on the page finds nothing that works as a
 * credential, a form on another origin cannot use the cookie, and one device logging out leaves
 * the others alone.
 *
 * These tests use an admin account of their own: "Log out everywhere" ends every session of the
 * account, and specs running beside this one are logged in as the shared e2e admin.
 */
const owner = { username: 'e2e-sessions', password: 'e2e-sessions-password-123' };

test.beforeAll(() => {
  // Made with the CLI, as an operator would. A worker restarted after a failed test runs this
  // again; the account made the first time is the one wanted.
  try {
    execFileSync(
      'node',
      ['server/dist/cli/user.js', 'add', owner.username, '--role', 'admin', '--password-stdin'],
      {
        input: owner.password,
        env: {
          ...process.env,
          DATABASE_URL: `sqlite:${e2eDataDir}/site.db`,
          DATA_DIR: e2eDataDir,
          LOG_LEVEL: 'warn',
        },
      },
    );
  } catch (error) {
    if (!String((error as { stderr?: unknown }).stderr).includes('already exists')) throw error;
  }
});

const loginAsOwner = (page: Page) => loginAs(page, owner, 'admin');

async function loginThroughForm(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/giveaway\/admin$/);
}

/** GET /auth/me from the page itself, the way the site's own code calls the API. */
function meFromPage(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch('/api/v1/auth/me')).status);
}

async function newAdminPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsOwner(page);
  return { context, page };
}

test('after logging in, nothing page script can read works as a credential', async ({
  page,
  playwright,
  baseURL,
}) => {
  await loginThroughForm(page);
  expect(await meFromPage(page)).toBe(200);

  const documentCookie = await page.evaluate(() => document.cookie);
  expect(documentCookie).not.toContain('aw_session');
  const stored = await page.evaluate(() => Object.entries({ ...localStorage }));
  expect(stored).toEqual([['userRole', 'admin']]);

  const candidates = new Set<string>([documentCookie, JSON.stringify(stored)]);
  for (const [key, value] of stored) {
    candidates.add(key);
    candidates.add(value);
  }
  for (const pair of documentCookie.split(';')) {
    if (pair.trim()) candidates.add(pair.trim().split('=').slice(1).join('='));
  }

  // A client with none of the browser's cookies: what a thief with these strings would have.
  const thief = await playwright.request.newContext({ baseURL });
  try {
    for (const value of candidates) {
      if (!value) continue;
      const tries: Array<Record<string, string>> = [
        { Authorization: `Bearer ${value}` },
        { Cookie: `aw_session=${value}` },
        { Cookie: value },
      ];
      for (const headers of tries) {
        const res = await thief.get('/api/v1/auth/me', { headers });
        expect({ value, headers, status: res.status() }).toEqual({ value, headers, status: 401 });
      }
    }
  } finally {
    await thief.dispose();
  }
});

test.describe('a form posted from another origin is refused', () => {
  const attackerPage = (action: string) => `<!doctype html>
<html lang="en"><head><title>Win a prize</title></head><body>
<form method="post" action="${action}" enctype="application/x-www-form-urlencoded">
  <input type="hidden" name="email" value="owner@agentworks.example">
  <button type="submit">Claim your prize</button>
</form></body></html>`;

  for (const [label, attackerOrigin] of [
    [
      'same site, another port (the cookie is sent)',
      (port: number) => `http://127.0.0.1:${port + 7}`,
    ],
    ['another site (the cookie stays home)', (port: number) => `http://localhost:${port}`],
  ] as const) {
    test(label, async ({ page, baseURL }) => {
      const site = new URL(baseURL as string);
      const origin = attackerOrigin(Number(site.port));
      await loginAsOwner(page);
      await page.goto('/admin/inbox');
      await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();

      await page.route(`${origin}/prize`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: attackerPage(`${site.origin}/api/v1/auth/logout-all`),
        }),
      );
      await page.goto(`${origin}/prize`);
      const answer = page.waitForResponse(`${site.origin}/api/v1/auth/logout-all`);
      await page.getByRole('button', { name: 'Claim your prize' }).click();
      const res = await answer;
      expect(res.status()).toBe(403);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/another site/);

      // Nothing happened: the owner is still logged in.
      await page.goto(`${site.origin}/admin/inbox`);
      await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
      expect(await meFromPage(page)).toBe(200);
    });
  }
});

test.describe('a login form on another site cannot log the browser in', () => {
  // The attacker's page is served for real, by a server of its own: on 127.0.0.2 (another site
  // than 127.0.0.1: cookies and Sec-Fetch-Site treat it as cross-site) and on another port of
  // 127.0.0.1 (the same site, another origin). Its form logs the visitor into an account the
  // attacker chose, at the site's address spelled as the attacker likes (`?to=`).
  const attackers: http.Server[] = [];
  const origins = new Map<string, string>();

  const attackerPage = (action: string) => `<!doctype html>
<html lang="en"><head><title>Win a prize</title></head><body>
<form method="post" action="${action}">
  <input type="hidden" name="username" value="${e2eAdmin.username}">
  <input type="hidden" name="password" value="${e2eAdmin.password}">
  <button type="submit">Claim your prize</button>
</form></body></html>`;

  function serveAttacker(host: string): Promise<http.Server> {
    return new Promise((resolve, reject) => {
      const server = http.createServer((request, response) => {
        const to = new URL(request.url ?? '/', 'http://attacker.invalid').searchParams.get('to');
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(attackerPage(to ?? '/'));
      });
      server.on('error', reject);
      server.listen(0, host, () => resolve(server));
    });
  }

  test.beforeAll(async () => {
    for (const [label, host] of [
      ['another site (127.0.0.2)', '127.0.0.2'],
      ['another origin of the same site', '127.0.0.1'],
    ] as const) {
      const server = await serveAttacker(host);
      attackers.push(server);
      origins.set(label, `http://${host}:${(server.address() as AddressInfo).port}`);
    }
  });
  test.afterAll(async () => {
    await Promise.all(attackers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  for (const spelling of ['/api/v1/auth/login', '/%61pi/v1/auth/login', '/API/v1/auth/login']) {
    for (const label of ['another site (127.0.0.2)', 'another origin of the same site']) {
      test(`${label}, posting to ${spelling}`, async ({ page, baseURL }) => {
        const site = new URL(baseURL as string);
        const target = `${site.origin}${spelling}`;
        await page.goto(`${origins.get(label)}/prize?to=${encodeURIComponent(target)}`);
        const answer = page.waitForResponse((res) => res.request().method() === 'POST');
        await page.getByRole('button', { name: 'Claim your prize' }).click();
        const res = await answer;
        expect(res.url()).toBe(target);
        const status = res.status();
        const body = await res.text();

        // No session was stored, and the API does not know this browser.
        const cookies = await page.context().cookies();
        expect(cookies.map((c) => c.name)).not.toContain('aw_session');
        await page.goto(`${site.origin}/favicon.svg`);
        expect(await meFromPage(page)).toBe(401);
        // Refused by the rule, with its sentence.
        expect(status).toBe(403);
        expect((JSON.parse(body) as { detail: string }).detail).toMatch(/another site/);
      });
    }
  }
});

test.describe('two browsers, one account', () => {
  // Two browsers and several page loads each; on a busy two-core machine (the editor spec may be
  // rebuilding the site meanwhile) that outlasts the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  let laptop: { context: BrowserContext; page: Page };
  let phone: { context: BrowserContext; page: Page };
  test.beforeEach(async ({ browser }) => {
    laptop = await newAdminPage(browser);
    phone = await newAdminPage(browser);
  });
  test.afterEach(async () => {
    await laptop.context.close();
    await phone.context.close();
  });

  test('logging out in one browser leaves the other logged in', async () => {
    for (const { page } of [laptop, phone]) {
      await page.goto('/admin/inbox');
      await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    }

    await laptop.page.getByRole('button', { name: 'Admin' }).click();
    await laptop.page.getByRole('button', { name: 'Logout' }).click();
    await expect(laptop.page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    expect(await meFromPage(laptop.page)).toBe(401);

    await phone.page.reload();
    await expect(phone.page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    expect(await meFromPage(phone.page)).toBe(200);
  });

  test('Log out everywhere in one browser ends the other’s session too', async () => {
    await phone.page.goto('/admin/inbox');
    await expect(phone.page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    expect(await meFromPage(laptop.page)).toBe(200);

    await phone.page.getByRole('button', { name: 'Admin' }).click();
    await phone.page.getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(phone.page.getByText('You are logged out on every device')).toBeVisible();
    expect(await meFromPage(phone.page)).toBe(401);
    expect(await meFromPage(laptop.page)).toBe(401);
    // The laptop's tab still holds the admin hint, so the inbox starts loading at once: whichever
    // answers first decides the screen. The session check's 401 makes it refuse (Access Denied);
    // the inbox's own 401 sends the browser to /login, as every 401 of the shared client does.
    // Either way the session is over and the admin menu is gone.
    await laptop.page.goto('/admin/inbox');
    await expect(
      laptop.page
        .getByRole('heading', { name: 'Access Denied' })
        .or(laptop.page.getByRole('heading', { name: 'Admin Login', level: 1 })),
    ).toBeVisible();
    await expect(laptop.page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  });
});
