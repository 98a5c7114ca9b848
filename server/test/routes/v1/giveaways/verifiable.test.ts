import type {
  Giveaway,
  GiveawayChange,
  GiveawayRules,
  GiveawayVerification,
  OutboxMessage,
  ReceiptCheckResponse,
  SelectWinnerResponse,
} from '@site/contracts';
import {
  referenceRoundSeed,
  referenceSha256,
  referenceWeightedLines,
  referenceWeightedPick,
} from '../../../helpers/reference-draw';
import { deliveredMail } from '../../../helpers/delivered-mail';
import { startSmtp } from '../../../helpers/smtp';
import {
  createGiveaway,
  EMAIL_LIKE,
  enter,
  getGiveaway,
  type GiveawayTestContext,
  setup,
  utcDate,
  validForm,
} from './fixtures';

// Dozens of giveaways with their draws, on a fresh PostgreSQL schema as well as SQLite.
jest.setTimeout(120_000);

let t: GiveawayTestContext;
beforeAll(async () => {
  t = await setup();
});
afterAll(() => t.close());

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  authorization?: string,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  });

/** The owner's confirmed draw: entries still open are closed now ("close_now"). */
const selectWinner = (id: number, payload?: object) =>
  api('POST', `/giveaway/${id}/select-winner`, { close_now: true, ...payload }, t.admin);
/** What a claim gives for delivery. */
const DELIVERY = { full_name: 'Ann Lee', delivery_address: '1 High St, Leeds', consent: true };
/** "Close entries for good": the entry list is frozen. */
const stop = (id: number) => api('POST', `/giveaway/${id}/close`, undefined, t.admin);
const verification = async (id: number) =>
  (await api('GET', `/giveaway/${id}/verification`)).json<GiveawayVerification>();
const frozenText = async (id: number) =>
  (await api('GET', `/giveaway/${id}/frozen-entries.txt`)).body;
/** The receipt hashes of the frozen list, in order (each line's first field). */
const frozenList = async (id: number) =>
  referenceWeightedLines(await frozenText(id)).map((line) => line.hash);

async function fill(id: number, n: number, prefix = `g${id}`): Promise<string[]> {
  const receipts: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await enter(t.app, id, `${prefix}-${i}@example.com`, `${prefix}_${i}`);
    expect(res.statusCode).toBe(200);
    receipts.push(res.json<{ receipt: string }>().receipt);
  }
  return receipts;
}

/** Moves the current claim deadline into the past, as if the claim period had run out. */
async function expireClaim(id: number) {
  await t.app.db
    .updateTable('giveaway_draw_rounds')
    .set({ claim_deadline: new Date(Date.now() - 1000).toISOString() })
    .where('giveaway_id', '=', id)
    .execute();
}

async function outbox(): Promise<OutboxMessage[]> {
  return (await api('GET', '/outbox/?per_page=100', undefined, t.admin)).json<{
    items: OutboxMessage[];
  }>().items;
}

/**
 * The claim token from the newest winner mail to `to`, as delivered (the operator's command line
 * shows it; the admin-readable outbox has the link redacted).
 */
