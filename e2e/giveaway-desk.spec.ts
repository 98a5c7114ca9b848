import Database from 'better-sqlite3';
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { e2eDatabaseFile } from '../playwright.config';
import { e2eAdmin, loginAsAdmin } from './support';

/**
 * The giveaway as entrants see it on a phone and as the owner runs it: "You're in" survives a
 * reload; Stop then Start reopens entries and "Close entries for good" freezes them; the desk
 * disqualifies an entry and the page says how many and why; its entrants table shows each entry's
 * weight, referrals, source and confirmation, the CSV exports them and the chart splits entries
 * per day by source; the presenter view shows no e-mail
 * address in its page or in any answer it receives; the page does not shift (CLS 0) at 375 and
 * 1280 px in every state. Screenshots go to $SHOTS_DIR (default test-results/giveaway-desk).
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-desk';
const loaded = { timeout: 20_000 };
const EMAIL_LIKE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The e2e server's address, as playwright.config.ts builds it. */
const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8123)}`;

async function create(
  request: APIRequestContext,
  fields: Record<string, unknown>,
): Promise<number> {
  const res = await request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      description: 'A giveaway for the desk tests: enter with your e-mail and Instagram handle.',
      prize: 'A custom voice agent',
      // An image the site itself serves (nothing here may come from the internet).
      prize_image: `${baseURL}/og-image.png`,
      start_date: day(-1),
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function enterByApi(request: APIRequestContext, id: number, n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    const res = await request.post(`/api/v1/giveaway/${id}/participate`, {
      data: {
        email: `${prefix}${i}.${stamp}@example.com`,
        instagram_handle: `${prefix}_${i}_${stamp}`.slice(0, 30),
        accept_rules: true,
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text);
}

test('a reload after entering shows "You\'re in" with the right receipt', async ({
  page,
  request,
}) => {
  const id = await create(request, { title: `Stay In ${stamp}` });
  await page.goto(`/giveaway/${id}`);
  const form = page.getByRole('form', { name: 'Enter the Giveaway' });
  await form.getByLabel('Email').fill(`stay.${stamp}@example.com`);
  await form.getByLabel('Instagram Handle').fill(`@stay_${stamp}`);
  await form.getByRole('checkbox', { name: /I have read the rules/ }).check();
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  const panel = page.getByRole('region', { name: "You're in!" });
  await expect(panel).toBeVisible(loaded);
  const receipt = (await panel.getByTestId('receipt-code').textContent()) ?? '';
  expect(receipt).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await expect(form).toBeHidden();

  await page.reload();
  await expect(page.getByRole('region', { name: "You're in!" })).toBeVisible(loaded);
  await expect(page.getByTestId('receipt-code')).toHaveText(receipt);
  await expect(page.getByRole('form', { name: 'Enter the Giveaway' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/youre-in-375.png`, fullPage: true });

  // The receipt it shows is the one the server knows.
  const check = await request.post(`/api/v1/giveaway/${id}/receipt`, { data: { receipt } });
  expect(((await check.json()) as { found: boolean }).found).toBe(true);
});

