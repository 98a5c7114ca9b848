import { ApolloProvider } from '@apollo/client';
import { render } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import React from 'react';
import { RootWrapper } from '@/app/app-shell';
import { createApolloClient } from '@/lib/apollo';
import type { GiveawayItem } from '../api/giveaway-fields';

export const API = 'http://localhost/api/v1';

/**
 * The session confirms a stored token with GET /auth/me; every test's admin is a real admin, and
 * the change log an admin sees on a giveaway page is empty unless a test says otherwise.
 */
export const server = setupServer(
  http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'admin', role: 'admin' })),
  http.get(`${API}/giveaway/:id/changes`, () => HttpResponse.json([])),
);

/** Registers the MSW lifecycle for a test file; unhandled requests fail the test. */
export function setUpMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    window.localStorage.clear();
    jest.restoreAllMocks();
  });
  afterAll(() => server.close());
}

let nextId = 1;

/** A giveaway as the API sends it (public view). */
export function buildGiveaway(overrides: Partial<GiveawayItem> = {}): GiveawayItem {
  const id = overrides.id === undefined ? nextId++ : overrides.id;
  return {
    id,
    title: `Giveaway ${id}`,
    description: 'Win a free custom AI agent for your business.',
    prize: 'A custom AI agent',
    prize_image: null,
    start_date: '2026-03-05',
    end_date: null,
    max_participants: null,
    status: 'active',
    participant_count: 0,
    is_accepting_participants: true,
    entries_open: true,
    entries_closed_reason: null,
    winner_id: null,
    winner_details: null,
    winner_selected_at: null,
    draw: null,
    draws: [],
    min_age: 18,
    region: '',
    claim_days: 7,
    external_randomness: null,
    extra_terms: '',
    rules_version: 1,
    commitment: 'c0ffee'.padEnd(64, '0'),
    committed_at: '2026-03-01T10:00:00.000Z',
    frozen: null,
    archived: false,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function getGiveawaysHandler(list: JsonBodyType) {
  return http.get(`${API}/giveaway`, () => HttpResponse.json(list));
}

export function getGiveawayHandler(giveaway: GiveawayItem) {
  return http.get(`${API}/giveaway/${giveaway.id}`, () =>
    HttpResponse.json(giveaway as unknown as JsonBodyType),
  );
}

export function detail(status: number, sentence: string) {
  return HttpResponse.json({ detail: sentence }, { status });
}

export function signInAsAdmin() {
  window.localStorage.setItem('userRole', 'admin');
}

/** Renders inside the site's real providers (theme, session, toasts) and a fresh Apollo client. */
export function renderWithProviders(ui: React.ReactElement) {
  const client = createApolloClient();
  const result = render(
    <RootWrapper>
      <ApolloProvider client={client}>{ui}</ApolloProvider>
    </RootWrapper>,
  );
  return { client, ...result };
}
