import React, { useState } from 'react';
import styled from 'styled-components';
import { IconSprite, IconSpriteProvider } from '@/components/icon-base';
import { SiteChromeContext } from '@/components/site-chrome';
import { Footer } from './footer';
import { Header } from './header';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const SkipLink = styled.a`
  position: absolute;
  top: ${({ theme }) => theme.space[2]};
  left: ${({ theme }) => theme.space[2]};
  z-index: 1000;
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dark};
  color: #ffffff;
  font-weight: 700;
  transform: translateY(-200%);

  &:focus,
  &:focus-visible {
    transform: translateY(0);
    color: #ffffff;
  }
`;

const Main = styled.main`
  flex: 1;
`;

/**
 * Focus the main landmark directly: a bare fragment change would also fire popstate, which the
 * router treats as a navigation (and the scroll-to-top handler would fight the jump).
 */
function focusMain(event: React.MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export interface LayoutProps {
  children: React.ReactNode;
  /** Current path, used to mark the active navigation link. */
  pathname: string;
}

export function Layout({ children, pathname }: LayoutProps) {
  // A screen that fills the window (the presenter view) hides the header, menus and footer; they
  // come back when it goes. Hidden only after mounting, so hydration draws the built page.
  const [chromeHidden, setChromeHidden] = useState(false);
  return (
    <IconSpriteProvider>
      <SiteChromeContext.Provider value={setChromeHidden}>
        <Shell>
          {chromeHidden ? null : (
            <SkipLink href="#main" onClick={focusMain}>
              Skip to content
            </SkipLink>
          )}
          {chromeHidden ? null : <Header pathname={pathname} />}
          <Main id="main" tabIndex={-1}>
            {children}
          </Main>
          {chromeHidden ? null : <Footer />}
          {/* Last: it draws the icons everything above it used, once each. */}
          <IconSprite />
        </Shell>
      </SiteChromeContext.Provider>
    </IconSpriteProvider>
  );
}