test('Stop then Start reopens entries; "Close entries for good" freezes them', async ({
  browser,
  request,
}) => {
  const id = await create(request, { title: `Pause ${stamp}` });
  await enterByApi(request, id, 2, 'ps');
  const page = await adminPage(browser);
  await page.goto(`/giveaway/${id}`);
  const controls = page.getByRole('region', { name: 'Admin Controls' });
  await controls.getByRole('button', { name: 'Stop Accepting' }).click(loaded);
  await expect(toast(page, /Entries are paused/)).toBeVisible();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();
  const refused = await request.post(`/api/v1/giveaway/${id}/participate`, {
    data: { email: `late.${stamp}@example.com`, instagram_handle: 'late_one', accept_rules: true },
  });
  expect(refused.status()).toBe(409);

  await controls.getByRole('button', { name: 'Start Accepting' }).click();
  await expect(toast(page, 'The giveaway is now accepting participants.')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const reopened = await request.post(`/api/v1/giveaway/${id}/participate`, {
    data: { email: `late.${stamp}@example.com`, instagram_handle: 'late_one', accept_rules: true },
  });
  expect(reopened.status()).toBe(200);

  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await controls.getByRole('button', { name: 'Close entries for good' }).click();
  await expect(toast(page, /closed for good/)).toBeVisible();
  expect(asked).toMatch(/^Close entries for good\?/);
  await expect(
    controls.getByText('Entries are closed: the list of 3 entries is frozen and published.'),
  ).toBeVisible();
  await expect(controls.getByRole('button', { name: 'Start Accepting' })).toHaveCount(0);
  await expect(page.getByText('Ended', { exact: true })).toBeVisible();
  await expect(page.getByText('ENDED · Not selected yet · Closed for entries')).toBeVisible();
  const frozen = await request.get(`/api/v1/giveaway/${id}/frozen-entries.txt`);
  expect(frozen.status()).toBe(200);
  expect((await frozen.text()).trim().split('\n')).toHaveLength(3);
  await page.context().close();
});

test('the desk disqualifies an entry; the page says how many and why', async ({
  browser,
  request,
}) => {
  const id = await create(request, { title: `Desk ${stamp}` });
  await enterByApi(request, id, 3, 'dk');
  const page = await adminPage(browser);
  await page.goto(`/giveaway/${id}/desk`);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4, loaded);
  await page.getByLabel('Search by e-mail or handle').fill(`dk1.${stamp}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('checkbox').check();
  await page
    .getByLabel(/Reason for disqualifying the selected entries/)
    .fill('A second entry by the same person.');
  await page.getByRole('button', { name: 'Disqualify 1 entry' }).click();
  await expect(toast(page, /1 entry was disqualified/)).toBeVisible();
  await page.getByLabel('Search by e-mail or handle').fill('');
  await expect(table.getByText('Disqualified: A second entry by the same person.')).toBeVisible();
  await expect(page.getByText('Entrants (2 entries in the draw)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/v1/giveaway/${id}/participants.csv`,
  );
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${shots}/desk-${width}.png`, fullPage: true });
  }
  // On a phone nothing runs off the side: each entrant wraps, its checkbox reachable.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expect(table.getByRole('checkbox').first()).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /^Disqualify selected/ })).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(`/giveaway/${id}`);
  const removed = visitor.getByRole('region', { name: 'Entries removed' });
  await expect(removed).toContainText('1 entry disqualified', loaded);
  await expect(removed).toContainText('Reason: A second entry by the same person.');
  await expect(removed).not.toContainText('dk1');
  await expect(visitor.getByText(/^2 participants ·/)).toBeVisible();
  await visitor.close();
  await page.context().close();
});

test("the desk shows each entry's weight, referrals, source and confirmation, and a chart by source", async ({
  browser,
  request,
}) => {
  const id = await create(request, { title: `Growth ${stamp}` });
  await enterByApi(request, id, 5, 'gr');
  // The referral flow's columns, seeded as it leaves them: gr0 brought gr1 and gr2 (gr2 not yet
  // confirmed) and holds one bonus entry; gr1 and gr3 entered on earlier days.
  const db = new Database(e2eDatabaseFile);
  try {
    const ids = (
      db.prepare('select id from participants where giveaway_id = ? order by id').all(id) as {
        id: number;
      }[]
    ).map((r) => r.id);
    const at = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();
    db.prepare('update participants set bonus_entries = 1 where id = ?').run(ids[0]);
    db.prepare(
      'update participants set referred_by = ?, created_at = ?, confirmed_at = ? where id = ?',
    ).run(ids[0], at(2), at(2), ids[1]);
    db.prepare('update participants set referred_by = ?, confirmed_at = null where id = ?').run(
      ids[0],
      ids[2],
    );
    db.prepare('update participants set created_at = ?, confirmed_at = ? where id = ?').run(
      at(3),
      at(3),
      ids[3],
    );
  } finally {
    db.close();
  }

  const page = await adminPage(browser);
  await page.goto(`/giveaway/${id}/desk`);
  const table = page.getByRole('table').first();
  await expect(table.getByRole('row')).toHaveCount(6, loaded);
  const row = (n: number) =>
    table.getByRole('row').filter({ has: page.getByText(`@gr_${n}_${stamp}`) });
  await expect(row(0).getByRole('cell').nth(4)).toHaveText('2 (1 bonus)');
  await expect(row(0).getByRole('cell').nth(5)).toHaveText('1');
  await expect(row(0).getByRole('cell').nth(6)).toHaveText('Direct');
  // "Referred by": whose link brought the entry.
  await expect(row(1).getByRole('cell').nth(6)).toHaveText(`@gr_0_${stamp}`);
  await expect(row(2).getByRole('cell').nth(7)).toHaveText('Unconfirmed');
  // No confirmation step here: each entry counted as confirmed when it was made.
  await expect(row(4).getByRole('cell').nth(7)).toHaveText('On entry');

  // The chart: four entries in the draw over four days, one of them by referral.
  const chart = page.getByRole('img', { name: /^Entries per day by source\./ });
  await expect(chart).toHaveAttribute('aria-label', /: 3 direct and 1 by referral\./);
  await expect(chart.locator('rect')).toHaveCount(3);
  await page.getByText('Show the numbers').click();
  const numbers = page.getByRole('table', { name: 'Entries per day by source' });
  await expect(numbers.getByRole('row')).toHaveCount(5);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${shots}/desk-growth-${width}.png`, fullPage: true });
    await page
      .getByRole('region', { name: /Entries per day/ })
      .screenshot({ path: `${shots}/desk-chart-${width}.png` });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  // The CSV carries the same columns.
  const csv = await request.get(`/api/v1/giveaway/${id}/participants.csv`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  const lines = (await csv.text()).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    '"id","email","instagram_handle","entered_at","disqualified_at","disqualified_reason","weight","bonus_entries","referrals","source","confirmed_at"',
  );
  expect(lines[1]).toMatch(/,"2","1","1","direct","[^"]+"$/);
  expect(lines[3]).toMatch(/,"1","0","0","referral",""$/);
  await page.context().close();
});

