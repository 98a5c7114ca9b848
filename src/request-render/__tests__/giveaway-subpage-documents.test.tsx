import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { DrawChecker } from '@/features/giveaway/components/draw-checker';
import { ReceiptCheckIsland } from '@/features/giveaway/components/receipt-check';
import { buildGiveaway } from '@/features/giveaway/__tests__/fixtures';
import {
  buildVerification,
  useNodeWebCrypto,
} from '@/features/giveaway/__tests__/verification-fixture';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { render as renderCheck } from '../giveaway-check-document';
import { render as renderRules } from '../giveaway-rules-document';
import { render as renderVerify } from '../giveaway-verify-document';

const server = setupApiServer();
beforeAll(useNodeWebCrypto);
afterEach(() => document.body.replaceChildren());

const rules = (version: number, current: number) => ({
  giveaway_id: 5,
  title: 'Rules <Giveaway>',
  min_age: 18,
  version,
  current_version: current,
  created_at: `2026-03-0${version}T10:00:00.000Z`,
  versions: Array.from({ length: current }, (_, i) => ({
    version: i + 1,
    created_at: `2026-03-0${i + 1}T10:00:00.000Z`,
  })),
  sections: [{ heading: 'Who may enter', text: `People aged 18 or over (version ${version}).` }],
});

