import { Link } from 'gatsby-link';
import React, { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { CloseIcon, LogoMark, MenuIcon } from '@/components/layout-icons';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { StaffMenuIsland } from './staff-menu';
import { CONTACT_LINK, NAV_LINKS, ariaCurrentFor } from './nav-links';
import { visuallyHidden } from '@/styles/visually-hidden';

/** The navigation's id: the popover the Menu button opens below 1024px. */
const MENU_ID = 'mobile-menu';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(255, 255, 255, 0.92);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  backdrop-filter: saturate(180%) blur(12px);

  /* The Menu button shows the close icon while the menu is open. */
  .menu-close,
  &:has(#${MENU_ID}:popover-open) .menu-open {
    display: none;
  }

  &:has(#${MENU_ID}:popover-open) .menu-close {
    display: block;
  }
`;

const Inner = styled(Container)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  height: ${({ theme }) => theme.headerHeight};
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-right: auto;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  letter-spacing: -0.02em;
  text-decoration: none;

  svg {
    flex-shrink: 0;
  }

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/**
 * The one main navigation. From 1024px it sits in the bar; below, it is a native popover the Menu
 * button opens (it opens and closes, and Escape or a click outside closes it, with no script),
 * drawn under the sticky header across the viewport.
 */
const Nav = styled.nav`
  position: fixed;
  inset: ${({ theme }) => theme.headerHeight} 0 auto 0;
  width: 100%;
  max-height: calc(100vh - ${({ theme }) => theme.headerHeight});
  margin: 0;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[5]}
    ${({ theme }) => theme.space[6]};
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.lg};

  ${({ theme }) => theme.media.lg} {
    /* In the bar: never a popover here (the Menu button is hidden), so always shown. */
    display: block;
    position: static;
    width: auto;
    max-height: none;
    overflow: visible;
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    box-shadow: none;
  }
`;

const List = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.lg} {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
    margin: 0;
  }
`;

const NavItem = styled(Link)`
  position: relative;
  display: block;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }

  &[aria-current] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.primary};
  }

  ${({ theme }) => theme.media.lg} {
    /* Tighter between 1024px and 1280px so the bar still fits when the Admin menu is shown. */
    padding: ${({ theme }) => theme.space[2]};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};

    &[aria-current]:not(:hover) {
      background: none;
    }

    &[aria-current]:hover {
      background: ${({ theme }) => theme.colors.surface};
    }

    &[aria-current]::after {
      content: '';
      position: absolute;
      right: ${({ theme }) => theme.space[2]};
      bottom: 0;
      left: ${({ theme }) => theme.space[2]};
      height: 2px;
      border-radius: 2px;
      background: ${({ theme }) => theme.colors.primary};
    }
  }

  ${({ theme }) => theme.media.xl} {
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
    font-size: 0.9375rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-shrink: 0;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const DesktopContact = styled(ButtonLink)`
  ${({ theme }) => theme.media.belowLg} {
    display: none;
  }
`;

/** Contact Us at the foot of the menu; in the bar it is the button beside it (DesktopContact). */
const MenuContact = styled(ButtonLink)`
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  flex-shrink: 0;
  justify-content: center;
  min-width: 2.75rem;
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  svg {
    flex-shrink: 0;
  }

  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

/** Icon-only on small phones (the name stays "Menu" for assistive technology). */
const ToggleLabel = styled.span`
  @media (max-width: 419.98px) {
    ${visuallyHidden}
  }
`;

export interface HeaderProps {
  pathname: string;
}

export function Header({ pathname }: HeaderProps) {
  const navRef = useRef<HTMLElement>(null);

  // In the app, where a link is a move inside the page, a change of route closes the menu.
  useEffect(() => {
    const nav = navRef.current;
    // Browsers without popovers (and jsdom) have no hidePopover; closing a closed one does nothing.
    if (nav && typeof nav.hidePopover === 'function') nav.hidePopover();
  }, [pathname]);

  return (
    <Bar>
      <Inner>
        <Brand to="/">
          <LogoMark size={30} />
          AgentWorks
        </Brand>
        {/* React 18 passes lowercase attributes it does not know through to the element. */}
        <Nav id={MENU_ID} ref={navRef} aria-label="Main" {...{ popover: 'auto' }}>
          <List>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavItem to={link.to} aria-current={ariaCurrentFor(pathname, link.to)}>
                  {link.label}
                </NavItem>
              </li>
            ))}
          </List>
          <MenuContact to={CONTACT_LINK.to} block size="lg">
            {CONTACT_LINK.label}
          </MenuContact>
        </Nav>
        <Actions>
          <StaffMenuIsland />
          <DesktopContact
            to={CONTACT_LINK.to}
            size="sm"
            aria-current={ariaCurrentFor(pathname, CONTACT_LINK.to)}
          >
            {CONTACT_LINK.label}
          </DesktopContact>
          <Toggle type="button" aria-controls={MENU_ID} {...{ popovertarget: MENU_ID }}>
            <MenuIcon size={20} className="menu-open" />
            <CloseIcon size={20} className="menu-close" />
            <ToggleLabel>Menu</ToggleLabel>
          </Toggle>
        </Actions>
      </Inner>
    </Bar>
  );
}