test('the presenter view: no e-mail address in its page or in any answer it receives', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const id = await create(request, { title: `Live ${stamp}` });
  await enterByApi(request, id, 4, 'lv');
  const page = await adminPage(browser);
  const bodies: string[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('json') || type.includes('text/plain'))
      void response.text().then(
        (text) => bodies.push(`${response.url()}\n${text}`),
        () => undefined,
      );
  });
  await page.goto(`/giveaway/${id}/present`);
  const stage = page.getByTestId('presenter');
  await expect(stage.getByRole('heading', { level: 1, name: `Live ${stamp}` })).toBeVisible(loaded);
  // No site header, menus, skip link or footer: they are gone from the page, so the keyboard
  // never leaves the stage.
  await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const inStage = await page.evaluate(() => {
      const active = document.activeElement;
      return (
        !active || active === document.body || Boolean(active.closest('[data-testid="presenter"]'))
      );
    });
    expect(inStage, `Tab ${i + 1}`).toBe(true);
  }
  await page.screenshot({ path: `${shots}/presenter-ready-1280.png` });
  await stage.getByRole('button', { name: 'Draw the winner' }).click();
  // Entries are still open: the presenter confirms that the draw closes them now.
  await page.getByRole('button', { name: 'Close entries and draw now' }).click();
  const overlay = page.getByRole('dialog', { name: 'Drawing the Winner...' });
  await expect(overlay).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${shots}/presenter-spin-1280.png` });
  await expect(page.getByTestId('presenter-winner')).toBeVisible({ timeout: 30_000 });
  await expect(overlay).toBeHidden();
  await expect(stage.getByRole('img', { name: /QR code for / })).toBeVisible();
  await expect(
    stage.getByRole('link', { name: new RegExp(`/giveaway/${id}/verify$`) }),
  ).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${shots}/presenter-winner-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/presenter-winner-375.png` });

  // The stage holds no address at all; the whole document (which still has the site's own
  // contact address in the footer, hidden behind the stage) holds no entrant's address.
  expect(await stage.innerHTML()).not.toMatch(EMAIL_LIKE);
  const html = await page.content();
  expect(html).not.toContain('@example.com');
  // Every API answer the view received holds no address at all (the session check names the
  // admin's account, not an address); no answer of any kind holds an entrant's.
  const apiBodies = bodies.filter((body) => body.includes('/api/v1/giveaway/'));
  expect(apiBodies.length).toBeGreaterThan(1);
  for (const body of apiBodies) expect(body).not.toMatch(EMAIL_LIKE);
  for (const body of bodies) expect(body).not.toContain('@example.com');
  await page.context().close();
});