/** The drawn slot's HTML as a document holds it. */
function drawn(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

/** The islands in a drawn slot: name and props. */
function islandsOf(root: HTMLElement) {
  return [...root.querySelectorAll('[data-island]')].map((el) => ({
    name: el.getAttribute('data-island'),
    load: el.getAttribute('data-island-load'),
    props: JSON.parse(el.getAttribute('data-island-props') ?? 'null') as unknown,
  }));
}

describe('the rules slot', () => {
  it('draws the loading frame as built, and the rules of a version with no island', () => {
    expect(renderRules(null).html).toContain('Loading...');
    const { html, head } = renderRules(rules(1, 2));
    expect(head).toContain('<style');
    const page = drawn(html);
    expect(page.querySelector('h1')?.textContent).toBe('Official Rules');
    expect(page.textContent).toContain('Rules <Giveaway>');
    expect(html).not.toContain('<Giveaway>');
    expect(page.textContent).toContain('Version 1 of 2');
    expect(page.textContent).toContain('This is not the current version');
    expect([...page.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain(
      '/giveaway/5/rules',
    );
    expect(page.textContent).toContain('People aged 18 or over (version 1).');
    expect(islandsOf(page)).toEqual([]);
    // The icons it draws come with their symbols (the built page's sprite lacks them).
    for (const use of page.querySelectorAll('use'))
      expect(
        page.querySelector(`symbol[id="${use.getAttribute('href')?.slice(1)}"]`),
      ).not.toBeNull();
    expect(page.querySelectorAll('use').length).toBeGreaterThan(0);
  });

  it('draws the loading frame for an answer that is not rules', () => {
    expect(renderRules({ title: 'x' }).html).toBe(renderRules(null).html);
  });
});

describe('the "Was I in the draw?" slot', () => {
  it('draws the page with the receipt form as an island', () => {
    expect(renderCheck(null).html).toContain('Loading...');
    const page = drawn(renderCheck(buildGiveaway({ id: 8, title: 'Check <me>' })).html);
    expect(page.querySelector('h1')?.textContent).toBe('Was I in the draw?');
    expect(page.textContent).toContain('Check <me>');
    expect(islandsOf(page)).toEqual([{ name: 'giveaway-check', load: null, props: { id: '8' } }]);
    const island = page.querySelector('[data-island="giveaway-check"]') as HTMLElement;
    expect(within(island).getByRole('button', { name: 'Check Receipt' })).toBeInTheDocument();
    expect(within(island).getByLabelText(/Receipt code/)).toBeInTheDocument();
    expect(
      within(page).getByRole('link', { name: 'See the frozen list and check the draw yourself' }),
    ).toHaveAttribute('href', '/giveaway/8/verify');
  });

  it('draws the answer to the form sent as a page, with the code as typed', () => {
    const result = {
      found: false,
      message: 'No entry of this giveaway has that receipt code.',
      receipt: null,
      receipt_hash: null,
      entered_at: null,
      rules_version: null,
      frozen: false,
      position: null,
      confirmed: null,
      entries: null,
      bonus_entries: 0,
    };
    const giveaway = buildGiveaway({ id: 9 });
    const page = drawn(
      renderCheck(giveaway, { kind: 'checked', receipt: 'AAAA-<b>', result, problem: null }).html,
    );
    expect(within(page).getByLabelText(/Receipt code/)).toHaveValue('AAAA-<b>');
    expect(page.querySelector('b')).toBeNull();
    expect(page.textContent).toContain('No entry has this receipt');
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/giveaway/9/check');
    // The island hydrates with the same state.
    expect(islandsOf(page)[0]?.props).toEqual({
      id: '9',
      served: { receipt: 'AAAA-<b>', result, problem: null },
    });

    const refused = drawn(
      renderCheck(giveaway, {
        kind: 'checked',
        receipt: 'x',
        result: null,
        problem: 'That is not a receipt code.',
      }).html,
    );
    expect(refused.textContent).toContain('That is not a receipt code.');
    expect(renderCheck(giveaway, { kind: 'other' }).html).toBe(renderCheck(giveaway).html);
  });

  it('the island checks a receipt through the API', async () => {
    let sent: unknown = null;
    server.use(
      http.post(`${API}/giveaway/8/receipt`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          found: false,
          message: 'No entry of this giveaway has that receipt code.',
          receipt: null,
          receipt_hash: null,
          entered_at: null,
          rules_version: null,
          frozen: false,
          position: null,
          confirmed: null,
          entries: null,
          bonus_entries: 0,
        } as never);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ReceiptCheckIsland id="8" />);
    await user.type(screen.getByLabelText(/Receipt code/), 'AAAA-BBBB-CCCC-DDDD');
    await user.click(screen.getByRole('button', { name: 'Check Receipt' }));
    expect(await screen.findByText('No entry has this receipt')).toBeInTheDocument();
    expect(sent).toEqual({ receipt: 'AAAA-BBBB-CCCC-DDDD' });
  });
});

describe('the verification slot', () => {
  it('draws the record and the checker as an island that waits to be asked', () => {
    expect(renderVerify(null).html).toContain('Loading...');
    const { verification } = buildVerification(5);
    const page = drawn(renderVerify(verification).html);
    expect(page.querySelector('h1')?.textContent).toBe('Verify the Draw');
    expect(page.textContent).toContain(verification.commitment ?? '');
    expect(page.textContent).toContain('What this proves');
    expect(page.textContent).not.toContain('Verified in your browser');
    const islands = islandsOf(page);
    expect(islands).toEqual([
      { name: 'giveaway-verify', load: 'interaction', props: { v: verification, auto: false } },
    ]);
    const island = page.querySelector('[data-island="giveaway-verify"]') as HTMLElement;
    expect(
      within(island).getByRole('button', { name: 'Verify in my browser' }),
    ).toBeInTheDocument();
  });

  it('draws no checker before the draw', () => {
    const { verification } = buildVerification(5);
    const page = drawn(
      renderVerify({ ...verification, seed: null, draws: [], frozen_list_path: null }).html,
    );
    expect(page.textContent).toContain('Not drawn yet');
    expect(islandsOf(page)).toEqual([]);
  });

  it('the checker runs when asked, and only then', async () => {
    const { verification, list } = buildVerification(4);
    let listAsked = 0;
    server.use(
      http.get(`${API}/giveaway/${verification.giveaway_id}/frozen-entries.txt`, () => {
        listAsked += 1;
        return new HttpResponse(list, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DrawChecker v={verification} auto={false} />);
    expect(screen.queryByText('Verified in your browser')).not.toBeInTheDocument();
    expect(listAsked).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Verify in my browser' }));
    expect(await screen.findByText('Verified in your browser')).toBeInTheDocument();
    expect(listAsked).toBe(1);
    const steps = within(screen.getByRole('region', { name: 'The computation, step by step' }));
    expect(steps.queryByText('Failed:')).not.toBeInTheDocument();
    expect(steps.getAllByText('Passed:').length).toBeGreaterThan(0);
  });
});

describe("the subpages' own heads", () => {
  const site = {
    title: 'AgentWorks',
    description: 'Custom AI agents for business.',
    // Jest's gatsby mock answers the static query with the same metadata.
    siteUrl: 'https://agentworks.example',
  };
  const headOf = (html: string | undefined) => {
    const head = document.createElement('head');
    head.innerHTML = html ?? '';
    return {
      title: head.querySelector('title')?.textContent,
      canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      robots: head.querySelector('meta[name="robots"]'),
    };
  };

  it('name the giveaway in the title and the address asked for as canonical', () => {
    const g = buildGiveaway({ id: 5, title: 'Spring <prize>' });
    const check = headOf(renderCheck(g, undefined, { site, path: '/giveaway/5/check' }).pageHead);
    expect(check.title).toBe('Was I in the draw? - Spring <prize> | AgentWorks');
    expect(check.canonical).toBe('https://agentworks.example/giveaway/5/check');
    expect(check.robots).toBeNull();
    const drawnRules = renderRules(rules(1, 1), undefined, { site, path: '/giveaway/5/rules' });
    expect(headOf(drawnRules.pageHead).title).toMatch(/^Official Rules - .+ \| AgentWorks$/);
    expect(headOf(drawnRules.pageHead).canonical).toBe(
      'https://agentworks.example/giveaway/5/rules',
    );
  });

  it('keep the built head for the prebuilt state and without the site metadata', () => {
    expect(
      renderCheck(null, undefined, { site, path: '/giveaway/5/check' }).pageHead,
    ).toBeUndefined();
    expect(renderCheck(buildGiveaway({ id: 5 })).pageHead).toBeUndefined();
  });
});
