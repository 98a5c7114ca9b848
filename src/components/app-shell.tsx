import React from 'react';
import { ThemeProvider } from 'styled-components';
import { SessionProvider } from '@/features/auth/session-context';
import { GlobalStyle } from '@/styles/global-style';
import { theme } from '@/styles/theme';
import { Layout } from './layout/layout';
import { ToastProvider } from './ui/toast';

/**
 * The providers and layout every page runs inside. gatsby-browser.tsx and gatsby-ssr.tsx both use
 * these so the server-rendered markup and the hydrated app are built from the same tree.
 */
export function RootWrapper({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <SessionProvider>
        <ToastProvider>{children}</ToastProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}

export function PageWrapper({
  children,
  pathname,
}: {
  children: React.ReactNode;
  pathname: string;
}) {
  // The global style lives here, not in RootWrapper: gatsby-plugin-styled-components collects SSR
  // styles through a StyleSheetManager it adds in its own wrapRootElement, which sits inside ours,
  // so only what renders within the page element reaches the server-rendered <head>.
  return (
    <>
      <GlobalStyle />
      <Layout pathname={pathname}>{children}</Layout>
    </>
  );
}