async function claimToken(to: string): Promise<string> {
  const mail = (await deliveredMail(t.app.db)).find(
    (m) => m.to === to && m.subject.startsWith('You won'),
  );
  const match = /\/claim\?token=([^\s]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no claim link mailed to ${to}`);
  return decodeURIComponent(match[1]);
}

/**
 * Checks a giveaway's whole public record with the test's own implementation: commitment,
 * fingerprint, every round's seed (each re-draw's against the commitment published at the round
 * before), position, counter and winning receipt, and the exclusions.
 */
async function recompute(id: number) {
  const v = await verification(id);
  const text = await frozenText(id);
  const lines = referenceWeightedLines(text);
  const list = lines.map((line) => line.hash);
  expect(v.algorithm).toBe('aw-draw-v2');
  expect(referenceSha256(v.seed ?? '')).toBe(v.commitment);
  expect(referenceSha256(text)).toBe(v.frozen?.fingerprint);
  expect(list).toHaveLength(v.frozen?.entrant_count ?? -1);
  const excluded: number[] = [];
  for (const round of v.draws) {
    // Rounds 1 … winner_count are the first draw, all with the seed committed at creation.
    const expected = referenceWeightedPick({
      seed:
        round.round <= v.winner_count
          ? (v.seed ?? '')
          : referenceRoundSeed(round.round, v.seed ?? '', v.redraw_seeds),
      external: v.external_value ?? '',
      fingerprint: v.frozen?.fingerprint ?? '',
      round: round.round,
      lines,
      excluded,
    });
    expect({ round: round.round, position: round.position, counter: round.counter }).toEqual({
      round: round.round,
      ...expected,
    });
    expect(round.receipt_hash).toBe(list[round.position]);
    expect(round.eligible_count).toBe(list.length - excluded.length);
    excluded.push(round.position);
  }
  return { v, list };
}

describe('the published algorithm, recomputed independently', () => {
  test('many draws and re-draws: every winner is the one the method names', async () => {
    for (let i = 0; i < 24; i += 1) {
      const external = i % 3 === 0 ? `round-${1000 + i}` : null;
      const g = await createGiveaway(t.app, t.admin, {
        title: `Recompute ${i}`,
        external_randomness: external ? 'drand mainnet, the first round after entries close' : null,
      });
      const receipts = await fill(g.id, 1 + ((i * 7) % 13));
      if (external) expect((await stop(g.id)).statusCode).toBe(200);
      const drawn = await selectWinner(g.id, external ? { external_value: external } : undefined);
      expect(drawn.statusCode).toBe(200);
      const rounds = 1 + (i % 3);
      for (let r = 1; r < rounds && r < receipts.length; r += 1) {
        await expireClaim(g.id);
        const again = await api(
          'POST',
          `/giveaway/${g.id}/redraw`,
          { reason: `Unclaimed ${r}` },
          t.admin,
        );
        expect(again.statusCode).toBe(200);
      }
      const { v, list } = await recompute(g.id);
      expect(v.external_value).toBe(external ?? '');

      // The winner named by the draw is the entrant holding that receipt.
      const current = v.draws[v.draws.length - 1];
      const winnerIndex = list.indexOf(current?.receipt_hash ?? '');
      const giveaway = await getGiveaway(t.app, g.id);
      expect(giveaway.winner_details?.instagram_handle).toBe(`g${g.id}_${winnerIndex}`);
      expect(referenceSha256(receipts[winnerIndex] ?? '')).toBe(current?.receipt_hash);
    }
  });

  test('the commitment published at creation is the SHA-256 of the seed the draw reveals', async () => {
    const g = await createGiveaway(t.app, t.admin);
    expect(g.commitment).toMatch(/^[0-9a-f]{64}$/);
    const before = await verification(g.id);
    expect(before).toMatchObject({ commitment: g.commitment, seed: null, external_value: null });
    await fill(g.id, 3);
    await selectWinner(g.id);
    const after = await verification(g.id);
    expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(referenceSha256(after.seed ?? '')).toBe(g.commitment);
    expect(after.commitment).toBe(g.commitment);
    expect(after.committed_before_entries).toBe(true);
  });
});

test('the seed appears in no response, public or admin, before the draw', async () => {
  const g = await createGiveaway(t.app, t.admin, { max_participants: 50 });
  const { seed } = await t.app.db
    .selectFrom('giveaway_seeds')
    .select('seed')
    .where('giveaway_id', '=', g.id)
    .executeTakeFirstOrThrow();
  const bodies: string[] = [];
  const record = async (res: Promise<{ body: string; statusCode: number }>) => {
    const r = await res;
    bodies.push(r.body);
    return r;
  };
  const receipts = [];
  for (let i = 0; i < 3; i += 1) {
    const res = await record(enter(t.app, g.id, `seed${i}@example.com`, `seed_${i}`));
    receipts.push(JSON.parse(res.body).receipt as string);
  }
  await record(api('PUT', `/giveaway/${g.id}`, { ...validForm(), max_participants: 40 }, t.admin));
  for (const auth of [undefined, t.admin, t.editor]) {
    await record(api('GET', `/giveaway/${g.id}`, undefined, auth));
    await record(api('GET', '/giveaway', undefined, auth));
    await record(api('GET', `/giveaway/${g.id}/rules`, undefined, auth));
    await record(api('GET', `/giveaway/${g.id}/verification`, undefined, auth));
    await record(api('GET', `/giveaway/${g.id}/frozen-entries.txt`, undefined, auth));
  }
  await record(api('POST', `/giveaway/${g.id}/receipt`, { receipt: receipts[0] }));
  await record(api('GET', `/giveaway/${g.id}/changes`, undefined, t.admin));
  await record(api('GET', `/giveaway/${g.id}/participants`, undefined, t.admin));
  await record(api('GET', `/giveaway/${g.id}/participants.csv`, undefined, t.admin));
  await record(stop(g.id));
  await record(api('GET', `/giveaway/${g.id}/verification`));
  await record(api('GET', `/giveaway/${g.id}/frozen-entries.txt`));
  await record(api('GET', `/giveaway/${g.id}/changes`, undefined, t.admin));
  await record(api('GET', '/openapi.json'));
  expect(bodies.length).toBeGreaterThan(20);
  for (const body of bodies) expect(body).not.toContain(seed);

  const drawn = await selectWinner(g.id);
  expect(drawn.body).not.toContain(seed);
  expect((await verification(g.id)).seed).toBe(seed);
});

describe('the frozen list', () => {
  test('entries after Stop Accepting are refused, and the list is published', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const receipts = await fill(g.id, 4);
    expect((await api('GET', `/giveaway/${g.id}/frozen-entries.txt`)).statusCode).toBe(409);
    await stop(g.id);
    const late = await enter(t.app, g.id, 'late@example.com', 'late');
    expect(late.statusCode).toBe(409);
    const file = await api('GET', `/giveaway/${g.id}/frozen-entries.txt`);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    // One "hash weight" line per entry: nobody here holds bonus entries.
    expect(file.body).toBe(receipts.map((r) => `${referenceSha256(r)} 1\n`).join(''));
    expect(file.body).not.toMatch(EMAIL_LIKE);
    expect((await getGiveaway(t.app, g.id)).frozen).toEqual({
      frozen_at: expect.any(String),
      reason: 'stopped',
      entrant_count: 4,
      fingerprint: referenceSha256(file.body),
    });
  });

  test('a full giveaway freezes with its last entry; the cap and dates can no longer change', async () => {
    const g = await createGiveaway(t.app, t.admin, { max_participants: 3 });
    await fill(g.id, 3);
    expect((await getGiveaway(t.app, g.id)).frozen).toMatchObject({
      reason: 'full',
      entrant_count: 3,
    });
    const raise = await api(
      'PUT',
      `/giveaway/${g.id}`,
      { ...validForm(), max_participants: 10 },
      t.admin,
    );
    expect(raise.statusCode).toBe(409);
    expect(raise.json().detail).toBe(
      'Entries to this giveaway have closed and the entry list is frozen, so its dates, maximum, number of winners, external random value, referral bonus cap and confirmation step can no longer change (this edit changes the max participants).',
    );
    expect((await enter(t.app, g.id, 'more@example.com', 'more')).statusCode).toBe(409);
    // What does not touch the draw may still change before it.
    const retitled = await api(
      'PUT',
      `/giveaway/${g.id}`,
      { ...validForm(), max_participants: 3, description: 'Now with a better description.' },
      t.admin,
    );
    expect(retitled.statusCode).toBe(200);
  });

  test('a giveaway past its end date is frozen on the next read, and cannot be reopened by a new end date', async () => {
    const g = await createGiveaway(t.app, t.admin, { end_date: utcDate(10) });
    await fill(g.id, 2);
    // Entries closed at the end of the end date: simulate that day having passed.
    await t.app.db
      .updateTable('giveaways')
      .set({ start_date: utcDate(-20), end_date: utcDate(-1) })
      .where('id', '=', g.id)
      .execute();
    const read = await getGiveaway(t.app, g.id);
    expect(read).toMatchObject({ status: 'ended', frozen: { reason: 'ended', entrant_count: 2 } });
    const reopen = await api(
      'PUT',
      `/giveaway/${g.id}`,
      { ...validForm(), start_date: utcDate(-20), end_date: utcDate(30) },
      t.admin,
    );
    expect(reopen.statusCode).toBe(409);
    expect((await enter(t.app, g.id, 'after@example.com', 'after')).statusCode).toBe(409);
    const changes = (await api('GET', `/giveaway/${g.id}/changes`, undefined, t.admin)).json<
      GiveawayChange[]
    >();
    expect(changes.find((c) => c.action === 'frozen')).toMatchObject({ actor: 'system' });
  });

  test('simultaneous entries and Stop Accepting: every stored entry is in the list, none after it', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await fill(g.id, 2);
    const [stopped, ...entries] = await Promise.all([
      stop(g.id),
      ...Array.from({ length: 25 }, (_, i) =>
        enter(t.app, g.id, `race${i}@example.com`, `race_${i}`),
      ),
    ]);
    expect(stopped?.statusCode).toBe(200);
    for (const r of entries) expect([200, 409]).toContain(r.statusCode);
    const accepted = entries
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json<{ receipt: string }>().receipt);
    const list = await frozenList(g.id);
    const after = await getGiveaway(t.app, g.id);
    expect(list).toHaveLength(after.participant_count);
    expect(list).toHaveLength(2 + accepted.length);
    for (const receipt of accepted) expect(list).toContain(referenceSha256(receipt));
  });
});

describe('official rules', () => {
  test('an entry must accept the rules: without "accept_rules": true it is refused with a sentence', async () => {
    const g = await createGiveaway(t.app, t.admin, { min_age: 21 });
    for (const extra of [{ accept_rules: undefined }, { accept_rules: false }]) {
      const res = await enter(t.app, g.id, 'ann@example.com', 'ann', extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(
        'Please read the official rules and confirm that you accept them and are at least 21 ("accept_rules": true).',
      );
    }
    const text = await enter(t.app, g.id, 'ann@example.com', 'ann', { accept_rules: 'true' });
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toBe('Please check the body: accept_rules must be true or false.');
    expect((await getGiveaway(t.app, g.id)).participant_count).toBe(0);
  });

  test('the rules state who may enter, the dates, prize, draw, notice, claim period and data kept', async () => {
    const g = await createGiveaway(t.app, t.admin, {
      min_age: 21,
      region: 'the United Kingdom',
      claim_days: 10,
      max_participants: 100,
      extra_terms: 'No cash alternative.',
      external_randomness: 'drand mainnet round 5000000',
    });
    const rules = (await api('GET', `/giveaway/${g.id}/rules`)).json<GiveawayRules>();
    expect(rules).toMatchObject({ giveaway_id: g.id, version: 1, current_version: 1, min_age: 21 });
    expect(rules.sections.map((s) => s.heading)).toEqual([
      'Organiser',
      'Who may enter',
      'Dates',
      'Bonus entries for referrals',
      'The prize',
      'How the winner is drawn',
      'How the winner is told',
      'Claiming the prize',
      'If the prize is not claimed',
      'What we store and for how long',
      'Additional terms',
    ]);
    const text = rules.sections.map((s) => s.text).join('\n');
    expect(text).toContain('People aged 21 or over who live in the United Kingdom.');
    expect(text).toContain('or as soon as 100 entries have been received');
    expect(text).toContain(g.commitment ?? 'commitment');
    expect(text).toContain('drand mainnet round 5000000');
    expect(text).toContain('The winner has 10 days from the draw to claim the prize');
    expect(text).toContain('No cash alternative.');
  });

  test('editing before any entry rewrites version 1; after entries it publishes version 2, and entries keep theirs', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await api('PUT', `/giveaway/${g.id}`, { ...validForm(), min_age: 16 }, t.admin);
    let rules = (await api('GET', `/giveaway/${g.id}/rules`)).json<GiveawayRules>();
    expect(rules.current_version).toBe(1);
    expect(rules.sections[1]?.text).toContain('People aged 16 or over');

    const first = await enter(t.app, g.id, 'v1@example.com', 'v1_entrant', { rules_version: 1 });
    expect(first.json()).toMatchObject({ rules_version: 1 });
    const edited = await api('PUT', `/giveaway/${g.id}`, { ...validForm(), min_age: 18 }, t.admin);
    expect(edited.json<Giveaway>().rules_version).toBe(2);
    rules = (await api('GET', `/giveaway/${g.id}/rules`)).json<GiveawayRules>();
    expect(rules).toMatchObject({ version: 2, current_version: 2 });
    expect(rules.versions.map((v) => v.version)).toEqual([1, 2]);
    const old = (await api('GET', `/giveaway/${g.id}/rules?version=1`)).json<GiveawayRules>();
    expect(old.sections[1]?.text).toContain('People aged 16 or over');
    expect((await api('GET', `/giveaway/${g.id}/rules?version=3`)).statusCode).toBe(404);

    // Someone who read version 1 before the change is asked to read again, not recorded as accepting 2.
    const stale = await enter(t.app, g.id, 'late@example.com', 'late_reader', { rules_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(
      'The rules of this giveaway changed while you were entering (you read version 1; the current one is version 2). Please read them again, then enter.',
    );
    const second = await enter(t.app, g.id, 'v2@example.com', 'v2_entrant', { rules_version: 2 });
    expect(second.json()).toMatchObject({ rules_version: 2 });
    const stored = await t.app.db
      .selectFrom('participants')
      .select(['instagram_handle', 'rules_version'])
      .where('giveaway_id', '=', g.id)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { instagram_handle: 'v1_entrant', rules_version: 1 },
      { instagram_handle: 'v2_entrant', rules_version: 2 },
    ]);
    // A change that does not touch the rules (the description) makes no new version.
    const described = await api(
      'PUT',
      `/giveaway/${g.id}`,
      { ...validForm(), min_age: 18, description: 'Changed.' },
      t.admin,
    );
    expect(described.json<Giveaway>().rules_version).toBe(2);
  });
});

describe('receipts', () => {
  test('"Was I in the draw?" finds a receipt before and after the freeze, and never names anyone', async () => {
    const g = await createGiveaway(t.app, t.admin);
    const [mine, other] = await fill(g.id, 2);
    const check = (receipt: string) => api('POST', `/giveaway/${g.id}/receipt`, { receipt });

    const open = await check((mine ?? '').toLowerCase().replace(/-/g, ' '));
    expect(open.statusCode).toBe(200);
    expect(open.json<ReceiptCheckResponse>()).toEqual({
      found: true,
      message:
        'Yes: your entry is recorded. When entries close it goes into the frozen list that the winner is drawn from.',
      receipt: mine,
      receipt_hash: referenceSha256(mine ?? ''),
      entered_at: expect.any(String),
      rules_version: 1,
      frozen: false,
      position: null,
      confirmed: true,
      entries: 1,
      bonus_entries: 0,
      won: false,
    });
    await stop(g.id);
    const frozen = (await check(other ?? '')).json<ReceiptCheckResponse>();
    expect(frozen).toMatchObject({ found: true, frozen: true, position: 1 });
    expect(frozen.message).toBe(
      'Yes: your entry is in the frozen entry list, at position 2, so it is in the draw.',
    );

    const unknown = (await check('K7M2-9QXD-4HVA-PN3T')).json<ReceiptCheckResponse>();
    expect(unknown).toMatchObject({ found: false, position: null, entered_at: null });
    const malformed = await check('hello');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe(
      'That is not a receipt code: a receipt has 16 letters and digits, like K7M2-9QXD-4HVA-PN3T.',
    );
    for (const res of [open, malformed]) expect(res.body).not.toMatch(EMAIL_LIKE);
    expect(open.body).not.toContain(`g${g.id}_0`);
  });

  test('without mail configured nothing piles up in the outbox', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await fill(g.id, 1, 'quiet');
    expect((await outbox()).filter((m) => m.to.startsWith('quiet'))).toEqual([]);
  });

  test('with mail configured the receipt is mailed to the entrant', async () => {
    const smtp = await startSmtp();
    const mailing = await setup({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://agentworks.example' });
    try {
      const g = await createGiveaway(mailing.app, mailing.admin, { title: 'Mailed' });
      const res = await enter(mailing.app, g.id, 'ann@example.com', 'ann');
      const { receipt } = res.json<{ receipt: string }>();
      const mail = await smtp.waitForMail(0);
      expect(mail.to).toEqual(['ann@example.com']);
      expect(mail.headers.subject).toBe('=?UTF-8?Q?Your_entry_receipt_for_=22Mailed=22?=');
      expect(mail.text).toContain(`    ${receipt}`);
      expect(mail.text).toContain(`https://agentworks.example/giveaway/${g.id}/check`);
      expect(mail.text).toContain(`https://agentworks.example/giveaway/${g.id}/rules?version=1`);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});

