import { createContext } from 'react';
import type { GiveawayItem } from './api/giveaway-fields';

/**
 * The public list that the server drew into /giveaway's HTML at request time. The server puts
 * the same list, as JSON, in a <script type="application/json"> with this id in the page's head,
 * so the browser's first render reads what the server rendered from, and the app takes the page
 * over without a second request or a change on screen.
 */
export const SERVED_LIST_ELEMENT_ID = 'giveaway-list-data';

/** The list to render from on the server, where there is no document to read it from. */
export const ServedListContext = createContext<GiveawayItem[] | null>(null);

function isGiveawayList(value: unknown): value is GiveawayItem[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'title' in item)
  );
}

/** The served list in this document, or null when the page came without one. */
export function readServedList(): GiveawayItem[] | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SERVED_LIST_ELEMENT_ID);
  if (!element || element.textContent === null) return null;
  try {
    const value: unknown = JSON.parse(element.textContent);
    return isGiveawayList(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The served list belongs to the document's first render only: once the page has taken it over,
 * a later visit to /giveaway inside the app (Back from a giveaway) asks the API again.
 */
export function forgetServedList(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(SERVED_LIST_ELEMENT_ID)?.remove();
}
