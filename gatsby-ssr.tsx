import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { PageWrapper, RootWrapper } from '@/app/app-shell';

// Styles are collected during SSR by gatsby-plugin-styled-components, so pages arrive styled.
export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => (
  <RootWrapper>{element}</RootWrapper>
);

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) => (
  <PageWrapper pathname={props.location.pathname}>{element}</PageWrapper>
);