describe('the winner is told and claims; re-draws after the deadline', () => {
  test('the winner mail carries the claim link and deadline; the claim is recorded once', async () => {
    const g = await createGiveaway(t.app, t.admin, { title: 'Claim me', claim_days: 3 });
    await fill(g.id, 2, 'claim');
    const drawn = (await selectWinner(g.id)).json<SelectWinnerResponse>();
    const email = drawn.winner?.email ?? '';
    const mail = (await outbox()).find((m) => m.to === email);
    expect(mail?.subject).toBe('You won the giveaway "Claim me"');
    // Admins read the mail with the claim link replaced; the winner's own copy has it.
    expect(mail?.text).toContain('To claim it, open this link by');
    expect(mail?.text).toContain('[link sent to the recipient]');
    expect(mail?.text).not.toContain('token=');
    expect((await deliveredMail(t.app.db)).find((m) => m.to === email)?.text).toContain(
      `/giveaway/${g.id}/claim?token=`,
    );
    expect(mail?.text).toContain('You have 3 days to claim.');
    expect(mail?.text).toContain(`/giveaway/${g.id}/verify`);
    const token = await claimToken(email);

    const wrong = await api('POST', `/giveaway/${g.id}/claim`, {
      token: 'not-the-token',
      ...DELIVERY,
    });
    expect(wrong.statusCode).toBe(404);
    const claimed = await api('POST', `/giveaway/${g.id}/claim`, { token, ...DELIVERY });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({
      success: true,
      title: 'Claim me',
      claimed_at: expect.any(String),
    });
    expect(claimed.json().message).toMatch(/^Your claim is recorded: /);
    const twice = await api('POST', `/giveaway/${g.id}/claim`, { token, ...DELIVERY });
    expect(twice.json().message).toMatch(/^You already claimed this prize on /);
    const round = (await getGiveaway(t.app, g.id)).draws[0];
    expect(round).toMatchObject({ claim_status: 'claimed', claimed_at: claimed.json().claimed_at });

    await expireClaim(g.id);
    const redraw = await api('POST', `/giveaway/${g.id}/redraw`, { reason: 'Too late' }, t.admin);
    expect(redraw.statusCode).toBe(409);
    expect(redraw.json().detail).toMatch(
      /^The winner claimed the prize on .+, so it cannot be drawn again\.$/,
    );
  });

  test('no re-draw before the deadline; after it, a re-draw with a reason excludes the unclaimed winner', async () => {
    const g = await createGiveaway(t.app, t.admin, { title: 'Second chance' });
    await fill(g.id, 3, 'second');
    const first = (await selectWinner(g.id)).json<SelectWinnerResponse>();
    const firstToken = await claimToken(first.winner?.email ?? '');

    const early = await api('POST', `/giveaway/${g.id}/redraw`, { reason: 'Impatient' }, t.admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(
      /^The winner can claim the prize until .+; it can be drawn again only after that\. If the winner cannot win, disqualify them and draw again now\.$/,
    );
    for (const reason of ['', '   ']) {
      const blank = await api('POST', `/giveaway/${g.id}/redraw`, { reason }, t.admin);
      expect(blank.statusCode).toBe(400);
    }

    await expireClaim(g.id);
    expect((await getGiveaway(t.app, g.id)).draws[0]?.claim_status).toBe('unclaimed');
    const late = await api('POST', `/giveaway/${g.id}/claim`, { token: firstToken, ...DELIVERY });
    expect(late.statusCode).toBe(410);
    const again = await api(
      'POST',
      `/giveaway/${g.id}/redraw`,
      { reason: 'The first winner did not claim within 7 days.' },
      t.admin,
    );
    expect(again.statusCode).toBe(200);
    const second = again.json<SelectWinnerResponse>();
    expect(second.round).toBe(2);
    expect(second.winner?.id).not.toBe(first.winner?.id);
    expect(second.message).toMatch(/won the re-draw of "Second chance", drawn from 2 entries/);

    const after = await getGiveaway(t.app, g.id);
    expect(after.winner_id).toBe(second.winner?.id);
    expect(after.draws.map((d) => [d.round, d.reason, d.claim_status, d.eligible_count])).toEqual([
      [1, null, 'redrawn', 3],
      [2, 'The first winner did not claim within 7 days.', 'awaiting_claim', 2],
    ]);
    expect(after.draws[0]?.winner_handle).toBe(first.winner?.instagram_handle);
    for (const body of [
      JSON.stringify(after),
      (await api('GET', `/giveaway/${g.id}/verification`)).body,
    ])
      expect(body).not.toMatch(EMAIL_LIKE);

    // The first winner's link stays dead; the new winner's works.
    const stale = await api('POST', `/giveaway/${g.id}/claim`, { token: firstToken, ...DELIVERY });
    expect(stale.statusCode).toBe(410);
    expect(stale.json().detail).toBe(
      'This claim link is no longer valid: the prize was drawn again (see the giveaway’s draw history for the reason).',
    );
    const fresh = await api('POST', `/giveaway/${g.id}/claim`, {
      token: await claimToken(second.winner?.email ?? ''),
      ...DELIVERY,
    });
    expect(fresh.statusCode).toBe(200);
    await recompute(g.id);
  });

  test('a claim link says what it stands for before anything is typed, and a disqualified winner is told by mail', async () => {
    const g = await createGiveaway(t.app, t.admin, { title: 'Links <&> "states"', claim_days: 3 });
    await fill(g.id, 4, 'states');
    const status = (token: string) => api('POST', `/giveaway/${g.id}/claim/status`, { token });
    const first = (await selectWinner(g.id)).json<SelectWinnerResponse>();
    const firstToken = await claimToken(first.winner?.email ?? '');

    // Open: with its deadline, in words on the site's clock with the zone named.
    const open = await status(firstToken);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.json()).toMatchObject({
      state: 'open',
      title: 'Links <&> "states"',
      place: 1,
      round: 1,
      claim_deadline: expect.any(String),
      claim_deadline_text: expect.stringMatching(/ \(UTC\)$/),
      claimed_at: null,
      reason: null,
    });
    expect((await status('not-the-token')).statusCode).toBe(404);
    expect((await status('')).statusCode).toBe(400);
    expect((await api('POST', `/giveaway/${g.id}/claim/status`, {})).statusCode).toBe(400);

    // Disqualified: the winner hears it by mail with the published reason; the link says so.
    const reason = 'Entered twice with a second account.';
    const out = await api('POST', `/giveaway/${g.id}/disqualify-winner`, { reason }, t.admin);
    expect(out.statusCode).toBe(200);
    expect((await status(firstToken)).json()).toMatchObject({ state: 'disqualified', reason });
    const withdrawn = (await deliveredMail(t.app.db)).filter(
      (m) => m.to === first.winner?.email && m.subject.startsWith('Your win of'),
    );
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]?.subject).toBe('Your win of "Links <&> "states"" was withdrawn');
    expect(withdrawn[0]?.text).toContain(`The reason, published with the new draw: ${reason}`);
    expect(withdrawn[0]?.text).not.toContain('token=');

    // Claimed: the same link reopens as claimed, not as an empty form.
    const second = out.json<SelectWinnerResponse>();
    const secondToken = await claimToken(second.winner?.email ?? '');
    expect(
      (await api('POST', `/giveaway/${g.id}/claim`, { token: secondToken, ...DELIVERY }))
        .statusCode,
    ).toBe(200);
    expect((await status(secondToken)).json()).toMatchObject({
      state: 'claimed',
      claimed_at: expect.any(String),
    });

    // Expired, then drawn again after the deadline.
    const h = await createGiveaway(t.app, t.admin, { title: 'Expiring' });
    await fill(h.id, 3, 'expiring');
    const late = (await selectWinner(h.id)).json<SelectWinnerResponse>();
    const lateToken = await claimToken(late.winner?.email ?? '');
    await expireClaim(h.id);
    const expired = await api('POST', `/giveaway/${h.id}/claim/status`, { token: lateToken });
    expect(expired.json()).toMatchObject({ state: 'expired' });
    await api('POST', `/giveaway/${h.id}/redraw`, { reason: 'Not claimed in time.' }, t.admin);
    const redrawn = await api('POST', `/giveaway/${h.id}/claim/status`, { token: lateToken });
    expect(redrawn.json()).toMatchObject({ state: 'redrawn', reason: null });
    // Another giveaway's token is no link of this one.
    expect((await status(lateToken)).statusCode).toBe(404);
  });

  test("a re-draw's winner cannot be computed from the public record before it: its seed is only committed", async () => {
    let predictedByFirstSeed = 0;
    for (let i = 0; i < 4; i += 1) {
      const g = await createGiveaway(t.app, t.admin, { title: `Unforeseeable ${i}` });
      await fill(g.id, 40, `unforeseen${i}`);
      const first = await selectWinner(g.id);
      expect(first.statusCode).toBe(200);
      const secret = async (round: number) =>
        (
          await t.app.db
            .selectFrom('giveaway_round_seeds')
            .select(['seed', 'committed_at'])
            .where('giveaway_id', '=', g.id)
            .where('round', '=', round)
            .executeTakeFirstOrThrow()
        ).seed;
      const seed2 = await secret(2);

      // After round 1 only the next seed's commitment is public; the seed is in no answer.
      const bodies = [first.body];
      for (const auth of [undefined, t.admin]) {
        for (const url of [
          `/giveaway/${g.id}`,
          '/giveaway',
          `/giveaway/${g.id}/verification`,
          `/giveaway/${g.id}/frozen-entries.txt`,
          `/giveaway/${g.id}/rules`,
        ])
          bodies.push((await api('GET', url, undefined, auth)).body);
      }
      bodies.push((await api('GET', `/giveaway/${g.id}/changes`, undefined, t.admin)).body);
      bodies.push((await api('GET', '/outbox/?per_page=100', undefined, t.admin)).body);
      for (const body of bodies) expect(body).not.toContain(seed2);
      const before = await verification(g.id);
      expect(before.seed).not.toBe(seed2);
      expect(before.redraw_seeds).toEqual([
        {
          round: 2,
          commitment: referenceSha256(seed2),
          committed_at: before.draws[0]?.drawn_at,
          seed: null,
        },
      ]);
      // What round 1's public values alone would name for round 2 (the rule before re-draw seeds).
      const lines = referenceWeightedLines(await frozenText(g.id));
      const guess = referenceWeightedPick({
        seed: before.seed ?? '',
        external: '',
        fingerprint: before.frozen?.fingerprint ?? '',
        round: 2,
        lines,
        excluded: [before.draws[0]?.position ?? -1],
      });

      await expireClaim(g.id);
      const again = await api('POST', `/giveaway/${g.id}/redraw`, { reason: 'No claim' }, t.admin);
      expect(again.statusCode).toBe(200);
      const seed3 = await secret(3);
      expect(again.body).not.toContain(seed3);

      // The re-draw reveals the seed committed before it, and that seed names its winner.
      const after = await verification(g.id);
      expect(after.redraw_seeds.map((s) => [s.round, s.commitment, s.seed])).toEqual([
        [2, before.redraw_seeds[0]?.commitment, seed2],
        [3, referenceSha256(seed3), null],
      ]);
      const round2 = after.draws[1];
      expect(round2).toMatchObject(
        referenceWeightedPick({
          seed: seed2,
          external: '',
          fingerprint: after.frozen?.fingerprint ?? '',
          round: 2,
          lines,
          excluded: [after.draws[0]?.position ?? -1],
        }),
      );
      await recompute(g.id);
      if (round2?.position === guess.position) predictedByFirstSeed += 1;
    }
    // With 39 eligible entries the first seed names round 2's winner by chance 1 time in 39;
    // four times in a row would mean the re-draw still depends on it.
    expect(predictedByFirstSeed).toBeLessThan(4);
  });

  test('when every entry has been drawn there is no one left', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await fill(g.id, 1, 'only');
    await selectWinner(g.id);
    await expireClaim(g.id);
    const res = await api('POST', `/giveaway/${g.id}/redraw`, { reason: 'No claim' }, t.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Every entry in the frozen list has already been drawn; there is no one left to draw.',
    );
  });
});

