import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PageProps } from 'gatsby';
import React from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { ToastProvider } from '@/components/ui/toast';
import { SessionProvider } from '@/features/auth';
import { createApolloClient } from '@/lib/apollo';
import { API, setupApiServer } from '@/testing/api-server';
import { meHandler, signInAs } from '@/testing/session';
import { theme } from '@/styles/theme';
import GiveawayRoutes from '@/pages/giveaway/[...]';
import { render as drawSlot } from '@/request-render/giveaway-detail';
import { GIVEAWAY_QUERY, seedGiveaway } from '../api/get-giveaway';
import type { GiveawayItem } from '../api/giveaway-fields';
import {
  forgetServedGiveaway,
  readServedGiveaway,
  SERVED_GIVEAWAY_ELEMENT_ID,
} from '../served-giveaway';
import { buildGiveaway, giveawayApiDefaults } from './fixtures';

jest.mock('canvas-confetti', () => jest.fn());

const server = setupApiServer(...giveawayApiDefaults);

/** The public answer as the server sends it to a visitor: no e-mail in the winner's details. */
function publicAnswer(overrides: Partial<GiveawayItem> = {}): GiveawayItem {
  const giveaway = buildGiveaway({
    title: 'Served Giveaway',
    prize: 'A served prize',
    ...overrides,
  });
  return JSON.parse(JSON.stringify(giveaway)) as GiveawayItem;
}

function putServed(value: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SERVED_GIVEAWAY_ELEMENT_ID;
  script.textContent = typeof value === 'string' ? value : JSON.stringify(value);
  document.head.appendChild(script);
}

afterEach(() => {
  forgetServedGiveaway();
  document.body.innerHTML = '';
});

describe('the served giveaway', () => {
  it('is read only for the id of the path, and only once it is a giveaway', () => {
    const giveaway = publicAnswer({ id: 31 });
    expect(readServedGiveaway('31')).toBeNull();
    putServed(giveaway);
    expect(readServedGiveaway('31')?.title).toBe('Served Giveaway');
    expect(readServedGiveaway('32')).toBeNull();
    forgetServedGiveaway();
    expect(readServedGiveaway('31')).toBeNull();
    putServed('{not json');
    expect(readServedGiveaway('31')).toBeNull();
    forgetServedGiveaway();
    putServed([giveaway]);
    expect(readServedGiveaway('31')).toBeNull();
  });

  it("seeds Apollo's cache as the giveaway query's complete answer", () => {
    const client = createApolloClient();
    // A public answer leaves fields out (the winner's e-mail): they are stored as null.
    const giveaway = publicAnswer({
      id: 33,
      winner_details: { instagram_handle: 'lucky' } as GiveawayItem['winner_details'],
    });
    seedGiveaway(client, giveaway);
    const read = client.readQuery({ query: GIVEAWAY_QUERY, variables: { id: '33' } });
    expect(read?.giveaway?.title).toBe('Served Giveaway');
    expect(read?.giveaway?.winner_details).toEqual({
      __typename: 'WinnerDetails',
      instagram_handle: 'lucky',
      email: null,
    });
    // Complete: a cache-first read needs nothing from the network.
    expect(
      client.cache.diff({
        query: GIVEAWAY_QUERY,
        variables: { id: '33' },
        returnPartialData: false,
        optimistic: false,
      }).complete,
    ).toBe(true);
  });
});

describe('/giveaway/{id} taken over from the server', () => {
  const pageProps = (id: number) =>
    ({
      params: { '*': String(id) },
      location: { pathname: `/giveaway/${id}`, search: '' },
    }) as unknown as PageProps;

  function Providers({ children }: { children: React.ReactNode }) {
    return (
      <ThemeProvider theme={theme}>
        <SessionProvider>
          <ToastProvider detached>{children}</ToastProvider>
        </SessionProvider>
      </ThemeProvider>
    );
  }

  it('hydrates what the server drew without an error and without asking for the giveaway', async () => {
    const giveaway = publicAnswer({ id: 41, participant_count: 3 });
    const asked: string[] = [];
    server.use(
      http.get(`${API}/giveaway/41`, () => {
        asked.push('GET');
        return HttpResponse.json({ detail: 'must not be asked' }, { status: 500 });
      }),
    );
    const slot = drawSlot(giveaway);
    expect(slot.html).toContain('Served Giveaway');
    expect(slot.html).toContain('A served prize');
    expect(slot.html).not.toContain('Loading...');
    // The browser receives the served data in the head and the drawn HTML in the page.
    putServed(
      JSON.parse(
        slot.head.slice(
          slot.head.indexOf('>', slot.head.indexOf('<script')) + 1,
          slot.head.lastIndexOf('</script>'),
        ),
      ),
    );
    const container = document.createElement('div');
    container.innerHTML = slot.html;
    document.body.appendChild(container);
    const heading = container.querySelector('h1');

    const errors: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => {
      errors.push(args);
    });
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <Providers>
          <GiveawayRoutes {...pageProps(41)} />
        </Providers>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    // The same element is still there: React adopted the server's markup instead of redrawing it.
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading?.textContent).toBe('Served Giveaway');
    // After mounting, the entry form (loaded as code) takes the reserved place.
    expect(await findIn(container, 'Enter the Giveaway')).toBe(true);
    expect(errors).toEqual([]);
    expect(asked).toEqual([]);
    expect(document.getElementById(SERVED_GIVEAWAY_ELEMENT_ID)).toBeNull();
    consoleError.mockRestore();
    act(() => root?.unmount());
  });

  it("asks again for an admin, whose answer has more than the served visitor's copy", async () => {
    const giveaway = publicAnswer({ id: 43 });
    const asked: string[] = [];
    signInAs('admin');
    server.use(
      meHandler('admin'),
      http.get(`${API}/giveaway/43`, () => {
        asked.push('GET');
        return HttpResponse.json({ ...giveaway, title: 'As the admin sees it' });
      }),
    );
    const slot = drawSlot(giveaway);
    putServed(giveaway);
    const container = document.createElement('div');
    container.innerHTML = slot.html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <Providers>
          <GiveawayRoutes {...pageProps(43)} />
        </Providers>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(await findIn(container, 'As the admin sees it')).toBe(true);
    expect(asked).toEqual(['GET']);
    expect(errors).toEqual([]);
    act(() => root?.unmount());
    window.localStorage.clear();
  });

  it('draws the loading state as built when no giveaway came with the page, then loads it', async () => {
    const giveaway = publicAnswer({ id: 42 });
    server.use(http.get(`${API}/giveaway/42`, () => HttpResponse.json(giveaway)));
    const built = drawSlot(null);
    expect(built.head).not.toContain(SERVED_GIVEAWAY_ELEMENT_ID);
    const container = document.createElement('div');
    container.innerHTML = built.html;
    document.body.appendChild(container);
    expect(container.textContent).toContain('Loading...');
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <Providers>
          <GiveawayRoutes {...pageProps(42)} />
        </Providers>,
      );
    });
    expect(await findIn(container, 'Served Giveaway')).toBe(true);
    act(() => root?.unmount());
  });
});

/** Waits (up to 3 s) for `text` in `container`. */
async function findIn(container: HTMLElement, text: string): Promise<boolean> {
  for (let i = 0; i < 60; i++) {
    if (container.textContent?.includes(text)) return true;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  return false;
}
