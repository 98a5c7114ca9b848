import { type Page, expect } from '@playwright/test';
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
