import { navigate, prefetchPathname } from 'gatsby';
import React, { createContext, useContext, useId, useState, type ReactNode } from 'react';

/**
 * Static islands: parts of a page that are the same for every visitor and never change after the
 * build (a marketing page's sections, a post's hero and body, the footer).
 *
 * When the browser first opens a page, the HTML built for it is already on screen. React would
 * normally walk every element of it again to attach itself ("hydration"), and styled-components
 * would compute every styled element's class once more, only to find what the HTML already says.
 * An island skips that: during the page's first hydration it renders one element whose content
 * React is told to leave alone (an empty `dangerouslySetInnerHTML`, which React does not compare
 * or patch in production), so the built markup stays exactly as it is and none of its components
 * run. Internal links inside it keep moving through Gatsby's router (see followLink below).
 *
 * Islands freeze only when all of these hold, otherwise they render their children as usual:
 * - the page is being hydrated from built HTML (not `gatsby develop`, not a client-only page);
 * - no client-side navigation has happened yet (pages reached by the router render fully);
 * - the document holds this island's built markup (found by the id React gives it on the server
 *   and again in the browser), so a frozen island can never show up empty;
 * - an ancestor declares its content fixed at build time with <BuildTimeContent>. Components that
 *   also show live data (the editor's preview renders the post article) stay fully rendered there.
 *
 * The window ends at the first navigation, not when Gatsby reports its first render: React
 * hydrates the page inside a Suspense boundary after that report.
 */

let hydratingBuiltHtml = false;

/**
 * Called before Gatsby hydrates the first page (onClientEntry). Gatsby hydrates only when its
 * focus wrapper already holds built markup; otherwise it renders from scratch and islands must too.
 */
export function beginInitialHydration(doc: Document = document): void {
  const wrapper = doc.getElementById('gatsby-focus-wrapper');
  hydratingBuiltHtml = Boolean(wrapper && wrapper.children.length > 0);
}

/** Called when the router first moves to another location (onPreRouteUpdate with a previous one). */
export function endInitialHydration(): void {
  hydratingBuiltHtml = false;
}

const BuildTimeContext = createContext(false);

/** Marks its subtree as content fixed at build time, so islands inside it may stay static. */
export function BuildTimeContent({ children }: { children: ReactNode }) {
  return <BuildTimeContext.Provider value>{children}</BuildTimeContext.Provider>;
}

/** Links to files (a feed, a PDF) are not Gatsby pages: the browser loads those itself. */
const FILE_PATH = /\.(?!html?$)[a-z0-9]{1,8}$/i;

/** The path Gatsby's router should take for an in-site link, or null to leave it to the browser. */
export function routerPathFor(anchor: HTMLAnchorElement, current: Location): string | null {
  if (anchor.hasAttribute('download')) return null;
  const target = anchor.getAttribute('target');
  if (target && target !== '_self') return null;
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(href, current.href);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  if (url.pathname.startsWith('/api/') || FILE_PATH.test(url.pathname)) return null;
  // A jump within this page is the browser's own.
  if (url.pathname === current.pathname && url.search === current.search && url.hash) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The in-site link an event inside an island came from, with the path the router should take. */
function linkOf(event: React.SyntheticEvent<HTMLElement>): string | null {
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || !event.currentTarget.contains(anchor)) return null;
  return routerPathFor(anchor as HTMLAnchorElement, window.location);
}

/**
 * A click on an in-site link inside a frozen island goes through Gatsby's router, as the Link it
 * was rendered from would have done (a link to the page itself replaces the history entry, as
 * Link's does); modified clicks (new tab, download) stay the browser's.
 */
function followLink(event: React.MouseEvent<HTMLElement>) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const path = linkOf(event);
  if (path === null) return;
  event.preventDefault();
  const here = `${window.location.pathname}${window.location.search}`;
  void navigate(path, { replace: path === here });
}

/** Pointing at or tabbing to a link fetches its page's data ahead, as Link does. */
function prefetchLink(event: React.SyntheticEvent<HTMLElement>) {
  const path = linkOf(event);
  if (path !== null) prefetchPathname(path.replace(/#.*$/, ''));
}

export interface IslandProps {
  children: ReactNode;
  /** The wrapper element; a div by default, laid out with `display: contents` so it adds no box. */
  as?: 'div' | 'section' | 'header' | 'footer';
  className?: string;
}

/** Whether the document holds the built markup of the island with this id. */
function hasBuiltMarkup(id: string): boolean {
  for (const element of document.querySelectorAll('[data-island]')) {
    if (element.getAttribute('data-island') === id) return element.childNodes.length > 0;
  }
  return false;
}

/** A part of a page that stays as built during the first hydration (see the top of this file). */
export function Island({ children, as = 'div', className = 'island' }: IslandProps) {
  const buildTime = useContext(BuildTimeContext);
  const id = useId();
  // Decided once, at the first render: a frozen island keeps its built markup for its lifetime.
  const [frozen] = useState(() => buildTime && hydratingBuiltHtml && hasBuiltMarkup(id));
  if (frozen) {
    return React.createElement(as, {
      'data-island': id,
      className,
      onClick: followLink,
      onMouseOver: prefetchLink,
      onFocus: prefetchLink,
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: { __html: '' },
    });
  }
  return React.createElement(as, { 'data-island': id, className }, children);
}

/** A whole page body that is fixed at build time: one island around all of it. */
export function StaticPage({ children }: { children: ReactNode }) {
  return (
    <BuildTimeContent>
      <Island>{children}</Island>
    </BuildTimeContent>
  );
}
