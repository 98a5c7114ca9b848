import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { fetchUnreadCount } from '../api/inbox-api';

/**
 * The inbox's unread count: enquiries no admin has marked read yet. The inbox loads it once and
 * every change an admin makes (marking an enquiry read or unread) answers with the new count, so
 * the tab never shows a stale number. Null until it has loaded, or if it could not be loaded.
 */
interface UnreadState {
  unread: number | null;
  setUnread: (count: number) => void;
}

const UnreadContext = createContext<UnreadState>({ unread: null, setUnread: () => undefined });

export function UnreadProvider({ children }: { children: React.ReactNode }) {
  const [unread, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    fetchUnreadCount().then(
      (response) => {
        if (live) setCount(response.unread);
      },
      // Without the count the inbox still works; the tab shows no number.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const setUnread = useCallback((count: number) => setCount(count), []);
  const value = useMemo(() => ({ unread, setUnread }), [unread, setUnread]);
  return <UnreadContext.Provider value={value}>{children}</UnreadContext.Provider>;
}

export const useUnread = () => useContext(UnreadContext);

const Pill = styled.span`
  display: inline-block;
  min-width: 1.5em;
  margin-inline-start: ${({ theme }) => theme.space[2]};
  padding: 0 0.4em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  line-height: 1.6;
  text-align: center;
`;

/** The accessible name of something labelled `label` that has `count` unread: "Inbox, 3 unread". */
export function unreadLabel(label: string, count: number | null): string | undefined {
  return count ? `${label}, ${count} unread` : undefined;
}

/**
 * "3" in a pill; nothing while there is nothing unread. Screen readers get the number from the
 * element's name (unreadLabel), so the pill itself is hidden from them.
 */
export function UnreadCount({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <Pill aria-hidden="true" data-unread-count={count}>
      {count}
    </Pill>
  );
}
