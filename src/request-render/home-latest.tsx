import React from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import {
  type InsightSummary,
  type LatestInsightsCopy,
  LatestInsightsView,
} from '@/features/blog/components/latest-insights';
import { theme } from '@/styles/theme';
import type { RenderedSlot } from '@site/contracts/request-slots';

/**
 * The home page's "Latest Insights", as the page draws it (src/pages/index.tsx): the words around
 * it and the three newest posts. The build's own answer (the slot's seed, which plugins/blog
 * writes from the section's static query) gives the section as built; the server's answer with
 * the posts published or taken down since that build gives it with them. The home page is a
 * document page: nothing hydrates the section, so it carries no data for the browser.
 */
export interface HomeLatestData {
  copy: LatestInsightsCopy;
  posts: InsightSummary[];
}

function isLatestData(data: unknown): data is HomeLatestData {
  if (data === null || typeof data !== 'object') return false;
  const { copy, posts } = data as Partial<HomeLatestData>;
  return typeof copy?.title === 'string' && Array.isArray(posts);
}

export function render(data: unknown): RenderedSlot {
  if (!isLatestData(data)) throw new Error('home-latest: the data is not the latest posts');
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <LatestInsightsView posts={data.posts} copy={data.copy} />
        </ThemeProvider>,
      ),
    );
    return { html, head: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
