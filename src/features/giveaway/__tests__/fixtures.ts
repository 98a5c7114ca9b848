import { http, HttpResponse, type JsonBodyType } from 'msw';
import { API } from '@/testing/api-server';
import { meHandler } from '@/testing/session';
import type { GiveawayItem } from '../api/giveaway-fields';

/** The receipt check's answer for an entry that counts, holding `bonus` bonus entries. */
export function receiptCheck(receipt: string, bonus = 0, overrides: object = {}) {
  return {
    found: true,
    message: 'Yes: your entry is recorded.',
    receipt,
    receipt_hash: 'a'.repeat(64),
    entered_at: '2026-03-06T10:00:00.000Z',
    rules_version: 1,
    frozen: false,
    position: null,
    confirmed: true,
    entries: 1 + bonus,
    bonus_entries: bonus,
    won: false,
    ...overrides,
  };
}

/**
 * What every giveaway test's API answers unless the test says otherwise: the signed-in member of
 * staff (when a test signs in) is a real admin, the change log an admin sees on a giveaway page is
 * empty, mail can leave, and a receipt checked (as "You're in" does) is an entry that counts.
 */
export const giveawayApiDefaults = [
  meHandler('admin'),
  http.get(`${API}/giveaway/:id/changes`, () => HttpResponse.json([])),
  http.get(`${API}/giveaway/:id/winner`, () => HttpResponse.json(null)),
  http.get(`${API}/giveaway/:id/handle-reports`, () => HttpResponse.json([])),
  // A mail server is configured unless a test says otherwise.
  http.get(`${API}/mail/status`, () => HttpResponse.json({ mail_available: true })),
  http.post(`${API}/giveaway/:id/receipt`, async ({ request }) => {
    const { receipt } = (await request.json()) as { receipt: string };
    return HttpResponse.json(receiptCheck(receipt));
  }),
];

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
    prize_picture: null,
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
    referral_cap: 5,
    confirm_entries: false,
    bonus_entry_count: 0,
    rules_version: 1,
    commitment: 'c0ffee'.padEnd(64, '0'),
    committed_at: '2026-03-01T10:00:00.000Z',
    frozen: null,
    removals: [],
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
