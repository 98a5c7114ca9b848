import { Link, navigate } from 'gatsby-link';
import React, { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import type { ContactUnreadResponse } from '@site/contracts';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { api } from '@/lib/api-client';
import { ChevronDownIcon } from '@/components/layout-icons';

type StaffRole = 'admin' | 'editor';

/**
 * Staff destinations in menu order, each with the roles that may open it (the server enforces the
 * same); Logout and Log out everywhere are always appended after them. Editors see the writing
 * screens only.
 */
export const ADMIN_MENU_LINKS: readonly {
  label: string;
  to: string;
  roles: readonly StaffRole[];
}[] = [
  { label: 'New Post', to: '/blog/new', roles: ['admin', 'editor'] },
  { label: 'Drafts', to: '/admin/drafts', roles: ['admin', 'editor'] },
  { label: 'Inbox', to: '/admin/inbox', roles: ['admin'] },
  { label: 'Users', to: '/admin/users', roles: ['admin'] },
  { label: 'Account', to: '/account', roles: ['admin', 'editor'] },
];

const Wrapper = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  min-height: 2.5rem;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;

  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  svg {
    flex-shrink: 0;
    transition: transform 0.15s ease;
  }

  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`;

const Panel = styled.ul`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space[2]});
  right: 0;
  z-index: 60;
  min-width: 12rem;
  margin: 0;
  padding: ${({ theme }) => theme.space[2]};
  list-style: none;
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const itemStyles = `
  display: block;
  width: 100%;
  padding: 0.5rem 0.75rem;
  border: 0;
  border-radius: 6px;
  background: transparent;
  font-size: 0.9375rem;
  text-align: left;
  text-decoration: none;
`;

const ItemLink = styled(Link)`
  ${itemStyles}
  color: ${({ theme }) => theme.colors.text};

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const ItemButton = styled.button`
  ${itemStyles}
  color: ${({ theme }) => theme.colors.danger};

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.dangerBg};
  }
`;

const Unread = styled.span`
  margin-inline-start: ${({ theme }) => theme.space[2]};
  padding: 0 0.45em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

const Divider = styled.li`
  height: 1px;
  margin: ${({ theme }) => theme.space[1]} 0;
  background: ${({ theme }) => theme.colors.border};
`;

/**
 * Disclosure-style dropdown (a button revealing a list of links) for an authenticated admin
 * ("Admin") or editor ("Editor", writing screens only). Escape or a click outside closes it; arrow
 * keys move between items. The header's StaffMenu decides whether it is shown at all, before its
 * code is even fetched.
 */
export function AdminMenu() {
  const { isAdmin, logout, logoutEverywhere } = useSession();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The inbox's unread enquiries, asked for each time an admin opens the menu (not on every page).
  const [unread, setUnread] = useState<number | null>(null);

  useEffect(() => {
    if (!open || !isAdmin) return undefined;
    let live = true;
    api.get<ContactUnreadResponse>('/contact/unread').then(
      (response) => {
        if (live) setUnread(response.unread);
      },
      // The menu works without the number.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open, isAdmin]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (wrapperRef.current && !wrapperRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const role: StaffRole = isAdmin ? 'admin' : 'editor';
  const label = isAdmin ? 'Admin' : 'Editor';
  const links = ADMIN_MENU_LINKS.filter((item) => item.roles.includes(role));

  const items = () =>
    Array.from(wrapperRef.current?.querySelectorAll<HTMLElement>('[data-admin-item]') ?? []);

  const focusItem = (index: number) => {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length]?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    // Render the panel before moving focus into it: a hidden item cannot take focus.
    if (!open) flushSync(() => setOpen(true));
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(list.length - 1);
    else if (event.key === 'ArrowDown') focusItem(current + 1);
    else focusItem(current === -1 ? list.length - 1 : current - 1);
  };

  const onBlur = (event: React.FocusEvent) => {
    if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const endSession = (end: () => Promise<void>, done: string) => () => {
    setOpen(false);
    end().then(
      () => {
        toast({ title: done });
        void navigate('/');
      },
      (error: unknown) =>
        toast({
          title: 'Could not log out',
          description:
            error instanceof Error ? error.message : 'Please check your connection and try again.',
          variant: 'destructive',
        }),
    );
  };

  return (
    <Wrapper ref={wrapperRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <Toggle
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <ChevronDownIcon size={16} />
      </Toggle>
      <Panel id={panelId} hidden={!open} aria-label={label}>
        {links.map((item) => (
          <li key={item.to}>
            <ItemLink
              to={item.to}
              data-admin-item=""
              aria-label={
                item.to === '/admin/inbox' && unread ? `Inbox, ${unread} unread` : undefined
              }
              onClick={() => setOpen(false)}
            >
              {item.label}
              {item.to === '/admin/inbox' && unread ? (
                <Unread aria-hidden="true">{unread}</Unread>
              ) : null}
            </ItemLink>
          </li>
        ))}
        <Divider role="presentation" />
        <li>
          <ItemButton
            type="button"
            data-admin-item=""
            onClick={endSession(logout, 'You are logged out')}
          >
            Logout
          </ItemButton>
        </li>
        <li>
          <ItemButton
            type="button"
            data-admin-item=""
            onClick={endSession(logoutEverywhere, 'You are logged out on every device')}
          >
            Log out everywhere
          </ItemButton>
        </li>
      </Panel>
    </Wrapper>
  );
}
