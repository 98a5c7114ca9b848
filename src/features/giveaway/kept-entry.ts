/*
 * The entry this browser made to a giveaway, kept in localStorage so a return visit shows
 * "You're in" with the receipt instead of an empty form. Read only after the page has mounted
 * (never during the first render, which must match the page drawn on the server).
 */

import type { KeptEntry } from '@site/contracts';
import { REFERRAL_CODE_PATTERN } from '@site/contracts/form-fields';

export type { KeptEntry };

/** The localStorage key of the entry kept for a giveaway (the island loader looks for it too). */
export const keptEntryKey = (giveawayId: string) => `giveaway-entry:${giveawayId}`;
const key = keptEntryKey;
const RECEIPT = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;
/** A referral code as the server makes them: 12 characters of Crockford's base 32. */
export const REFERRAL_CODE = new RegExp(REFERRAL_CODE_PATTERN);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, blocked cookies): then nothing is kept.
    return null;
  }
}

/** `value` as a kept entry, or null when it is not one. */
export function asKeptEntry(value: unknown): KeptEntry | null {
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
    ...(typeof entry.referral_code === 'string' && REFERRAL_CODE.test(entry.referral_code)
      ? { referral_code: entry.referral_code }
      : {}),
    ...(typeof entry.confirm_by === 'string' && !Number.isNaN(Date.parse(entry.confirm_by))
      ? { confirm_by: entry.confirm_by }
      : {}),
  };
}

/** The kept entry, or null when there is none or what is stored is not one. */
export function readKeptEntry(giveawayId: string): KeptEntry | null {
  try {
    const text = storage()?.getItem(key(giveawayId));
    return text ? asKeptEntry(JSON.parse(text) as unknown) : null;
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

const refKey = (giveawayId: string) => `giveaway-ref:${giveawayId}`;

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The referral code this visitor arrived with (`?ref=` on the giveaway's address), kept for the
 * tab's session so reading the rules first does not lose it. A value that cannot be a code is
 * ignored. Call after mounting only.
 */
export function arrivedByReferral(giveawayId: string, search: string): string | null {
  const given = new URLSearchParams(search).get('ref')?.trim().toUpperCase() ?? '';
  try {
    if (REFERRAL_CODE.test(given)) {
      session()?.setItem(refKey(giveawayId), given);
      return given;
    }
    const kept = session()?.getItem(refKey(giveawayId)) ?? '';
    return REFERRAL_CODE.test(kept) ? kept : null;
  } catch {
    return REFERRAL_CODE.test(given) ? given : null;
  }
}

/** The personal link an entrant shares: the giveaway's page with their referral code. */
export function referralLink(origin: string, giveawayId: string, code: string): string {
  return `${origin}/giveaway/${encodeURIComponent(giveawayId)}?ref=${encodeURIComponent(code)}`;
}
