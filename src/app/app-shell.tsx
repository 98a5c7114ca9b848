import React, { Suspense } from 'react';
import { ThemeProvider } from 'styled-components';
import { SessionProvider } from '@/features/auth';
import { GlobalStyle } from '@/styles/global-style';
import { theme } from '@/styles/theme';
import { Layout } from './layout/layout';
import { ToastProvider } from '@/components/ui/toast';

/**
 * The providers and layout every page runs inside. gatsby-browser.tsx and gatsby-ssr.tsx both use
 * these so the server-rendered markup and the hydrated app are built from the same tree.
 */
export function RootWrapper({
  children,
  documentPage = false,
}: {
  children: React.ReactNode;
  /**
   * True while a document page is prebuilt: it runs no app, so it gets no app-wide toast region
   * (its islands bring their own, see ToastsWhereNone).
   */
  documentPage?: boolean;
}) {
  return (
    <ThemeProvider theme={theme}>
      <SessionProvider>
        {documentPage ? children : <ToastProvider>{children}</ToastProvider>}
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
  //
  // The Suspense boundary is for hydration, not data: nothing inside suspends, so the server
  // renders it complete, and React 18 then hydrates a server-rendered boundary at idle priority in
  // time slices that yield to the browser every few milliseconds, instead of one long task for
  // the whole page. Input arriving meanwhile makes React hydrate the part it targets first.
  return (
    <>
      <GlobalStyle />
      <Suspense fallback={null}>
        <Layout pathname={pathname}>{children}</Layout>
      </Suspense>
    </>
  );
}
