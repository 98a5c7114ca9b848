import { createContext, useContext, useEffect } from 'react';

/**
 * Lets a screen that fills the window on its own (the giveaway presenter view, shown on a stream
 * or a shared screen) take the site's header, menus, skip link and footer out of the page while
 * it is shown, so that none of them can be reached by keyboard or screen reader behind it. The
 * layout provides it; outside a layout it does nothing.
 */
export const SiteChromeContext = createContext<((hidden: boolean) => void) | null>(null);

/** While the calling component is mounted, the site's header, menus and footer are gone. */
export function useHideSiteChrome(): void {
  const setHidden = useContext(SiteChromeContext);
  useEffect(() => {
    if (!setHidden) return undefined;
    setHidden(true);
    return () => setHidden(false);
  }, [setHidden]);
}
