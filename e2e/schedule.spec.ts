import { expect, test, type Page } from '@playwright/test';
import { scheduleE2e } from '../playwright.config';
import {
  BUILD_WAIT,
  expectLive,
  fillDraft,
  loginAsAdmin,
  openNewDraft,
  shootWidths,
} from './support';

/**
 * Scheduled publishing in the browser, against a publishing server of its own (scheduleE2e in
 * playwright.config.ts: site time zone Europe/Berlin, due drafts looked for every 5 s): a draft is
 * scheduled from the editor with "Publish at…", listed under Scheduled with its time, moved and
 * cancelled; another, scheduled a few seconds ahead, publishes itself and goes live after the real
 * rebuild. Two processes on one database are covered by the API tests and the operations e2e.
 */

test.use({ baseURL: scheduleE2e.baseURL });

const SHOTS = '/tmp/shots-schedule';
const run = Date.now().toString(36);

function body(topic: string) {
  return [`Notes on ${topic}.`, '', '## What we saw', '', 'Agents need clear schedules.'].join(
    '\n',
  );
}

async function newReadyDraft(page: Page, title: string) {
  await openNewDraft(page);
  await fillDraft(page, {
    title,
    description: `A post about ${title}.`,
    category: 'Engineering',
    body: body(title),
  });
  await expect(page).toHaveURL(/\/admin\/drafts\/\d+$/);
  return Number(/\/admin\/drafts\/(\d+)$/.exec(page.url())?.[1]);
}

/** "2026-12-01T11:30" on Berlin's clock, `hours` from now, on the hour. */
function berlinWallTime(hours: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
  }).formatToParts(new Date(Date.now() + hours * 3_600_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:00`;
}

test('schedule from the editor, see it under Scheduled with its time, move it, cancel it', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const title = `Scheduled Field Notes ${run}`;
  await newReadyDraft(page, title);

  const publishAt = page.getByRole('button', { name: 'Publish at…' });
  await expect(publishAt).toBeEnabled();
  await publishAt.click();
  const dialog = page.getByRole('dialog', { name: 'Publish at a time' });
  await expect(dialog.getByText(/On the site's clock, Europe\/Berlin: it is now/)).toBeVisible();
  const field = dialog.getByLabel(/Date and time \(Europe\/Berlin\)/);
  const when = berlinWallTime(26);
  await field.fill(when);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(/^Publishes itself on .*\(Europe\/Berlin\), as it is saved then/),
  ).toBeVisible();

  await shootWidths(page, (width) => `${SHOTS}/editor-scheduled-${width}.png`);

  await page.goto('/admin/drafts');
  const section = page.getByRole('region', { name: 'Scheduled' });
  const item = section.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText(/\(Europe\/Berlin\)$/).first()).toBeVisible();
  const shownBefore = await item.locator('time').textContent();

  await shootWidths(page, (width) => `${SHOTS}/drafts-scheduled-${width}.png`);

  // Move it an hour later: the listed time changes.
  await item.getByRole('button', { name: `Move ${title}` }).click();
  const move = page.getByRole('dialog', { name: 'Move the scheduled publish' });
  await expect(move.getByLabel(/Date and time/)).toHaveValue(when);
  await move.getByLabel(/Date and time/).fill(berlinWallTime(27));
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(item.locator('time')).not.toHaveText(shownBefore ?? '');

  // Cancel: it leaves Scheduled and stays in Drafts.
  await item.getByRole('button', { name: `Cancel the scheduled publish of ${title}` }).click();
  const ask = page.getByRole('dialog', { name: 'Cancel the scheduled publish?' });
  await ask.getByRole('button', { name: 'Cancel publish' }).click();
  await expect(section.getByText(title)).toHaveCount(0);
  await expect(section.getByText(/Nothing is scheduled/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Drafts' }).getByRole('heading', { name: title }),
  ).toBeVisible();
});

test('a draft scheduled a few seconds ahead publishes itself and goes live', async ({ page }) => {
  test.setTimeout(BUILD_WAIT.timeout + 120_000);
  const token = await loginAsAdmin(page);
  const title = `Goes Live By Itself ${run}`;
  const id = await newReadyDraft(page, title);
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

  // Seconds are not typed in the form; the API takes a moment with its offset.
  const at = new Date(Date.now() + 8_000).toISOString();
  const res = await page.request.put(`/api/v1/drafts/${id}/schedule`, {
    headers: { authorization: `Bearer ${token}` },
    data: { publish_at: at },
  });
  expect(res.status()).toBe(200);

  await page.goto('/admin/drafts');
  const scheduled = page.getByRole('region', { name: 'Scheduled' });
  await expect(scheduled.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  // Before its time nobody sees it.
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

  // Within a minute of its time it leaves Scheduled and Publishing shows the job, then Live.
  await expect(scheduled.getByText(title)).toHaveCount(0, { timeout: 60_000 });
  const jobs = page.getByRole('region', { name: 'Publishing' });
  const job = jobs.getByRole('listitem').filter({ hasText: title });
  await expect(job).toBeVisible();
  await expectLive(job);
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
