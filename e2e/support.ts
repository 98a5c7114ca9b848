import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';

export { e2eAdmin };

/** Logs in through the API and stores the session the way the login screen does. */
export async function loginAsAdmin(page: Page, request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', {
    form: { username: e2eAdmin.username, password: e2eAdmin.password },
  });
  expect(res.ok()).toBeTruthy();
  const { access_token: token } = (await res.json()) as { access_token: string };
  await page.goto('/');
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('userRole', 'admin');
  }, token);
  return token;
}

export const widths = [375, 1280] as const;
