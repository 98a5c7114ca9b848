import type { EntryFormState } from './components/entry-form';
import { asKeptEntry, type KeptEntry, REFERRAL_CODE } from './kept-entry';

/**
 * What the server answered the entry form sent as a page (without script, or before the page's
 * script ran), drawn into /giveaway/{id} with the giveaway: the entry just recorded (the page then
 * shows "You're in" with its receipt), or the form refused with the values as typed and a message
 * under each field. The same state goes, as JSON, in a <script type="application/json"> with this
 * id in the page's head, so the browser's first render draws what the server drew.
 */
export const SERVED_ENTRY_ELEMENT_ID = 'giveaway-entry-state';

export type ServedEntryState =
  | { kind: 'entered'; entry: KeptEntry; origin?: string }
  | ({ kind: 'refused' } & EntryFormState)
  /** The page was asked for with a friend's referral code (`?ref=`): the form names it at once. */
  | { kind: 'referred'; code: string };

/** The site's own address, as the server gives it: scheme and host, nothing after. */
const ORIGIN = /^https?:\/\/[^/\s?#]+$/;

const text = (value: unknown, max = 400): string =>
  typeof value === 'string' ? value.slice(0, max) : '';

/** `value` as a served entry state, or null. */
export function asServedEntryState(value: unknown): ServedEntryState | null {
  if (typeof value !== 'object' || value === null) return null;
  const state = value as Record<string, unknown>;
  if (state.kind === 'entered') {
    const entry = asKeptEntry(state.entry);
    if (!entry) return null;
    const origin =
      typeof state.origin === 'string' && ORIGIN.test(state.origin) ? state.origin : null;
    return origin ? { kind: 'entered', entry, origin } : { kind: 'entered', entry };
  }
  if (state.kind === 'referred') {
    return typeof state.code === 'string' && REFERRAL_CODE.test(state.code)
      ? { kind: 'referred', code: state.code }
      : null;
  }
  if (state.kind !== 'refused') return null;
  const values = (state.values ?? {}) as Record<string, unknown>;
  const errors = (state.errors ?? {}) as Record<string, unknown>;
  const message = text(state.message);
  const reported = text(state.reported, 600);
  const reportError = text(state.report_error);
  return {
    kind: 'refused',
    values: {
      email: text(values.email),
      instagram_handle: text(values.instagram_handle),
      accept_rules: values.accept_rules === true,
    },
    errors: {
      ...(text(errors.email) ? { email: text(errors.email) } : {}),
      ...(text(errors.instagram_handle) ? { instagram_handle: text(errors.instagram_handle) } : {}),
      ...(text(errors.accept_rules) ? { accept_rules: text(errors.accept_rules) } : {}),
    },
    ...(message ? { message } : {}),
    ...(state.handle_taken === true ? { handle_taken: true } : {}),
    ...(reported ? { reported } : {}),
    ...(reportError ? { report_error: reportError } : {}),
  };
}

/** The served entry state in this document, or null (read once, by the first render). */
export function readServedEntryState(): ServedEntryState | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SERVED_ENTRY_ELEMENT_ID);
  if (!element || element.textContent === null) return null;
  try {
    return asServedEntryState(JSON.parse(element.textContent) as unknown);
  } catch {
    return null;
  }
}

/** The served state belongs to the document's first render only. */
export function forgetServedEntryState(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(SERVED_ENTRY_ELEMENT_ID)?.remove();
}
