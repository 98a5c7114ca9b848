import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  REQUEST_RENDER_DIR,
  REQUEST_RENDER_HEAD_MARKER_ID,
  REQUEST_RENDER_MANIFEST_FILE,
  type RequestRenderManifest,
} from '@site/contracts/site-build';
import type { RequestSlot } from '@site/contracts/request-slots';

/**
 * Beside the pages, in a dot-folder the server never serves: public/.request-render/, with the
 * manifest the server reads (its shape: RequestRenderManifest in contracts/src/site-build.ts).
 */
export const OUTPUT_DIR = REQUEST_RENDER_DIR;
export const MANIFEST_FILE = REQUEST_RENDER_MANIFEST_FILE;
export type { RequestRenderManifest };

export function entryName(slot: Pick<RequestSlot, 'name'>): string {
  return `request-render-${slot.name}`;
}

/** A page's path without its trailing slash: Gatsby names "/giveaway/[...]" "/giveaway/[...]/". */
export function pagePathOf(page: string): string {
  return page.length > 1 ? page.replace(/\/+$/, '') : page;
}

/**
 * The built page of a path: Gatsby writes /giveaway as giveaway/index.html, and a path that ends
 * in .html (/blog/404.html) as that file.
 */
export function pageFileOf(page: string): string {
  const trimmed = page.replace(/^\/+|\/+$/g, '');
  if (trimmed.endsWith('.html')) return trimmed;
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

/** The head marker as React writes it into every page that has a slot. */
export function HeadMarker() {
  return createElement('template', { id: REQUEST_RENDER_HEAD_MARKER_ID });
}

export function headMarkerHtml(): string {
  return renderToStaticMarkup(createElement(HeadMarker));
}
