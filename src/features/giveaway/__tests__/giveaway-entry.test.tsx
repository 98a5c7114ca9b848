import { render } from '@testing-library/react';
import React from 'react';
import { ThemeProvider } from 'styled-components';
import { renderToString } from 'react-dom/server';
import { IslandCollectorProvider } from '@/lib/island';
import { theme } from '@/styles/theme';
import { entryAreaOpen, GiveawayEntryIsland } from '../components/giveaway-entry';
import { buildGiveaway } from './fixtures';

describe('entryAreaOpen', () => {
  it('holds the form while entries are open and nothing is drawn', () => {
    expect(entryAreaOpen(buildGiveaway(), null)).toBe(true);
    expect(entryAreaOpen(buildGiveaway({ entries_open: false }), null)).toBe(false);
    expect(entryAreaOpen(buildGiveaway({ winner_id: 3 }), null)).toBe(false);
  });

  it('keeps a refused form sent as a page in its place, even once entries are closed', () => {
    const refused = {
      kind: 'refused' as const,
      values: { email: 'a@example.com', instagram_handle: 'a', accept_rules: true },
      errors: {},
      message: 'Entries are closed.',
    };
    expect(entryAreaOpen(buildGiveaway({ entries_open: false }), refused)).toBe(true);
  });
});

describe('GiveawayEntryIsland', () => {
  it('names the kept entry the loader looks for, and carries its props as data', () => {
    const collected = new Set<string>();
    const { container } = render(
      <ThemeProvider theme={theme}>
        <IslandCollectorProvider value={collected}>
          <GiveawayEntryIsland
            id="12"
            title="A prize"
            rulesVersion={2}
            minAge={18}
            referralCap={0}
            open
            served={null}
          />
        </IslandCollectorProvider>
      </ThemeProvider>,
    );
    const element = container.querySelector('[data-island="giveaway-entry"]');
    expect(element?.getAttribute('data-island-stored')).toBe('giveaway-entry:12');
    expect(JSON.parse(element?.getAttribute('data-island-props') ?? '{}')).toMatchObject({
      id: '12',
      rulesVersion: 2,
      open: true,
    });
    expect(collected.has('giveaway-entry')).toBe(true);
    // The form is a real form that enters without script.
    expect(container.querySelector('form')?.getAttribute('action')).toBe('/giveaway/12/enter');
  });
});

describe("GiveawayEntry drawn for a friend's link", () => {
  it('names the friend in the first render, as the server draws it, and sends the code with the form', () => {
    const html = renderToString(
      <ThemeProvider theme={theme}>
        <IslandCollectorProvider value={new Set()}>
          <GiveawayEntryIsland
            id="12"
            title="A prize"
            rulesVersion={1}
            minAge={18}
            referralCap={3}
            open
            served={{ kind: 'referred', code: '0123456789AB' }}
          />
        </IslandCollectorProvider>
      </ThemeProvider>,
    );
    expect(html).toContain('You came through a friend&#x27;s link');
    expect(html).toContain('<input type="hidden" name="ref" value="0123456789AB"/>');
  });
});
