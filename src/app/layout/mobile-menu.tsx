import { Link } from 'gatsby';
import React, { useEffect, useRef, useState } from 'react';
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

const Panel = styled.div`
  position: absolute;
  top: 100%;
  right: 0;
  left: 0;
  max-height: calc(100vh - ${({ theme }) => theme.headerHeight});
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[5]}
    ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.bg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.lg};

  ${({ theme }) => theme.media.lg} {
    display: none;
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

/** Collapsible navigation for viewports under 1024px; the toggle is hidden on wider screens. */
export function MobileMenu({ pathname }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = 'mobile-menu';

  // A route change (link, back button, programmatic navigate) always closes the menu.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <>
      <Toggle
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
        <ToggleLabel>Menu</ToggleLabel>
      </Toggle>
      <Panel id={panelId} hidden={!open}>
        <nav aria-label="Mobile">
          <List>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <MobileLink
                  to={link.to}
                  aria-current={ariaCurrentFor(pathname, link.to)}
                  onClick={close}
                >
                  {link.label}
                </MobileLink>
              </li>
            ))}
          </List>
          <ButtonLink to={CONTACT_LINK.to} block size="lg" onClick={close}>
            {CONTACT_LINK.label}
          </ButtonLink>
        </nav>
      </Panel>
    </>
  );
}
