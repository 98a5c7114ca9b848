import { useEffect } from 'react';
import { setHistoryGuard } from '@/lib/history-guard';

export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?';

/**
 * While `active`, asks before the page is left: the browser's own prompt on reload, close or an
 * address typed in (beforeunload), and a confirm for in-app links and the Back/Forward buttons.
 * Gatsby's router has no navigation blocker, so internal link clicks are caught in the capture
 * phase, before the Link's own handler runs, and history moves by the history guard
 * (src/lib/history-guard.ts), whose listener runs before the router's.
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
    const clearHistoryGuard = setHistoryGuard(() => window.confirm(LEAVE_QUESTION));
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      clearHistoryGuard();
    };
  }, [active]);
}