describe('the external public random value', () => {
  test('named in the rules: required, after the close only, and mixed into the draw', async () => {
    const g = await createGiveaway(t.app, t.admin, {
      external_randomness: 'drand mainnet, first round after entries close',
    });
    await fill(g.id, 5);
    const missing = await selectWinner(g.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(
      'The rules of this giveaway mix an external public random value into the draw (drand mainnet, first round after entries close). Enter that value to draw.',
    );
    const early = await selectWinner(g.id, { external_value: 'abc123' });
    expect(early.statusCode).toBe(409);
    expect((await getGiveaway(t.app, g.id)).frozen).toBeNull();
    await stop(g.id);
    const bad = await selectWinner(g.id, { external_value: 'has space' });
    expect(bad.statusCode).toBe(400);
    const value = '8c3a6f0e5b2d41f79a6b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f';
    expect((await selectWinner(g.id, { external_value: value })).statusCode).toBe(200);
    const { v } = await recompute(g.id);
    expect(v.external_value).toBe(value);
    expect(v.external_randomness).toBe('drand mainnet, first round after entries close');
  });

  test('not named: none may be mixed in', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await fill(g.id, 2);
    const res = await selectWinner(g.id, { external_value: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'The rules of this giveaway name no external random value, so none can be mixed into the draw.',
    );
  });
});

describe('tamper evidence', () => {
  test('after the draw the title, prize, dates and rules are fixed; the description is not', async () => {
    const g = await createGiveaway(t.app, t.admin);
    await fill(g.id, 2);
    await selectWinner(g.id);
    const form = { ...validForm(), start_date: g.start_date, end_date: g.end_date };
    for (const [patch, named] of [
      [{ title: 'Another title' }, 'title'],
      [{ prize: 'A lesser prize' }, 'prize'],
      [{ end_date: utcDate(60) }, 'end date'],
      [{ min_age: 30 }, 'min age'],
      [{ extra_terms: 'New small print' }, 'extra terms'],
    ] as const) {
      const res = await api('PUT', `/giveaway/${g.id}`, { ...form, ...patch }, t.admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(
        `The winner of this giveaway has been drawn, so its title, prize, dates and rules can no longer change (this edit changes the ${named}).`,
      );
    }
    const ok = await api(
      'PUT',
      `/giveaway/${g.id}`,
      { ...form, description: 'Thanks to all!' },
      t.admin,
    );
    expect(ok.statusCode).toBe(200);
    expect((await getGiveaway(t.app, g.id)).title).toBe(g.title);
  });

  test('a drawn giveaway cannot be deleted, only archived: hidden from the list, its page stays', async () => {
    const g = await createGiveaway(t.app, t.admin, { title: 'To archive' });
    await fill(g.id, 2);
    await selectWinner(g.id);
    const del = await api('DELETE', `/giveaway/${g.id}`, undefined, t.admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toBe(
      'This giveaway has been drawn, so it cannot be deleted: its rules and draw record stay public. Archive it to hide it from the list.',
    );
    const archived = await api('POST', `/giveaway/${g.id}/archive`, { archived: true }, t.admin);
    expect(archived.json()).toEqual({
      success: true,
      message:
        '"To archive" is archived: hidden from the giveaway list, while its page, rules and draw record stay.',
    });
    const publicList = (await api('GET', '/giveaway')).json<Giveaway[]>();
    expect(publicList.map((x) => x.id)).not.toContain(g.id);
    const adminList = (await api('GET', '/giveaway', undefined, t.admin)).json<Giveaway[]>();
    expect(adminList.find((x) => x.id === g.id)?.archived).toBe(true);
    expect((await api('GET', `/giveaway/${g.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/giveaway/${g.id}/rules`)).statusCode).toBe(200);
    await recompute(g.id);
    const restored = await api('POST', `/giveaway/${g.id}/archive`, { archived: false }, t.admin);
    expect(restored.statusCode).toBe(200);
    expect((await api('GET', '/giveaway')).json<Giveaway[]>().map((x) => x.id)).toContain(g.id);
    expect(
      (await api('POST', `/giveaway/${g.id}/archive`, { archived: 'yes' }, t.admin)).statusCode,
    ).toBe(400);
  });

  test('every admin change is in the change log, shown to admins only', async () => {
    const g = await createGiveaway(t.app, t.admin, { title: 'Logged' });
    await api('PUT', `/giveaway/${g.id}`, { ...validForm(), title: 'Logged again' }, t.admin);
    await fill(g.id, 2);
    await api(
      'PUT',
      `/giveaway/${g.id}`,
      { ...validForm(), title: 'Logged again', min_age: 21 },
      t.admin,
    );
    await stop(g.id);
    await selectWinner(g.id);
    await expireClaim(g.id);
    await api('POST', `/giveaway/${g.id}/redraw`, { reason: 'Nobody claimed.' }, t.admin);
    await api('POST', `/giveaway/${g.id}/archive`, { archived: true }, t.admin);

    const res = await api('GET', `/giveaway/${g.id}/changes`, undefined, t.admin);
    const log = res.json<GiveawayChange[]>();
    expect(log.map((c) => c.action)).toEqual([
      'created',
      'updated',
      'updated',
      'rules_version',
      'closed',
      'frozen',
      'drawn',
      'redrawn',
      'archived',
    ]);
    for (const change of log) expect(change.actor).toBe(t.adminName);
    expect(log[1]?.fields).toEqual([{ field: 'title', before: 'Logged', after: 'Logged again' }]);
    expect(log[7]?.summary).toContain('Reason: Nobody claimed.');
    expect((await api('GET', `/giveaway/${g.id}/changes`)).statusCode).toBe(401);
    expect((await api('GET', `/giveaway/${g.id}/changes`, undefined, t.editor)).statusCode).toBe(
      403,
    );

    const gone = await createGiveaway(t.app, t.admin, { title: 'Short-lived' });
    await api('DELETE', `/giveaway/${gone.id}`, undefined, t.admin);
    const after = (await api('GET', `/giveaway/${gone.id}/changes`, undefined, t.admin)).json<
      GiveawayChange[]
    >();
    expect(after.map((c) => c.action)).toEqual(['created', 'deleted']);
    expect((await api('GET', '/giveaway/987654/changes', undefined, t.admin)).statusCode).toBe(404);
  });
});
