import { expect, test } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { loginAsAdmin, operatorMail, shootWidths } from './support';

/**
 * The admin inbox as the owner reads mail in it: the unread count of enquiries (in the Enquiries
 * tab and beside Inbox in the admin menu) goes down as enquiries are marked read; the outbox shows
 * a newsletter issue's text part as text, keeping the post's structure, and its HTML part in a
 * frame with every sandbox restriction, which the site's Content-Security-Policy lets show.
 */
const stamp = Date.now().toString(36);
const SLUG = 'observability-for-ai-agents';
const TITLE = 'Observability for AI Agents: Traces, Evals and Cost';

test('the inbox counts unread enquiries and marks them read', async ({ page }) => {
  const token = await loginAsAdmin(page);
  const auth = { authorization: `Bearer ${token}` };
  const names = [`Unread One ${stamp}`, `Unread Two ${stamp}`];
  for (const name of names) {
    const sent = await page.request.post('/api/v1/contact/', {
      data: { name, email: `unread-${stamp}@example.com`, message: 'Please call me back.' },
    });
    expect(sent.ok()).toBe(true);
  }
  const unread = async () =>
    (
      (await (await page.request.get('/api/v1/contact/unread', { headers: auth })).json()) as {
        unread: number;
      }
    ).unread;
  expect(await unread()).toBeGreaterThanOrEqual(2);

  await page.goto('/admin/inbox');
  const tab = page.getByRole('tab', { name: /^Enquiries/ });
  const pill = tab.locator('[data-unread-count]');
  await expect(pill).toBeVisible();
  const before = Number(await pill.textContent());
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(tab).toHaveAccessibleName(`Enquiries, ${before} unread`);

  const first = page.getByRole('listitem').filter({ hasText: names[0] });
  await expect(first.getByText('New', { exact: true })).toBeVisible();
  await shootWidths(page, (width) => `test-results/inbox-unread-${width}.png`);

  await first.getByRole('button', { name: `Mark the enquiry from ${names[0]} as read` }).click();
  await expect(first.getByText('New', { exact: true })).toHaveCount(0);
  await expect(
    first.getByRole('button', { name: `Mark the enquiry from ${names[0]} as unread` }),
  ).toBeVisible();
  await expect(pill).toHaveText(String(before - 1));
  expect(await unread()).toBe(before - 1);

  // The admin menu names the count when it is opened.
  await page.getByRole('button', { name: 'Admin' }).click();
  await expect(page.getByRole('link', { name: `Inbox, ${before - 1} unread` })).toHaveAttribute(
    'href',
    '/admin/inbox',
  );
  await page.keyboard.press('Escape');

  // Read survives a reload; the other one is still new.
  await page.reload();
  await expect(
    page.getByRole('listitem').filter({ hasText: names[1] }).getByText('New', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: names[0] }).getByText('New', { exact: true }),
  ).toHaveCount(0);
});

test('the outbox shows both parts of an issue: text as text, HTML in a sandboxed frame', async ({
  page,
}) => {
  const token = await loginAsAdmin(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium reports each script it refuses to run in the sandboxed frame; the only scripts
    // there are Playwright's own helpers reading the frame (the mail has none), so these reports
    // show the sandbox at work and are not problems of the page.
    if (message.text().startsWith("Blocked script execution in 'about:srcdoc'")) return;
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const auth = { authorization: `Bearer ${token}` };
  const reader = `outbox-reader-${stamp}@example.com`;
  expect(
    (await page.request.post('/api/v1/newsletter/subscribe', { data: { email: reader } })).ok(),
  ).toBe(true);
  const confirmToken = /\/newsletter\/confirm\?token=([^\s>"]+)/.exec(
    operatorMail(e2eDataDir, reader, 'Please confirm'),
  )?.[1];
  expect(confirmToken, 'confirmation link').toBeTruthy();
  expect((await page.request.get(`/api/v1/newsletter/confirm?token=${confirmToken}`)).ok()).toBe(
    true,
  );
  const created = await page.request.post('/api/v1/newsletter/issues/', {
    headers: auth,
    data: { slug: SLUG },
  });
  expect(created.status()).toBe(201);
  await expect
    .poll(
      async () => {
        const outbox = await page.request.get('/api/v1/outbox/?per_page=100', { headers: auth });
        const { items } = (await outbox.json()) as { items: { to: string; subject: string }[] };
        return items.some((mail) => mail.to === reader && mail.subject === TITLE);
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  await page.goto('/admin/inbox');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  const item = page
    .getByRole('list', { name: 'Outbox, newest first' })
    .getByRole('listitem')
    .filter({ hasText: `To: ${reader}` })
    .filter({ has: page.getByRole('heading', { name: TITLE }) });
  await item.getByText('Show message').click();

  const text = item.getByRole('region', { name: 'Text part' });
  await expect(text).toContainText(
    '1. Traces: what happened in this run?\n\nA trace records one run from start to finish',
  );
  await expect(text).toContainText('- a conversation ID that support staff can search for;\n- ');
  await expect(text).toContainText('Metric | Why it matters | Alert when');

  const frame = item.getByRole('region', { name: 'HTML part' }).locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).not.toHaveAttribute('src');
  const html = item.frameLocator('iframe');
  await expect(
    html.getByRole('heading', { name: '1. Traces: what happened in this run?' }),
  ).toBeVisible();
  await expect(html.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(html.locator('a.anchor, svg')).toHaveCount(0);
  // The frame has an origin of its own: the page cannot reach into it, nor it into the page.
  expect(
    await frame.evaluate((element) => {
      try {
        return (element as HTMLIFrameElement).contentDocument === null;
      } catch {
        return true;
      }
    }),
  ).toBe(true);

  // The frame as the admin sees it (a full-page shot may leave a frame's content unpainted).
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await frame.scrollIntoViewIfNeeded();
    await expect(html.getByRole('heading', { level: 1, name: TITLE })).toBeInViewport();
    await page.screenshot({ path: `test-results/outbox-html-part-${width}.png` });
  }
  await shootWidths(
    page,
    (width) => `test-results/outbox-parts-${width}.png`,
    async () => {
      await item.scrollIntoViewIfNeeded();
    },
  );
  expect(problems, 'console errors (a CSP refusal would show here)').toEqual([]);
});
