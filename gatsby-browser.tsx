import type { GatsbyBrowser } from 'gatsby';
import React from 'react';
import { PageWrapper, RootWrapper } from '@/app/app-shell';
import { installHistoryGuard } from '@/lib/history-guard';

/** Before the router starts listening, so the editor can refuse Back/Forward moves. */
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  installHistoryGuard();
};

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => (
  <RootWrapper>{element}</RootWrapper>
);

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) => (
  <PageWrapper pathname={props.location.pathname}>{element}</PageWrapper>
);

/**
 * Gatsby's own scroll handling only runs for links to an anchor (it scrolls to the target);
 * every other navigation is handled in onRouteUpdate below.
 */
export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = ({ routerProps }) =>
  Boolean(routerProps.location.hash);

/** Every change of page scrolls smoothly to the top, instantly for people who reduce motion. */
export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location, prevLocation }) => {
  // Initial load, anchor jumps, query-string-only changes (list filters) and navigations that
  // ask for it via state.preserveScroll keep their position.
  // Gatsby types this as the DOM Location, but the router's location also carries history state.
  const { state } = location as Location & { state?: { preserveScroll?: boolean } | null };
  if (!prevLocation || location.hash || prevLocation.pathname === location.pathname) return;
  if (state?.preserveScroll) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const scrollToTop = () =>
    window.scrollTo({ top: 0, left: 0, behavior: reduceMotion ? 'auto' : 'smooth' });

  // Gatsby's router focuses #gatsby-focus-wrapper a frame or two after this hook runs, and that
  // focus() cancels a smooth scroll already under way. Start scrolling once the focus has
  // happened, or after a short wait when no focus comes (the wrapper already had it).
  const wrapper = document.getElementById('gatsby-focus-wrapper');
  if (!wrapper) {
    scrollToTop();
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    wrapper.removeEventListener('focus', start);
    window.clearTimeout(fallback);
    window.requestAnimationFrame(scrollToTop);
  };
  wrapper.addEventListener('focus', start);
  const fallback = window.setTimeout(start, 300);
};
