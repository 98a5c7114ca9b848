import React from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import type { GiveawayItem } from '@/features/giveaway/api/giveaway-fields';
import { GiveawayListing } from '@/features/giveaway/components/giveaway-listing';
import { SERVED_LIST_ELEMENT_ID, ServedListContext } from '@/features/giveaway/served-list';
import { jsonForScript } from '@/lib/json-for-script';
import { theme } from '@/styles/theme';
import type { RenderedSlot } from '@site/contracts/request-slots';

function isList(data: unknown): data is GiveawayItem[] {
  return Array.isArray(data);
}

/**
 * /giveaway's list, drawn as the page draws it: `null` gives the loading state the prebuilt page
 * holds, a list (the public GET /giveaway answer) gives that list. Compiled with the page
 * render's own webpack settings, so class names and markup are the browser's first render's.
 */
export function render(data: unknown): RenderedSlot {
  const list = isList(data) ? data : null;
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <ServedListContext.Provider value={list}>
            <GiveawayListing />
          </ServedListContext.Provider>
        </ThemeProvider>,
      ),
    );
    const json =
      list === null
        ? ''
        : `<script type="application/json" id="${SERVED_LIST_ELEMENT_ID}">${jsonForScript(list)}</script>`;
    return { html, head: sheet.getStyleTags() + json };
  } finally {
    sheet.seal();
  }
}
