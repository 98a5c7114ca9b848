import { useEffect } from 'react';

export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?';

/**
 * While `active`, asks before the page is left: the browser's own prompt on reload, close or an
 * address typed in (beforeunload), and a confirm for in-app links and the Back/Forward buttons.
 * Gatsby's router has no navigation blocker, so internal link clicks are caught in the capture
 * phase, before the Link's own handler runs, and history moves are caught by a capturing popstate
 * listener, which runs before the router's own (capture listeners fire first at the target). A
 * refused history move is undone by stepping back the other way; that step's popstate is
 * swallowed, so the router never learns of either.
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = LEAVE_QUESTION;
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      if (
        link.origin !== window.location.origin ||
        (link.hash && link.pathname === window.location.pathname)
      )
        return;
      if (!window.confirm(LEAVE_QUESTION)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // The entry the editor lives on. Gatsby's router stamps each entry it pushes with a `key`
    // (Date.now() at the push), so an entry with a smaller or no key lies behind this one.
    const guardedPath = window.location.pathname;
    const guardedKey = historyKey(window.history.state);
    let undoing = false;
    const onPopState = (event: PopStateEvent) => {
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      if (window.location.pathname === guardedPath) return;
      if (window.confirm(LEAVE_QUESTION)) return;
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(historyKey(event.state) > guardedKey ? -1 : 1);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [active]);
}

function historyKey(state: unknown): number {
  const key = (state as { key?: unknown } | null)?.key;
  const value = typeof key === 'string' ? Number(key) : NaN;
  return Number.isFinite(value) ? value : 0;
}
