import { STAFF_LOADER_MARKER_ID } from '@site/contracts';

/**
 * A document page without islands of its own carries no script, only a marker where the island
 * loader goes for a signed-in member of staff (so the header's staff menu appears on every page):
 * `<template id="staff-island-loader" data-src="/islands/loader-<hash>.js"></template>`, written
 * by the site build (plugins/islands). The marker is the build's own element, found as written.
 */
const MARKER_START = `<template id="${STAFF_LOADER_MARKER_ID}" data-src="`;
const MARKER_END = '</template>';
const LOADER = /^\/islands\/loader-[0-9a-f]+\.js$/;

/** The page with the loader's script added after its marker, or null when it has no marker. */
export function withStaffLoader(html: string): string | null {
  const start = html.indexOf(MARKER_START);
  if (start === -1) return null;
  const srcStart = start + MARKER_START.length;
  const srcEnd = html.indexOf('"', srcStart);
  if (srcEnd === -1) return null;
  const src = html.slice(srcStart, srcEnd);
  if (!LOADER.test(src)) return null;
  const close = html.indexOf(MARKER_END, srcEnd);
  if (close === -1) return null;
  const at = close + MARKER_END.length;
  return `${html.slice(0, at)}<script async src="${src}"></script>${html.slice(at)}`;
}
