import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { participantsLabel } from './states';

/*
 * The participant count of a giveaway's document page after an entry made on it. On a document
 * page the header's facts line is plain HTML (no script owns it) and the count beside the prize is
 * an island of its own, so the entry island, having entered, reads the giveaway again and hands
 * the new count to both: the facts line's count is an element marked for it, and a hydrated count
 * island follows the event (one hydrated later reads the count kept here). In the app the page
 * reads the giveaway again itself, and nothing here runs.
 */

const EVENT = 'giveaway-count';
/** The marked element of the facts line that holds "N participants" (`data-participant-count`). */
export const COUNT_ATTRIBUTE = 'data-participant-count';

const latest = new Map<string, number>();

interface CountDetail {
  id: string;
  count: number;
}

/** The count read after an entry on this page, if any. */
export function latestCount(id: string): number | undefined {
  return latest.get(id);
}

/** Hands a new participant count to the facts line and to the count island. */
export function showCount(id: string, count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) return;
  latest.set(id, count);
  for (const element of document.querySelectorAll(`[${COUNT_ATTRIBUTE}]`)) {
    if (element.getAttribute(COUNT_ATTRIBUTE) === id)
      element.textContent = participantsLabel(count);
  }
  window.dispatchEvent(new CustomEvent<CountDetail>(EVENT, { detail: { id, count } }));
}

/**
 * Reads the giveaway's public count again (after an entry made on its document page) and shows
 * it; a failed read leaves the count as it was (the next page load has it).
 */
export async function refreshCount(id: string): Promise<void> {
  try {
    const giveaway = await api.get<{ participant_count?: unknown }>(
      `/giveaway/${encodeURIComponent(id)}`,
    );
    if (typeof giveaway.participant_count === 'number') showCount(id, giveaway.participant_count);
  } catch {
    // The count is a courtesy: the entry itself was recorded and is shown.
  }
}

/** The count to show: `initial` (the page's own), then any newer one read on this page. */
export function useLiveCount(id: string | undefined, initial: number): number {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    setCount(initial);
    if (id === undefined) return undefined;
    const known = latestCount(id);
    if (known !== undefined) setCount(known);
    const onCount = (event: Event) => {
      const detail = (event as CustomEvent<CountDetail>).detail;
      if (detail?.id === id) setCount(detail.count);
    };
    window.addEventListener(EVENT, onCount);
    return () => window.removeEventListener(EVENT, onCount);
  }, [id, initial]);
  return count;
}
