/*
 * The entry this browser made to a giveaway, kept in localStorage so a return visit shows
 * "You're in" with the receipt instead of an empty form. Read only after the page has mounted
 * (never during the first render, which must match the page drawn on the server).
 */

export interface KeptEntry {
  receipt: string;
  rules_version: number;
  /** The handle entered with (without @), to tell which entry this is on a shared device. */
  instagram_handle: string;
  /** ISO time the entry was recorded. */
  entered_at: string;
}

const key = (giveawayId: string) => `giveaway-entry:${giveawayId}`;
const RECEIPT = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, blocked cookies): then nothing is kept.
    return null;
  }
}

/** The kept entry, or null when there is none or what is stored is not one. */
export function readKeptEntry(giveawayId: string): KeptEntry | null {
  try {
    const text = storage()?.getItem(key(giveawayId));
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const entry = value as Record<string, unknown>;
    if (
      typeof entry.receipt !== 'string' ||
      !RECEIPT.test(entry.receipt) ||
      typeof entry.rules_version !== 'number' ||
      typeof entry.instagram_handle !== 'string' ||
      typeof entry.entered_at !== 'string'
    )
      return null;
    return {
      receipt: entry.receipt,
      rules_version: entry.rules_version,
      instagram_handle: entry.instagram_handle,
      entered_at: entry.entered_at,
    };
  } catch {
    return null;
  }
}

export function keepEntry(giveawayId: string, entry: KeptEntry): void {
  try {
    storage()?.setItem(key(giveawayId), JSON.stringify(entry));
  } catch {
    // Full or blocked storage: the receipt is still on screen (and mailed when mail is set up).
  }
}

export function forgetEntry(giveawayId: string): void {
  try {
    storage()?.removeItem(key(giveawayId));
  } catch {
    // Nothing to forget.
  }
}
