import React from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { IslandCollectorProvider } from '@/lib/island';
import { theme } from '@/styles/theme';
import type { RenderedSlot } from '@site/contracts/request-slots';

/**
 * A document page's slot drawn as its prebuilt page draws it: with the theme, and inside an island
 * collector, so its islands carry the loader's guard (an action made before hydration is kept).
 * The head gets the styles the drawing used; `pageHead`, when given, replaces the page's own head
 * tags.
 */
export function drawDocument(content: React.ReactElement, pageHead?: string): RenderedSlot {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <IslandCollectorProvider value={new Set()}>{content}</IslandCollectorProvider>
        </ThemeProvider>,
      ),
    );
    return { html, head: sheet.getStyleTags(), ...(pageHead === undefined ? {} : { pageHead }) };
  } finally {
    sheet.seal();
  }
}
