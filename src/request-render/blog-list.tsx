import React from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { BlogListIsland } from '@/features/blog/components/blog-list-island';
import { blogListProps, type BlogIndexData } from '@/features/blog/lib/blog-index-props';
import { IslandCollectorProvider } from '@/lib/island';
import { theme } from '@/styles/theme';
import type { RenderedSlot } from '@site/contracts/request-slots';

function isIndexData(data: unknown): data is BlogIndexData {
  if (data === null || typeof data !== 'object') return false;
  const posts = (data as { posts?: unknown }).posts;
  return (
    posts !== null &&
    typeof posts === 'object' &&
    Array.isArray((posts as { nodes?: unknown }).nodes)
  );
}

/**
 * /blog's list island, drawn as the page draws it (src/pages/blog/index.tsx) from an answer of
 * the page's query: the built page's own answer (the slot's seed, public/page-data/blog/) gives
 * the list as built, and the server's answer with the posts published since that build gives the
 * list with them. The island's props (written into the element for its hydration) are the drawn
 * ones, so the island takes the drawn list over as it is.
 */
export function render(data: unknown): RenderedSlot {
  if (!isIndexData(data))
    throw new Error('blog-list: the data is not an answer of the /blog query');
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          {/* As on the prebuilt document page: the island's early clicks are kept. */}
          <IslandCollectorProvider value={new Set()}>
            <BlogListIsland {...blogListProps(data)} />
          </IslandCollectorProvider>
        </ThemeProvider>,
      ),
    );
    return { html, head: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
