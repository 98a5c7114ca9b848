import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ClaimLinkState } from '@site/contracts';
import React from 'react';
import { CheckPage } from '../components/check-page';
import { ClaimPage } from '../components/claim-page';
import { RulesPage, versionFrom } from '../components/rules-page';
import { VerifyPage } from '../components/verify-page';
import { API, detail, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { giveawayApiDefaults, buildGiveaway, getGiveawayHandler } from './fixtures';
import {
  buildVerification,
  buildWeightedVerification,
  useNodeWebCrypto,
} from './verification-fixture';

const server = setupApiServer(...giveawayApiDefaults);
beforeAll(useNodeWebCrypto);

const rules = (version: number, current: number) => ({
  giveaway_id: 5,
  title: 'Rules Giveaway',
  min_age: 18,
  version,
  current_version: current,
  created_at: `2026-03-0${version}T10:00:00.000Z`,
  versions: Array.from({ length: current }, (_, i) => ({
    version: i + 1,
    created_at: `2026-03-0${i + 1}T10:00:00.000Z`,
  })),
  sections: [
    { heading: 'Who may enter', text: `People aged 18 or over (version ${version}).` },
    { heading: 'The prize', text: 'A custom agent. There is one winner.' },
  ],
});

describe('RulesPage', () => {
  it('shows the current rules with every version linked', async () => {
    server.use(http.get(`${API}/giveaway/5/rules`, () => HttpResponse.json(rules(2, 2))));
    renderWithProviders(<RulesPage id="5" search="" />, { apollo: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Official Rules' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Rules Giveaway')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Who may enter' })).toBeInTheDocument();
    expect(screen.getByText('People aged 18 or over (version 2).')).toBeInTheDocument();
    expect(
      screen.getByText(/These rules were changed after entries had been made/),
    ).toBeInTheDocument();
    const versions = within(screen.getByRole('list', { name: 'Rules versions' }));
    expect(versions.getByRole('link', { name: /Version 1/ })).toHaveAttribute(
      'href',
      '/giveaway/5/rules?version=1',
    );
    expect(versions.getByText(/Version 2/)).toHaveAttribute('aria-current', 'page');
    expect(document.title).toMatch(/^Official Rules - Rules Giveaway/);
  });

  it('shows an older version with a pointer to the current one', async () => {
    let asked = '';
    server.use(
      http.get(`${API}/giveaway/5/rules`, ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json(rules(1, 2));
      }),
    );
    renderWithProviders(<RulesPage id="5" search="?version=1" />, { apollo: true });
    expect(await screen.findByText('This is not the current version')).toBeInTheDocument();
    expect(asked).toBe('?version=1');
    expect(
      screen.getByRole('link', { name: 'Read the current rules (version 2)' }),
    ).toHaveAttribute('href', '/giveaway/5/rules');
  });

  it('says so when the rules cannot be found', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(`${API}/giveaway/5/rules`, () =>
        detail(404, 'This giveaway has no rules version 9.'),
      ),
    );
    renderWithProviders(<RulesPage id="5" search="?version=9" />, { apollo: true });
    expect(await screen.findByRole('heading', { name: 'Rules Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This giveaway has no rules version 9.')).toBeInTheDocument();
  });

  it('reads only a sensible version number from the query', () => {
    expect(versionFrom('?version=3')).toBe(3);
    expect(versionFrom('?version=0')).toBeNull();
    expect(versionFrom('?version=abc')).toBeNull();
    expect(versionFrom('')).toBeNull();
  });
});

