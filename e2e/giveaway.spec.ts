import Database from 'better-sqlite3';
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { e2eDataDir, e2eDatabaseFile } from '../playwright.config';
import { e2eAdmin, linkIn, loginAsAdmin, operatorMail } from './support';

/**
 * One giveaway's whole life, in order, as the people involved see it: the admin creates it with
 * its rules; a visitor reads the rules, enters with the rules box ticked, gets a receipt and finds
 * it with "Was I in the draw?"; the admin closes entries and draws with the spin; the
 * verification page recomputes the draw in the browser; the winner claims with the link from the
 * mail the operator reads with npm run outbox (the admin's outbox shows it without the link).
 * Then a second giveaway whose winner lets the claim period pass is drawn again with a reason,
 * which the public history shows and the verification page recomputes with the re-draw's own
 * seed; drawn giveaways are archived, undrawn ones deleted.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const title = `E2E Giveaway ${stamp}`;
const visitor = { email: `visitor.${stamp}@example.com`, handle: `e2e.visitor.${stamp}` };
let giveawayPath = '';
let receipt = '';

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

/**
 * For the first thing looked for after a navigation: a client-only page waits for its scripts and
 * then its API call, which on a busy machine can take longer than the default 7 s.
 */
const loaded = { timeout: 20_000 };

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text);
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * The claim link (path and query) in the newest winner mail to `to`. The admin's outbox shows the
 * mail without it; the operator's `npm run outbox` on the server has it.
 */
async function claimLink(request: APIRequestContext, to: string): Promise<string> {
  const res = await request.get('/api/v1/outbox/?per_page=100', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  const { items } = (await res.json()) as {
    items: { to: string; subject: string; text: string }[];
  };
  const kept = items.find((item) => item.to === to && item.subject.startsWith('You won'));
  expect(kept?.text, `winner mail to ${to} in the admin's outbox`).toContain(
    '[link sent to the recipient]',
  );
  expect(JSON.stringify(items)).not.toContain('/claim?token=');
  return linkIn(operatorMail(e2eDataDir, to, 'You won'), /https?:\/\/\S+\/claim\?token=\S+/);
}

test('the admin creates a giveaway with its rules, and it is listed first', async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto('/giveaway/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Giveaways' })).toBeVisible(
    loaded,
  );
  await page.getByRole('button', { name: 'Create Giveaway' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create Giveaway' });
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('An end-to-end test giveaway.');
  await dialog.getByLabel(/^Prize\*?$/).fill('A test agent');
  await dialog.getByLabel('Maximum Participants').fill('10');
  await dialog.getByLabel('Region').fill('the United Kingdom');
  await expect(dialog.getByLabel(/Claim Period/)).toHaveValue('7');
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();

  await expect(toast(page, 'Giveaway created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article').first()).toHaveAccessibleName(title);

  await page.getByRole('article', { name: title }).getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  giveawayPath = new URL(page.url()).pathname;
  expect(giveawayPath).toMatch(/^\/giveaway\/\d+$/);
  await expect(page).toHaveTitle(`${title} - Giveaway | AgentWorks`);
  // The seed's commitment is public before anyone has entered.
  await expect(page.getByRole('region', { name: 'Rules & Fair Draw' })).toContainText(
    /[0-9a-f]{64}/,
  );
  await page.context().close();
});

