import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { isDocumentPage, STAFF_LOADER_MARKER_ID } from '@site/contracts/site-build';
import { IslandCollectorProvider, STAFF_ISLAND, type IslandCollector } from '../../src/lib/island';
import { isAppRuntime } from './runtime-filter';

/**
 * Document pages are rendered like every page, then served without Gatsby's runtime: their
 * scripts and script preloads are left out of the HTML, and the island loader goes in where the
 * page has an island. Decided on the page's path (isDocumentPage), through Gatsby's SSR APIs.
 */

/** The islands each page being rendered uses, by path (renders may overlap in one worker). */
const collectors = new Map<string, IslandCollector>();

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element, pathname }) => {
  // Gatsby also wraps a page's <Head> with this, without a path: no islands there.
  if (typeof pathname !== 'string' || !isDocumentPage(pathname)) return element;
  const collector: IslandCollector = new Set();
  collectors.set(pathname, collector);
  return <IslandCollectorProvider value={collector}>{element}</IslandCollectorProvider>;
};

/** The loader's address, given to the page render by the browser build (./gatsby-node.ts). */
const loaderAddress = process.env.GATSBY_ISLAND_LOADER;

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  pathname,
  setHeadComponents,
  setPostBodyComponents,
}) => {
  const islands = collectors.get(pathname);
  collectors.delete(pathname);
  if (!islands || !loaderAddress) return;
  if ([...islands].some((name) => name !== STAFF_ISLAND)) {
    setHeadComponents([
      <script key="island-loader" async src={loaderAddress} data-island-loader="" />,
    ]);
  } else {
    // Where the server adds the loader for a signed-in member of staff (the staff menu is an
    // island that loads only for staff): a page with no other island carries no script.
    setPostBodyComponents([
      <template key="island-loader" id={STAFF_LOADER_MARKER_ID} data-src={loaderAddress} />,
    ]);
  }
};

export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  // Only in a production build (which defines the loader's address): `gatsby develop` runs every
  // page as the app, with its hot reloading.
  if (!loaderAddress || !isDocumentPage(pathname)) return;
  replaceHeadComponents(getHeadComponents().filter((component) => !isAppRuntime(component)));
  replacePostBodyComponents(
    getPostBodyComponents().filter((component) => !isAppRuntime(component)),
  );
};
