import type { GiveawayItem } from './api/giveaway-fields';

/**
 * The public giveaway that the server drew into /giveaway/{id}'s HTML at request time. The server
 * puts the same answer, as JSON, in a <script type="application/json"> with this id in the page's
 * head, so the browser's first render (through Apollo's cache, seeded from it) draws what the
 * server drew, and the app takes the page over without a second request or a change on screen.
 */
export const SERVED_GIVEAWAY_ELEMENT_ID = 'giveaway-data';

function isGiveaway(value: unknown): value is GiveawayItem {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'id' in value &&
    'title' in value &&
    Array.isArray((value as { draws?: unknown }).draws)
  );
}

/** `value` as a giveaway whose id is `id`, or null. */
export function asServedGiveaway(value: unknown, id?: string): GiveawayItem | null {
  if (!isGiveaway(value)) return null;
  if (id !== undefined && String(value.id) !== id) return null;
  return value;
}

/**
 * The served giveaway in this document when it is giveaway `id` (the path's), or null when the
 * page came without one (served as built: the app loads it itself).
 */
export function readServedGiveaway(id: string): GiveawayItem | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SERVED_GIVEAWAY_ELEMENT_ID);
  if (!element || element.textContent === null) return null;
  try {
    return asServedGiveaway(JSON.parse(element.textContent) as unknown, id);
  } catch {
    return null;
  }
}

/** The served giveaway belongs to the document's first render only. */
export function forgetServedGiveaway(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(SERVED_GIVEAWAY_ELEMENT_ID)?.remove();
}
