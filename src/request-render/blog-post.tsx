import React from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import type { SiteMetadata } from '@/components/use-site-metadata';
import { PostBody } from '@/features/blog/components/post-body';
import { PostNotFound } from '@/features/blog/components/post-not-found';
import { PostHead, PostPage, type PostPageData } from '@/features/blog/components/post-page';
import { IslandCollectorProvider } from '@/lib/island';
import { NotFoundLogIsland } from '@/lib/not-found-log';
import { theme } from '@/styles/theme';
import { headWithSite } from './page-head';
import type { RenderedSlot } from '@site/contracts/request-slots';

/**
 * What the server draws a post with while its build is not yet served: the markdown post
 * template's query answer (src/templates/blog-post.tsx, its body compiled by the same pipeline),
 * the site's metadata for the head, and the address; or `{ gone: true }` for a post taken down.
 */
export interface DrawnPostData {
  page: PostPageData & { readonly blogPost: { readonly html: string } | null };
  siteMetadata: SiteMetadata;
  pathname: string;
}

function isPostData(data: unknown): data is DrawnPostData {
  if (data === null || typeof data !== 'object') return false;
  const { page, siteMetadata, pathname } = data as Partial<DrawnPostData>;
  return (
    typeof pathname === 'string' &&
    siteMetadata !== undefined &&
    page !== undefined &&
    page.blogPost !== null &&
    typeof page.blogPost?.html === 'string'
  );
}

function isGone(data: unknown): boolean {
  return data !== null && typeof data === 'object' && (data as { gone?: unknown }).gone === true;
}

/**
 * The post-not-found page's content as the 404 page draws it under /blog/ (src/pages/404.tsx):
 * the slot's prebuilt state, found once in the built /blog/404.html.
 */
function notFound(): string {
  return renderToString(
    <ThemeProvider theme={theme}>
      <IslandCollectorProvider value={new Set()}>
        <NotFoundLogIsland />
        <PostNotFound />
      </IslandCollectorProvider>
    </ThemeProvider>,
  );
}

/** The head's tags of the post, as its built page will have them. */
function headOf(data: DrawnPostData): string {
  return headWithSite(data.siteMetadata, <PostHead data={data.page} pathname={data.pathname} />);
}

/**
 * /blog/{slug} of a post published (or updated) after the served build, drawn in the place of
 * the post-not-found page's content with the post template's own components; `{ gone: true }`
 * (a post taken down) keeps the post-not-found page as built, with status 404. `null` gives the
 * prebuilt state.
 */
export function render(data: unknown): RenderedSlot {
  if (data === null) return { html: notFound(), head: '' };
  if (isGone(data)) return { html: notFound(), head: '', status: 404 };
  if (!isPostData(data)) throw new Error('blog-post: the data is not a post to draw');
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <IslandCollectorProvider value={new Set()}>
            <PostPage
              data={data.page}
              body={
                <PostBody dangerouslySetInnerHTML={{ __html: data.page.blogPost?.html ?? '' }} />
              }
            />
          </IslandCollectorProvider>
        </ThemeProvider>,
      ),
    );
    return { html, head: sheet.getStyleTags(), pageHead: headOf(data) };
  } finally {
    sheet.seal();
  }
}