/** Every layout shift of the page, summed as Chrome's CLS counts it (shifts without input). */
async function measureShifts(page: Page, path: string, ready: () => Promise<void>) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[]; __moved: string[] };
    w.__shifts = [];
    w.__moved = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        w.__shifts.push(entry.value);
        // What moved and when, for a failing run's output.
        for (const source of entry.sources ?? []) {
          const node = source.node as Element | undefined;
          w.__moved.push(
            `${Math.round(entry.startTime)} ms: ${node?.outerHTML?.slice(0, 100) ?? node?.textContent ?? '?'} y ${source.previousRect.y} → ${source.currentRect.y}, h ${source.previousRect.height} → ${source.currentRect.height}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await ready();
  await page.waitForTimeout(1500);
  const { cls, moved } = await page.evaluate(() => {
    const w = window as unknown as { __shifts: number[]; __moved: string[] };
    return { cls: w.__shifts.reduce((a, b) => a + b, 0), moved: w.__moved };
  });
  if (cls > 0) console.log(`Shifted on ${path}:\n${moved.join('\n')}`);
  return cls;
}

test('CLS is 0 at 375 and 1280 px: open, upcoming, paused, full, closed, drawn, not found', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const open = await create(request, { title: `Open ${stamp}`, end_date: day(20) });
  const upcoming = await create(request, { title: `Later ${stamp}`, start_date: day(5) });
  const paused = await create(request, { title: `Paused ${stamp}` });
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  await request.post(`/api/v1/giveaway/${paused}/toggle-participants`, {
    headers: auth,
    data: { accept: false },
  });
  const full = await create(request, { title: `Full ${stamp}`, max_participants: 1 });
  await enterByApi(request, full, 1, 'fl');
  const closed = await create(request, { title: `Closed ${stamp}` });
  await enterByApi(request, closed, 2, 'cl');
  await request.post(`/api/v1/giveaway/${closed}/close`, { headers: auth });
  const drawn = await create(request, { title: `Drawn ${stamp}` });
  await enterByApi(request, drawn, 3, 'dr');
  await request.post(`/api/v1/giveaway/${drawn}/select-winner`, {
    headers: auth,
    data: { close_now: true },
  });

  const states: [string, string, string][] = [
    ['open', `/giveaway/${open}`, `Open ${stamp}`],
    ['upcoming', `/giveaway/${upcoming}`, `Later ${stamp}`],
    ['paused', `/giveaway/${paused}`, `Paused ${stamp}`],
    ['full', `/giveaway/${full}`, `Full ${stamp}`],
    ['closed', `/giveaway/${closed}`, `Closed ${stamp}`],
    ['drawn', `/giveaway/${drawn}`, `Drawn ${stamp}`],
    // An id that names no giveaway answers 404 with the site's not-found page.
    ['not-found', '/giveaway/987654', 'Page Not Found'],
  ];
  const results: Record<string, number> = {};
  for (const width of [375, 1280]) {
    for (const [name, path, heading] of states) {
      const context = await browser.newContext({
        viewport: { width, height: width === 375 ? 667 : 800 },
      });
      const page = await context.newPage();
      const cls = await measureShifts(page, path, async () => {
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(loaded);
        if (name === 'open') await expect(page.getByLabel('Email')).toBeVisible();
      });
      results[`${name}@${width}`] = cls;
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
      if (width === 375 && name === 'open') {
        // The prize, its image and the way to enter are in the first screen.
        await expect(page.getByRole('img', { name: /^Prize: / })).toBeInViewport();
        await expect(page.getByRole('link', { name: 'Enter now' })).toBeInViewport();
        await page.screenshot({ path: `${shots}/open-375-first-screen.png` });
      }
      await context.close();
    }
  }
  console.log('CLS', JSON.stringify(results));
  for (const [key, value] of Object.entries(results))
    expect({ key, value }).toEqual({ key, value: 0 });
});
