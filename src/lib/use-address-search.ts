import { useCallback, useEffect, useState } from 'react';

/**
 * A part's state kept in the address's query string (a list's filters), for a page that may run
 * without Gatsby's router (an island of a document page).
 *
 * The first render sees '' as the prebuilt page did, so hydration matches; the address's own query
 * is read once mounted. A change adds a history entry (Back and Forward step through choices, and
 * the part follows them); the page does not reload or scroll.
 */
export function useAddressSearch(): [string, (next: string) => void] {
  const [search, setSearch] = useState('');
  useEffect(() => {
    const follow = () => setSearch(window.location.search);
    follow();
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const change = useCallback((next: string) => {
    const { pathname, hash } = window.location;
    window.history.pushState(window.history.state, '', `${pathname}${next}${hash}`);
    setSearch(next);
  }, []);
  return [search, change];
}