test('a visitor reads the rules, enters with the box ticked and keeps the receipt', async ({
  page,
}) => {
  await page.goto('/giveaway');
  await expect(page.getByRole('article', { name: title })).toBeVisible(loaded);
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Enter Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const form = page.getByRole('form', { name: 'Enter the Giveaway' });
  await form.getByRole('link', { name: 'Read the official rules (version 1)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Official Rules' })).toBeVisible();
  await expect(
    page.getByText('People aged 18 or over who live in the United Kingdom.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'If the prize is not claimed' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the Giveaway' }).click();

  await form.getByLabel('Email').fill(visitor.email);
  await form.getByLabel('Instagram Handle').fill(`@${visitor.handle}`);
  const box = form.getByRole('checkbox', { name: 'I have read the rules and I am at least 18' });
  await expect(box).not.toBeChecked();
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(
    form.getByText('Please confirm that you have read the rules and are at least 18.'),
  ).toBeVisible();
  await box.check();
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  const receiptCard = page.getByRole('region', { name: "You're in!" });
  await expect(receiptCard).toBeVisible();
  receipt = (await receiptCard.getByTestId('receipt-code').textContent()) ?? '';
  expect(receipt).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  // The form gave way to "You're in"; on a shared device the entry can be forgotten here.
  await expect(form).toBeHidden();
  await expect(page.getByText(/^1 participant ·/)).toBeVisible();
  await receiptCard.getByRole('button', { name: /Forget it on this device/ }).click();

  await form.getByLabel('Email').fill(visitor.email.toUpperCase());
  await form.getByLabel('Instagram Handle').fill('someone.else');
  await box.check();
  await form.getByRole('button', { name: 'Enter Giveaway' }).click();
  // The same mailbox again (letter case aside), under another handle: answered like a new entry,
  // so a stranger learns nothing about who entered; nothing more counts, and that mailbox is told
  // by mail. Its receipt matches no line.
  await expect(receiptCard).toBeVisible();
  await expect(receiptCard.getByTestId('receipt-code')).not.toHaveText(receipt);
  await expect(page.getByText(/^1 participant ·/)).toBeVisible();

  await page.goto(`${giveawayPath}/check`);
  await expect(page.getByRole('heading', { level: 1, name: 'Was I in the draw?' })).toBeVisible();
  await page.getByLabel('Receipt code').fill(receipt.toLowerCase());
  await page.getByRole('button', { name: 'Check Receipt' }).click();
  await expect(page.getByText('Your entry is in the draw', { exact: true })).toBeVisible();
  await expect(page.getByText(/Yes: your entry is recorded/)).toBeVisible();
});

