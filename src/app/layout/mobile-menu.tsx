import { Link } from 'gatsby-link';
import React, { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/layout-icons';
import { CONTACT_LINK, NAV_LINKS, ariaCurrentFor } from './nav-links';

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
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

/**
 * A native popover: it opens and closes, and Escape or a click outside closes it, with no script
 * (document pages have none). Drawn under the sticky header, across the viewport.
 */
const Panel = styled.div`
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
    display: none;
  }
`;

/** The toggle shows the close icon while the menu is open. */
const Wrapper = styled.div`
  display: contents;

  .menu-close {
    display: none;
  }

  &:has(:popover-open) .menu-open {
    display: none;
  }

  &:has(:popover-open) .menu-close {
    display: block;
  }
`;

const List = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  padding: 0;
  list-style: none;
`;

const MobileLink = styled(Link)`
  display: block;
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 600;
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }

  &[aria-current] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export interface MobileMenuProps {
  pathname: string;
}

const PANEL_ID = 'mobile-menu';

/**
 * Collapsible navigation for viewports under 1024px; the toggle is hidden on wider screens. The
 * button and the panel are a native popover pair, so the menu works on a page without script;
 * in the app, where a link is a move inside the page, a change of route closes it.
 */
export function MobileMenu({ pathname }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    // Browsers without popovers (and jsdom) have no hidePopover; closing a closed one does nothing.
    if (panel && typeof panel.hidePopover === 'function') panel.hidePopover();
  }, [pathname]);

  return (
    <Wrapper>
      {/* React 18 passes lowercase attributes it does not know through to the element. */}
      <Toggle type="button" aria-controls={PANEL_ID} {...{ popovertarget: PANEL_ID }}>
        <MenuIcon size={20} className="menu-open" />
        <CloseIcon size={20} className="menu-close" />
        <ToggleLabel>Menu</ToggleLabel>
      </Toggle>
      <Panel id={PANEL_ID} ref={panelRef} {...{ popover: 'auto' }}>
        <nav aria-label="Mobile">
          <List>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <MobileLink to={link.to} aria-current={ariaCurrentFor(pathname, link.to)}>
                  {link.label}
                </MobileLink>
              </li>
            ))}
          </List>
          <ButtonLink to={CONTACT_LINK.to} block size="lg">
            {CONTACT_LINK.label}
          </ButtonLink>
        </nav>
      </Panel>
    </Wrapper>
  );
}