describe('CheckPage ("Was I in the draw?")', () => {
  it('checks a receipt and shows where the entry is, without naming anyone', async () => {
    let sent: unknown;
    server.use(
      getGiveawayHandler(buildGiveaway({ id: 6, title: 'Check Giveaway' })),
      http.post(`${API}/giveaway/6/receipt`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          found: true,
          message:
            'Yes: your entry is in the frozen entry list, at position 2, so it is in the draw.',
          receipt: 'K7M2-9QXD-4HVA-PN3T',
          receipt_hash: 'e'.repeat(64),
          entered_at: '2026-03-02T10:00:00.000Z',
          rules_version: 1,
          frozen: true,
          position: 1,
        });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CheckPage id="6" />, { apollo: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Was I in the draw?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Receipt' }));
    expect(
      screen.getByText('Please enter the receipt code you were given when you entered.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Receipt code/), 'k7m2 9qxd 4hva pn3t');
    await user.click(screen.getByRole('button', { name: 'Check Receipt' }));
    const result = await screen.findByText('Your entry is in the draw');
    expect(result).toBeInTheDocument();
    expect(sent).toEqual({ receipt: 'k7m2 9qxd 4hva pn3t' });
    expect(screen.getByText(/at position 2, so it is in the draw/)).toBeInTheDocument();
    expect(screen.getByText('e'.repeat(64))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Version 1' })).toHaveAttribute(
      'href',
      '/giveaway/6/rules?version=1',
    );
  });

  it("says plainly when no entry has the receipt, and shows the server's refusal inline", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      getGiveawayHandler(buildGiveaway({ id: 7 })),
      http.post(`${API}/giveaway/7/receipt`, () => {
        calls += 1;
        return calls === 1
          ? detail(400, 'That is not a receipt code.')
          : HttpResponse.json({
              found: false,
              message: 'No entry of this giveaway has this receipt code.',
              receipt: 'K7M2-9QXD-4HVA-PN3T',
              receipt_hash: 'e'.repeat(64),
              entered_at: null,
              rules_version: null,
              frozen: false,
              position: null,
            });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CheckPage id="7" />, { apollo: true });
    await user.type(await screen.findByLabelText(/Receipt code/), 'nonsense');
    await user.click(screen.getByRole('button', { name: 'Check Receipt' }));
    expect(await screen.findByText('That is not a receipt code.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Receipt code/)).toBeInvalid();
    await user.click(screen.getByRole('button', { name: 'Check Receipt' }));
    expect(await screen.findByText('No entry has this receipt')).toBeInTheDocument();
  });
});

describe('VerifyPage', () => {
  function serve(verification: object, list: string) {
    server.use(
      http.get(`${API}/giveaway/70/verification`, () => HttpResponse.json(verification as never)),
      http.get(
        `${API}/giveaway/70/frozen-entries.txt`,
        () => new HttpResponse(list, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
      ),
    );
  }

  it('recomputes the draw in the browser and says it is verified, and what that proves', async () => {
    const { verification, list } = buildVerification(9, 2);
    serve(verification, list);
    const user = userEvent.setup();
    renderWithProviders(<VerifyPage id="70" />, { apollo: true });
    expect(await screen.findByText('Verified in your browser')).toBeInTheDocument();
    expect(screen.getByText(verification.seed ?? '')).toBeInTheDocument();
    expect(screen.getByText(verification.commitment ?? '')).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'The computation, step by step' }));
    expect(steps.getAllByText('Passed:')).toHaveLength(6);
    expect(steps.queryByText('Failed:')).not.toBeInTheDocument();
    // The re-draw's own seed, revealed and checked; the next one committed and still secret.
    const [second, third] = verification.redraw_seeds;
    expect(screen.getByText(second?.seed ?? '')).toBeInTheDocument();
    expect(
      steps.getByText(
        'Draw 2 used its own seed, whose SHA-256 was published with draw 1 and which nobody outside the server knew until this draw.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(third?.commitment ?? '')).toBeInTheDocument();
    expect(
      screen.getByText('Secret until draw 3, if the prize is drawn again'),
    ).toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: 'Draw History' }));
    expect(history.getByText('@winner_1')).toBeInTheDocument();
    expect(history.getByText('Reason: The winner did not claim in time.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What this proves' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'What this does not prove' })).getByText(
        /without an external random value they could have computed who would win/,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByText('Show the frozen list (9 receipt hashes)'));
    expect(
      within(screen.getByRole('list', { name: 'Frozen entry list' })).getAllByRole('listitem'),
    ).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'Download the frozen list' })).toHaveAttribute(
      'href',
      '/api/v1/giveaway/70/frozen-entries.txt',
    );
  });

  it('recomputes a weighted draw of three winners and a re-drawn place, as the API sends them', async () => {
    const { verification, list } = buildWeightedVerification([1, 4, 1, 1, 2, 1, 1, 3], 3, [2]);
    // Served under the id the route asks for: everything the page needs comes from the answer.
    serve(
      {
        ...verification,
        giveaway_id: 70,
        frozen_list_path: '/api/v1/giveaway/70/frozen-entries.txt',
      },
      list,
    );
    const user = userEvent.setup();
    renderWithProviders(<VerifyPage id="70" />, { apollo: true });
    expect(await screen.findByText('Verified in your browser')).toBeInTheDocument();
    expect(screen.getByText(/got the same\s+winners\./)).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'The computation, step by step' }));
    expect(steps.queryByText('Failed:')).not.toBeInTheDocument();
    for (const place of [1, 2, 3])
      expect(
        steps.getByText(new RegExp(`^Place ${place}: the method picks position \\d+ of the list`)),
      ).toBeInTheDocument();
    expect(
      steps.getByText(/^Place 2 \(re-drawn, draw 4\): the method picks position \d+ of the list/),
    ).toBeInTheDocument();
    expect(
      steps.getByText(
        'The list holds 8 entries, one receipt hash and its number of entries in the draw per line (14 in all, 6 of them bonus entries).',
      ),
    ).toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: 'Draw History' }));
    expect(history.getByText(/^Place 2, drawn again \(draw 4\)/)).toBeInTheDocument();
    expect(screen.getByText('Number of winners').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByLabelText('The draw method')).toHaveTextContent(/HMAC-SHA-256/);
    await user.click(screen.getByText('Show the frozen list (8 lines: receipt hash and weight)'));
    expect(
      within(screen.getByRole('list', { name: 'Frozen entry list' })).getAllByRole('listitem'),
    ).toHaveLength(8);
  });

  it('says the check failed when the published winner is not the computed one', async () => {
    const { verification, list } = buildVerification(6);
    const round = verification.draws[0];
    serve(
      { ...verification, draws: [{ ...round, position: ((round?.position ?? 0) + 1) % 6 }] },
      list,
    );
    renderWithProviders(<VerifyPage id="70" />, { apollo: true });
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByText('Failed:')).toBeInTheDocument();
  });

  it('before the draw: the commitment, and the seed kept secret', async () => {
    const { verification } = buildVerification(3);
    serve(
      {
        ...verification,
        seed: null,
        external_value: null,
        frozen: null,
        frozen_list_path: null,
        draws: [],
        redraw_seeds: [],
      },
      '',
    );
    renderWithProviders(<VerifyPage id="70" />, { apollo: true });
    expect(await screen.findByText('Not drawn yet')).toBeInTheDocument();
    expect(screen.getByText('Secret until the draw')).toBeInTheDocument();
    expect(screen.getByText(verification.commitment ?? '')).toBeInTheDocument();
  });
});