test('the admin closes entries: the list is frozen and cannot be reopened', async ({ browser }) => {
  const page = await adminPage(browser);
  const id = giveawayPath.split('/').pop();
  // A second entrant so the spin has names to cycle through.
  const entry = await page.request.post(`/api/v1/giveaway/${id}/participate`, {
    data: {
      email: `second.${stamp}@example.com`,
      instagram_handle: `second.${stamp}`,
      accept_rules: true,
    },
  });
  expect(entry.ok()).toBeTruthy();

  await page.goto(giveawayPath);
  const controls = page.getByRole('region', { name: 'Admin Controls' });
  await expect(controls.getByText('Ready to select winner from 2 participants.')).toBeVisible(
    loaded,
  );
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await controls.getByRole('button', { name: 'Close entries for good' }).click();
  await expect(toast(page, /frozen and published/)).toBeVisible();
  expect(asked).toBe(
    'Close entries for good? The entry list is then frozen and published, and entries can never reopen. (To stop entries for a while, use Stop Accepting instead.)',
  );
  await expect(
    controls.getByText('Entries are closed: the list of 2 entries is frozen and published.'),
  ).toBeVisible();
  await expect(controls.getByRole('button', { name: 'Start Accepting' })).toHaveCount(0);
  await expect(
    page.getByText(/^Entries closed on .+ \(the organiser closed them\)\./),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Enter the Giveaway' })).toBeHidden();

  // The frozen list now places the visitor's receipt.
  await page.goto(`${giveawayPath}/check`);
  await expect(page.getByLabel('Receipt code')).toBeVisible(loaded);
  await page.getByLabel('Receipt code').fill(receipt);
  await page.getByRole('button', { name: 'Check Receipt' }).click();
  await expect(
    page.getByText(/in the frozen entry list, at position 1, so it is in the draw/),
  ).toBeVisible();
  await page.context().close();
});

test('the admin draws with the spin; the verification page checks it in the browser', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await adminPage(browser);
  await page.goto(giveawayPath);
  await expect(page.getByRole('button', { name: 'Select Winner' })).toBeEnabled(loaded);
  // Entries were closed for good by the test before: the draw starts without asking first.
  await page.getByRole('button', { name: 'Select Winner' }).click();
  await expect(page.getByRole('button', { name: 'Close entries and draw now' })).toHaveCount(0);

  const overlay = page.getByRole('dialog', { name: 'Drawing the Winner...' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByText('Hold tight... the draw is happening!')).toBeVisible();
  await expect(overlay.getByText('Spinning... Good luck!')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'WINNER!' })).toBeVisible({ timeout: 20_000 });
  await expect(overlay).toBeHidden();
  await expect(page.getByText('Congratulations to our lucky winner!')).toBeVisible();
  const handle = page.getByText(new RegExp(`^@(e2e\\.visitor|second)\\.${stamp}$`));
  await expect(handle).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^(visitor|second)\\.${stamp}@example\\.com$`)),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share Winner Announcement' })).toBeVisible();

  await page.getByRole('link', { name: 'Verify the Draw' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify the Draw' })).toBeVisible(
    loaded,
  );
  await expect(page.getByText('Verified in your browser')).toBeVisible(loaded);
  const steps = page.getByRole('region', { name: 'The computation, step by step' });
  await expect(steps.getByText('Passed:')).toHaveCount(4);
  await expect(steps.getByText('Failed:')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'What this does not prove' })).toBeVisible();

  await page.goto(giveawayPath);
  await expect(page.getByRole('region', { name: 'Congratulations to:' })).toBeVisible(loaded);
  await expect(page.getByRole('region', { name: 'Admin Controls' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Draw History' })).toContainText(
    /The winner can claim the prize until [A-Z][a-z]{2} \d+, \d{4}, \d+:\d{2} [AP]M [A-Z]/,
  );
  await page.context().close();
});

test("the winner's claim link, hidden from the admin's outbox, records the claim", async ({
  page,
  request,
}) => {
  const id = giveawayPath.split('/').pop();
  const g = (await (await request.get(`/api/v1/giveaway/${id}`)).json()) as {
    winner_details: { instagram_handle: string };
  };
  const email = g.winner_details.instagram_handle.startsWith('e2e.visitor')
    ? visitor.email
    : `second.${stamp}@example.com`;
  const link = await claimLink(request, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Claim Your Prize' })).toBeVisible(
    loaded,
  );
  // The deadline is stated on the page, with its time zone.
  await expect(page.getByText(/Claim it by .+ \(UTC\)\./)).toBeVisible(loaded);
  await page.getByLabel(/Your name/).fill('E2E Winner');
  await page.getByLabel(/Postal or delivery details/).fill('1 Test Street\nTesttown');
  await page.getByRole('checkbox', { name: /used to deliver the prize/ }).check();
  await page.getByRole('button', { name: 'Claim Prize' }).click();
  await expect(page.getByText('Prize claimed!')).toBeVisible();
  await expect(page.getByText(/^Your claim is recorded: /)).toBeVisible();
  // The same link later reopens as claimed, not as an empty form.
  await page.goto(link);
  await expect(page.getByText('Prize claimed', { exact: true })).toBeVisible(loaded);
  await expect(page.getByText(/You claimed this prize on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim Prize' })).toHaveCount(0);

  await page.goto(giveawayPath);
  await expect(page.getByRole('region', { name: 'Draw History' })).toContainText(
    /Prize claimed on [A-Z][a-z]{2} \d+, \d{4}/,
    loaded,
  );
});

test('after the claim deadline, a re-draw with a reason shows in the public history', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const auth = { Authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post('/api/v1/giveaway', {
    headers: auth,
    data: {
      title: `Unclaimed ${stamp}`,
      description: 'Its first winner never claims.',
      prize: 'A second chance',
      start_date: new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10),
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const n of [1, 2, 3]) {
    const res = await request.post(`/api/v1/giveaway/${id}/participate`, {
      data: {
        email: `u${n}.${stamp}@example.com`,
        instagram_handle: `u${n}.${stamp}`,
        accept_rules: true,
      },
    });
    expect(res.ok()).toBeTruthy();
  }
  const first = await request.post(`/api/v1/giveaway/${id}/select-winner`, {
    headers: auth,
    data: { close_now: true },
  });
  const firstWinner = (
    (await first.json()) as { winner: { email: string; instagram_handle: string } }
  ).winner;
  const staleLink = await claimLink(request, firstWinner.email);

  // Seven days pass without a claim.
  const db = new Database(e2eDatabaseFile);
  try {
    db.prepare('update giveaway_draw_rounds set claim_deadline = ? where giveaway_id = ?').run(
      new Date(Date.now() - 60_000).toISOString(),
      id,
    );
  } finally {
    db.close();
  }

  const page = await adminPage(browser);
  await page.goto(`/giveaway/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Unclaimed ${stamp}` })).toBeVisible(
    loaded,
  );
  const claim = page.getByRole('region', { name: "Winner's Claim" });
  await expect(claim.getByText(/The claim period ended without a claim\./)).toBeVisible();
  // The re-draw runs in the presenter view, with its reason on screen.
  await claim.getByRole('link', { name: 'Draw again in the presenter view' }).click();
  const stage = page.getByTestId('presenter');
  await stage.getByText('Draw a place again').click();
  await stage.getByLabel(/Reason/).fill('The first winner did not claim within 7 days.');
  await stage.getByRole('button', { name: 'Draw again: the prize was not claimed' }).click();
  const spin = page.getByRole('dialog', { name: 'Drawing again...' });
  await expect(spin).toBeVisible();
  await expect(spin.getByText('Why: The first winner did not claim within 7 days.')).toBeVisible();
  await expect(page.getByTestId('presenter-winner')).toBeVisible({ timeout: 30_000 });
  await expect(stage).not.toContainText('@example.com');
  await page.goto(`/giveaway/${id}`);

  const history = page.getByRole('region', { name: 'Draw History' });
  await expect(history.getByRole('heading', { name: /^Draw 2 \(re-draw\)/ })).toBeVisible();
  await expect(
    history.getByText('Reason: The first winner did not claim within 7 days.'),
  ).toBeVisible();
  await expect(history.getByText(`@${firstWinner.instagram_handle}`)).toBeVisible();
  await expect(
    history.getByText(/Drawn again: see the reason given with the later draw\./),
  ).toBeVisible();
  await expect(history).not.toContainText('@example.com');

  // The re-draw used its own seed, committed with draw 1; the browser checks it and the winner.
  await page.goto(`/giveaway/${id}/verify`);
  await expect(page.getByText('Verified in your browser')).toBeVisible(loaded);
  const steps = page.getByRole('region', { name: 'The computation, step by step' });
  await expect(steps.getByText('Passed:')).toHaveCount(6);
  await expect(
    steps.getByText(
      'Draw 2 used its own seed, whose SHA-256 was published with draw 1 and which nobody outside the server knew until this draw.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Secret until draw 3, if the prize is drawn again')).toBeVisible();

  // The first winner's link no longer claims anything, and says so before anything is typed.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(staleLink);
    await expect(page.getByText('This prize was drawn again')).toBeVisible(loaded);
    await expect(page.getByText(/This claim link no longer works/)).toBeVisible();
    await expect(page.getByText('Congratulations!')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Claim Prize' })).toHaveCount(0);
    await page.screenshot({
      path: `test-results/shots/claim-redrawn-${width}.png`,
      fullPage: true,
    });
  }
  await page.context().close();
});

test('the list shows the winner', async ({ page }) => {
  await page.goto('/giveaway');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Winner Selected!')).toBeVisible(loaded);
  await expect(card.getByText(new RegExp(`^@(e2e\\.visitor|second)\\.${stamp}$`))).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Details' })).toBeVisible();
});

test('a drawn giveaway is archived, not deleted: hidden from the list, its page stays', async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.goto('/giveaway/admin');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('button', { name: 'Archive' })).toBeVisible(loaded);
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, /is archived/)).toBeVisible();
  await expect(card.getByText('Archived')).toBeVisible();

  const visitorPage = await browser.newPage();
  await visitorPage.goto('/giveaway');
  // The list has loaded (the re-drawn giveaway is in it) before the archived one is looked for.
  await expect(visitorPage.getByRole('article', { name: `Unclaimed ${stamp}` })).toBeVisible(
    loaded,
  );
  await expect(visitorPage.getByRole('article', { name: title })).toHaveCount(0);
  await visitorPage.goto(giveawayPath);
  await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible(loaded);
  await visitorPage.close();
  await page.context().close();
});

test('the admin deletes a giveaway that was never drawn, after confirming', async ({ browser }) => {
  const page = await adminPage(browser);
  const doomed = `Doomed ${stamp}`;
  const res = await page.request.post('/api/v1/giveaway', {
    headers: { Authorization: `Bearer ${await adminToken(page.request)}` },
    data: {
      title: doomed,
      description: 'Never drawn.',
      prize: 'Nothing',
      start_date: '2026-01-01',
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/giveaway/admin');
  const card = page.getByRole('article', { name: doomed });
  await expect(card).toBeVisible(loaded);
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Giveaway deleted successfully')).toBeVisible();
  expect(asked).toBe(
    'Are you sure you want to delete this giveaway? This action cannot be undone.',
  );
  await expect(card).toBeHidden();
  await page.context().close();
});
