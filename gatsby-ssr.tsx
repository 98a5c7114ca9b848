import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { PageWrapper, RootWrapper } from '@/app/app-shell';
import { asGatsby404Script, POST_NOT_FOUND_PAGE } from '@/features/blog/lib/not-found';

// Styles are collected during SSR by gatsby-plugin-styled-components, so pages arrive styled.
export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => (
  <RootWrapper>{element}</RootWrapper>
);

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) => (
  <PageWrapper pathname={props.location.pathname}>{element}</PageWrapper>
);

interface InlineScriptProps {
  id?: string;
  dangerouslySetInnerHTML?: { __html: string };
}

/**
 * The post-not-found page is served for addresses other than its own, like Gatsby's 404 page: it
 * declares itself as that page, so the browser keeps the address it asked for (Gatsby would
 * otherwise move it to the page's own path). plugins/blog checks the built page for it.
 */
export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  pathname,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  if (pathname !== POST_NOT_FOUND_PAGE) return;
  replacePostBodyComponents(
    getPostBodyComponents().map((component) => {
      if (!React.isValidElement<InlineScriptProps>(component)) return component;
      const { id, dangerouslySetInnerHTML } = component.props;
      if (id !== 'gatsby-script-loader' || !dangerouslySetInnerHTML) return component;
      const script = asGatsby404Script(dangerouslySetInnerHTML.__html, pathname);
      return script === null
        ? component
        : React.cloneElement(component, { dangerouslySetInnerHTML: { __html: script } });
    }),
  );
};
