import { expect, test } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { loginAsAdmin, operatorMail, shootWidths } from './support';

/**
 * A newsletter issue as the admin follows it: three subscribers confirm through their mailed links
 * (read with npm run outbox, as the admin's outbox hides them),
 * an issue of a published post goes out (to the outbox, as there is no SMTP here), and the
 * Newsletter issues tab of /admin/inbox shows it finished with every copy sent.
 */
const stamp = Date.now().toString(36);
const readers = [1, 2, 3].map((n) => `issue-reader-${n}-${stamp}@example.com`);

test('an issue of a published post reaches the confirmed subscribers; the inbox shows its progress', async ({
  page,
}) => {
  // Six runs of the outbox CLI (each a fresh Node process opening the database) come on top of
  // the flow itself.
  test.setTimeout(120_000);
  const token = await loginAsAdmin(page);
  const auth = { authorization: `Bearer ${token}` };
  for (const email of readers) {
    expect(
      (await page.request.post('/api/v1/newsletter/subscribe', { data: { email } })).ok(),
    ).toBe(true);
  }
  // Each reader's confirmation link, as the operator's npm run outbox shows it (the admin's
  // outbox has the links replaced).
  for (const email of readers) {
    const confirmToken = /\/newsletter\/confirm\?token=([^\s>"]+)/.exec(
      operatorMail(e2eDataDir, email, 'Please confirm'),
    )?.[1];
    expect(confirmToken, `confirmation link for ${email}`).toBeTruthy();
    const confirmed = await page.request.get(`/api/v1/newsletter/confirm?token=${confirmToken}`);
    expect(confirmed.ok()).toBe(true);
  }

  const posts = await page.request.get('/api/v1/posts/', { headers: auth });
  const { items: published } = (await posts.json()) as {
    items: { slug: string; title: string; format: string }[];
  };
  const post = published.find((p) => p.format === 'md');
  expect(post, 'a published markdown post').toBeTruthy();

  const preview = await page.request.get(`/api/v1/newsletter/issues/preview/${post!.slug}`, {
    headers: auth,
  });
  const { recipients } = (await preview.json()) as { recipients: number };
  expect(recipients).toBeGreaterThanOrEqual(readers.length);
  const created = await page.request.post('/api/v1/newsletter/issues/', {
    headers: auth,
    data: { slug: post!.slug },
  });
  expect(created.status()).toBe(201);

  await page.goto('/admin/inbox');
  await page.getByRole('tab', { name: 'Newsletter issues' }).click();
  const item = page
    .getByRole('list', { name: 'Newsletter issues' })
    .getByRole('listitem')
    .filter({ hasText: post!.title });
  // Sending runs in the background; the tab reads the counts again while it is sending.
  await expect(item.getByText('Finished')).toBeVisible({ timeout: 20_000 });
  await expect(item.getByRole('definition').first()).toHaveText(String(recipients));

  // Each reader's copy is in the outbox with a one-click unsubscribe header: a placeholder for
  // the admin, the reader's own link in the copy delivered (npm run outbox).
  const after = await page.request.get('/api/v1/outbox/?per_page=100', { headers: auth });
  const mails = (
    (await after.json()) as {
      items: { to: string; subject: string; headers: Record<string, string> }[];
    }
  ).items.filter((mail) => readers.includes(mail.to) && mail.subject === post!.title);
  expect(mails).toHaveLength(readers.length);
  for (const mail of mails) {
    expect(mail.headers['List-Unsubscribe']).toBe('<[link sent to the recipient]>');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(operatorMail(e2eDataDir, mail.to, post!.title)).toMatch(
      /\nList-Unsubscribe: <https?:\/\/\S+\/one-click\?token=[^>]+>\n/,
    );
  }

  // On a phone the tab strip scrolls sideways: the tab tapped there must show whole.
  await shootWidths(
    page,
    (width) => `test-results/inbox-issues-${width}.png`,
    async () => {
      await page.getByRole('tab', { name: 'Enquiries' }).click();
      await page.getByRole('tab', { name: 'Newsletter issues' }).click();
      await expect(item.getByText('Finished')).toBeVisible();
    },
  );
});
