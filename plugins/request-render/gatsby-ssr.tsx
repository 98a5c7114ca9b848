import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { REQUEST_SLOTS } from '../../src/request-render/slots';
import { HeadMarker } from './manifest';

const pagesWithSlots = new Set(REQUEST_SLOTS.map((slot) => slot.page));

/** A page with a slot carries the head element after which the server adds its styles and data. */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ pathname, setHeadComponents }) => {
  if (pagesWithSlots.has(pathname)) setHeadComponents([<HeadMarker key="request-render-head" />]);
};
