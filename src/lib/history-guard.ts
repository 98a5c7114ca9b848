/**
 * A way to refuse Back/Forward moves inside the app, which Gatsby's router cannot do itself.
 *
 * The router hears history moves through a `popstate` listener on window. Listeners on the event's
 * target run in the order they were added (capture or not, in Chromium), so the guard's own
 * listener has to be added first: `installHistoryGuard()` runs in gatsby-browser's
 * onClientEntry, before the app mounts. While a question is set (`setHistoryGuard`), a move away
 * from the guarded page asks it; a refused move is undone by stepping back the other way, and
 * both events are kept from the router, which never learns of either.
 */

interface Guard {
  path: string;
  /** Gatsby stamps each entry it pushes with `key` = Date.now(): a smaller key lies behind. */
  key: number;
  ask: () => boolean;
}

let guard: Guard | null = null;
let undoing = false;
let installed = false;

function historyKey(state: unknown): number {
  const key = (state as { key?: unknown } | null)?.key;
  const value = typeof key === 'string' ? Number(key) : NaN;
  return Number.isFinite(value) ? value : 0;
}

function onPopState(event: PopStateEvent) {
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  if (!guard || window.location.pathname === guard.path) return;
  if (guard.ask()) {
    guard = null;
    return;
  }
  event.stopImmediatePropagation();
  undoing = true;
  window.history.go(historyKey(event.state) > guard.key ? -1 : 1);
}

/** Adds the one popstate listener; call before the router starts listening. Idempotent. */
export function installHistoryGuard(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', onPopState);
}

/**
 * Guards the current history entry with `ask` (true = leave) until cleared with `null`.
 * Returns the function that clears it.
 */
export function setHistoryGuard(ask: (() => boolean) | null): () => void {
  installHistoryGuard();
  if (!ask) {
    guard = null;
    return () => undefined;
  }
  const mine: Guard = {
    path: window.location.pathname,
    key: historyKey(window.history.state),
    ask,
  };
  guard = mine;
  return () => {
    if (guard === mine) guard = null;
  };
}
