import React from 'react';

/**
 * What Gatsby adds to a page to run its app, as the SSR API hands it over (head and post-body
 * components): every script but the island loader, script and page-data preloads, and the slice
 * Gatsby stitches its script tags into after the render. A document page keeps none of it.
 */
export function isAppRuntime(component: React.ReactNode): boolean {
  if (!React.isValidElement(component)) return false;
  const props = component.props as Record<string, unknown>;
  if (component.type === 'script') return !('data-island-loader' in props);
  if (component.type === 'link') return props.as === 'script' || props.as === 'fetch';
  return props.sliceId === '_gatsby-scripts';
}
