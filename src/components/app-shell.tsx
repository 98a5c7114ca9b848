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
      <GlobalStyle />
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
  return <Layout pathname={pathname}>{children}</Layout>;
}
