import React from 'react';

/**
 * What Gatsby adds to a page to run its app, as the SSR API hands it over (head and post-body
 * components): every script that runs but the island loader, script and page-data preloads, and the slice
 * Gatsby stitches its script tags into after the render. A document page keeps none of it.
 */
export function isAppRuntime(component: React.ReactNode): boolean {
  if (!React.isValidElement(component)) return false;
  const props = component.props as Record<string, unknown>;
  if (component.type === 'script') {
    // Data in a script element (JSON-LD) is not run: it stays.
    const type = typeof props.type === 'string' ? props.type.toLowerCase() : '';
    const runs = ['', 'module', 'text/javascript', 'application/javascript'].includes(type);
    return runs && !('data-island-loader' in props);
  }
  if (component.type === 'link') return props.as === 'script' || props.as === 'fetch';
  return props.sliceId === '_gatsby-scripts';
}
