import type { GatsbySSR } from 'gatsby';
import React, { isValidElement } from 'react';
import { REQUEST_SLOTS } from '@site/contracts/request-slots';
import { HeadMarker, pagePathOf } from './manifest';

const pagesWithSlots = new Set(REQUEST_SLOTS.map((slot) => pagePathOf(slot.page)));
const hasSlot = (pathname: string) => pagesWithSlots.has(pagePathOf(pathname));

/** A page with a slot carries the head element after which the server adds its styles and data. */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ pathname, setHeadComponents }) => {
  if (hasSlot(pathname)) setHeadComponents([<HeadMarker key="request-render-head" />]);
};

/**
 * The marker goes first in the head, so the slot's styles come before the page's own: the rules
 * the two share (a button's, a container's) are then decided by the page's sheet, in the order
 * the built page has them, and a rule of the page that overrides a shared one (the header's)
 * keeps the last word. So a slot's own components must not extend (`styled(X)`) a component the
 * page also draws: the page's copy of X's rules would come after the extension's.
 */
export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
}) => {
  if (!hasSlot(pathname)) return;
  const head = getHeadComponents();
  const isMarker = (component: unknown) =>
    isValidElement(component) && component.type === HeadMarker;
  replaceHeadComponents([...head.filter(isMarker), ...head.filter((c) => !isMarker(c))]);
};