/** The claim link's state as the server answers it. */
const linkState = (id: number, state: Partial<ClaimLinkState> = {}) =>
  http.post(`${API}/giveaway/${id}/claim/status`, () =>
    HttpResponse.json<ClaimLinkState>({
      state: 'open',
      title: 'Won Giveaway',
      prize: 'A voice agent',
      place: 1,
      round: 1,
      claim_deadline: '2026-03-08T10:00:00.000Z',
      claim_deadline_text: 'March 8, 2026 at 10:00 AM (UTC)',
      claimed_at: null,
      reason: null,
      ...state,
    }),
  );

describe('ClaimPage', () => {
  it('claims with the token from the link and confirms it', async () => {
    let sent: unknown;
    server.use(
      linkState(8),
      getGiveawayHandler(buildGiveaway({ id: 8, title: 'Won Giveaway', prize: 'A voice agent' })),
      http.post(`${API}/giveaway/8/claim`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          success: true,
          message: 'Your claim is recorded: March 3, 2026 at 10:00 AM (UTC).',
          title: 'Won Giveaway',
          prize: 'A voice agent',
          claimed_at: '2026-03-03T10:00:00.000Z',
        });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ClaimPage id="8" search="?token=abc_DEF-123" />, { apollo: true });
    expect(await screen.findByText('Won Giveaway', { selector: 'strong' })).toBeInTheDocument();
    // The deadline is stated, on the site's clock with its zone.
    expect(
      await screen.findByText(/Claim it by March 8, 2026 at 10:00 AM \(UTC\)\./),
    ).toBeInTheDocument();
    // Delivery details and consent are required before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Claim Prize' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(
      screen.getByText('Please enter the postal or delivery details the prize should be sent to.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please agree that these details are used to deliver the prize.'),
    ).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.type(screen.getByLabelText(/Your name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/Postal or delivery details/), '1 High St\nLeeds');
    await user.click(screen.getByRole('checkbox', { name: /used to deliver the prize/ }));
    await user.click(screen.getByRole('button', { name: 'Claim Prize' }));
    expect(await screen.findByText('Prize claimed!')).toBeInTheDocument();
    expect(sent).toEqual({
      token: 'abc_DEF-123',
      full_name: 'Ann Lee',
      delivery_address: '1 High St\nLeeds',
      consent: true,
    });
    expect(
      screen.getByText('Your claim is recorded: March 3, 2026 at 10:00 AM (UTC).'),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when the claim is refused", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      linkState(9),
      getGiveawayHandler(buildGiveaway({ id: 9 })),
      http.post(`${API}/giveaway/9/claim`, () =>
        detail(410, 'The claim period for this prize ended on March 1, 2026.'),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ClaimPage id="9" search="?token=old" />, { apollo: true });
    await user.type(await screen.findByLabelText(/Your name/), 'Ann Lee');
    await user.type(screen.getByLabelText(/Postal or delivery details/), '1 High St');
    await user.click(screen.getByRole('checkbox', { name: /used to deliver the prize/ }));
    await user.click(screen.getByRole('button', { name: 'Claim Prize' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The claim period for this prize ended on March 1, 2026.',
    );
  });

  it.each([
    [
      'claimed',
      { state: 'claimed', claimed_at: '2026-03-03T10:00:00.000Z' },
      'Prize claimed',
      /You claimed this prize on/,
    ],
    [
      'expired',
      { state: 'expired' },
      'The claim period has ended',
      /ended on March 8, 2026 at 10:00 AM \(UTC\)/,
    ],
    ['redrawn', { state: 'redrawn' }, 'This prize was drawn again', /no longer works/],
    [
      'disqualified',
      { state: 'disqualified', reason: 'Entered twice.' },
      'Your win was withdrawn',
      /The reason, published with the new draw: Entered twice\./,
    ],
  ] as const)('a %s link says so and shows no form', async (_name, state, title, text) => {
    server.use(linkState(11, state), getGiveawayHandler(buildGiveaway({ id: 11 })));
    renderWithProviders(<ClaimPage id="11" search="?token=abc" />, { apollo: true });
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Congratulations!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim Prize' })).not.toBeInTheDocument();
  });

  it('a link of no round says so at once', async () => {
    server.use(
      http.post(`${API}/giveaway/12/claim/status`, () =>
        detail(404, 'This claim link is not valid for this giveaway.'),
      ),
      getGiveawayHandler(buildGiveaway({ id: 12 })),
    );
    renderWithProviders(<ClaimPage id="12" search="?token=nope" />, { apollo: true });
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
    expect(screen.getByText('This claim link is not valid for this giveaway.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim Prize' })).not.toBeInTheDocument();
  });

  it('without a token it explains where the link is', async () => {
    server.use(getGiveawayHandler(buildGiveaway({ id: 10 })));
    renderWithProviders(<ClaimPage id="10" search="" />, { apollo: true });
    expect(
      await screen.findByText('This page needs the link from your e-mail'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim Prize' })).not.toBeInTheDocument();
  });
});
