import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { renderToString } from 'react-dom/server';
import { isDocumentPage } from '@site/contracts/site-build';
import { documentCss, styledSheet } from './prune';

/**
 * A document page's styles: styled-components writes every rule of every component a page renders
 * (each variant, each state), with a record per component that the app reads to take the sheet
 * over in the browser. On a document page only its islands run, so in a production build each
 * inline sheet keeps the rules the page's elements can use (./prune.ts); the components drawn
 * inside islands keep all their rules and their records, which the islands read when hydrated.
 */

/** Only a production build: `gatsby develop` runs every page as the app. */
const production = process.env.NODE_ENV === 'production' && process.env.GATSBY_ISLAND_LOADER;

/** The body of each document page being built, by path (renders may overlap in one worker). */
const bodies = new Map<string, string>();

export const replaceRenderer: GatsbySSR['replaceRenderer'] = ({
  bodyComponent,
  replaceBodyHTMLString,
  pathname,
}) => {
  // Other pages are rendered by Gatsby itself, as it always does.
  if (!production || !isDocumentPage(pathname)) return;
  const html = renderToString(bodyComponent as React.ReactElement);
  bodies.set(pathname, html);
  replaceBodyHTMLString(html);
};

interface StyleProps {
  'data-styled'?: string;
  'data-styled-version'?: string;
  dangerouslySetInnerHTML?: { __html: string };
  children?: React.ReactNode;
}

/** The text of an inline style sheet, given as inner HTML or as its one text child. */
function sheetText(props: StyleProps): string | null {
  if (typeof props.dangerouslySetInnerHTML?.__html === 'string') {
    return props.dangerouslySetInnerHTML.__html;
  }
  return typeof props.children === 'string' ? props.children : null;
}

/** An inline style sheet of the head: styled-components' sheet, or one a plugin adds. */
function isInlineSheet(component: React.ReactNode): component is React.ReactElement<StyleProps> {
  return (
    React.isValidElement<StyleProps>(component) &&
    component.type === 'style' &&
    sheetText(component.props) !== null
  );
}

export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
}) => {
  const body = bodies.get(pathname);
  bodies.delete(pathname);
  if (body === undefined) return;
  const head: React.ReactNode[] = [];
  getHeadComponents().forEach((component, at) => {
    if (!isInlineSheet(component)) {
      head.push(component);
      return;
    }
    const text = sheetText(component.props) ?? '';
    // styled-components' own sheet keeps its attributes and the records its islands need.
    const styled = component.props['data-styled'] !== undefined;
    const css = styled ? styledSheet(text, body) : documentCss(text, body);
    // A sheet none of whose rules this page can use is left out.
    if (css === '') return;
    const { dangerouslySetInnerHTML: _html, children: _text, ...rest } = component.props;
    head.push(
      <style
        {...rest}
        key={component.key ?? `document-css-${at}`}
        data-document-css=""
        dangerouslySetInnerHTML={{ __html: css }}
      />,
    );
  });
  replaceHeadComponents(head);
};
