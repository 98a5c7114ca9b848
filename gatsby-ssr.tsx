import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { PageWrapper, RootWrapper } from '@/app/app-shell';
import { isDocumentPage } from '@site/contracts/site-build';

// Styles are collected during SSR by gatsby-plugin-styled-components, so pages arrive styled.
// Document pages are served without the app runtime (plugins/islands/gatsby-ssr.tsx).
// (Gatsby also wraps a page's <Head> with this, without a path.)
export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element, pathname }) => (
  <RootWrapper documentPage={typeof pathname === 'string' && isDocumentPage(pathname)}>
    {element}
  </RootWrapper>
);

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) => (
  <PageWrapper pathname={props.location.pathname}>{element}</PageWrapper>
);
