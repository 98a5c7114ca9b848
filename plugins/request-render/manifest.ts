import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { HEAD_MARKER_ID, type RequestSlot } from '../../src/request-render/slots';

/** Beside the pages, in a dot-folder the server never serves: public/.request-render/. */
export const OUTPUT_DIR = '.request-render';
export const MANIFEST_FILE = 'manifest.json';

/** What the server reads to draw the slots: written by the build, read at start and on switch. */
export interface RequestRenderManifest {
  /** The head element, exactly as the page render writes it, after which styles and data go. */
  headMarker: string;
  slots: Array<{
    name: string;
    /** The built page's file, relative to the site: "giveaway/index.html". */
    pageFile: string;
    /** The slot's compiled module, relative to the manifest's folder. */
    module: string;
    /** The public API address its data comes from ("{id}" from the path). */
    data: string;
    /** The addresses of the page it is drawn for ("/giveaway/:id"); every one when absent. */
    path?: string;
  }>;
}

export function entryName(slot: Pick<RequestSlot, 'name'>): string {
  return `request-render-${slot.name}`;
}

/** A page's path without its trailing slash: Gatsby names "/giveaway/[...]" "/giveaway/[...]/". */
export function pagePathOf(page: string): string {
  return page.length > 1 ? page.replace(/\/+$/, '') : page;
}

/** The built page of a path: Gatsby writes /giveaway as giveaway/index.html. */
export function pageFileOf(page: string): string {
  const trimmed = page.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

/** The head marker as React writes it into every page that has a slot. */
export function HeadMarker() {
  return createElement('template', { id: HEAD_MARKER_ID });
}

export function headMarkerHtml(): string {
  return renderToStaticMarkup(createElement(HeadMarker));
}
