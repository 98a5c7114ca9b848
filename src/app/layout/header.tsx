import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { LogoMark } from '@/components/layout-icons';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { MobileMenu } from './mobile-menu';
import { StaffMenuIsland } from './staff-menu';
import { CONTACT_LINK, NAV_LINKS, ariaCurrentFor } from './nav-links';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(255, 255, 255, 0.92);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  backdrop-filter: saturate(180%) blur(12px);
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

const DesktopNav = styled.nav`
  ${({ theme }) => theme.media.belowLg} {
    display: none;
  }
`;

const DesktopList = styled.ul`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const NavItem = styled(Link)`
  position: relative;
  display: block;
  /* Tighter between 1024px and 1280px so the bar still fits when the Admin menu is shown. */
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;

  ${({ theme }) => theme.media.xl} {
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
    font-size: 0.9375rem;
  }
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
  }

  &[aria-current] {
    color: ${({ theme }) => theme.colors.primary};
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

export interface HeaderProps {
  pathname: string;
}

export function Header({ pathname }: HeaderProps) {
  return (
    <Bar>
      <Inner>
        <Brand to="/">
          <LogoMark size={30} />
          AgentWorks
        </Brand>
        <DesktopNav aria-label="Main">
          <DesktopList>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavItem to={link.to} aria-current={ariaCurrentFor(pathname, link.to)}>
                  {link.label}
                </NavItem>
              </li>
            ))}
          </DesktopList>
        </DesktopNav>
        <Actions>
          <StaffMenuIsland />
          <DesktopContact
            to={CONTACT_LINK.to}
            size="sm"
            aria-current={ariaCurrentFor(pathname, CONTACT_LINK.to)}
          >
            {CONTACT_LINK.label}
          </DesktopContact>
          <MobileMenu pathname={pathname} />
        </Actions>
      </Inner>
    </Bar>
  );
}
