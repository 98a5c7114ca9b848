import { StaticQueryContext } from 'gatsby';
import React, { type Context } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Seo } from '@/components/seo';
import type { SiteMetadata } from '@/components/use-site-metadata';
import type { SlotContext } from '@site/contracts/request-slots';

/*
 * A page's own head tags drawn at request time, as its built page's Head would write them. The
 * Seo component asks the site's metadata with its one static query; here every static query is
 * answered with the metadata the slot is given.
 */

declare module 'gatsby' {
  /** What useStaticQuery reads: exported by Gatsby's runtime, though not in its typings. */
  export const StaticQueryContext: Context<Record<string, { data: unknown }>>;
}

export function headWithSite(site: SiteMetadata, head: React.ReactElement): string {
  const answer = { data: { site: { siteMetadata: site } } };
  const queries = new Proxy({}, { get: () => answer });
  return renderToStaticMarkup(
    <StaticQueryContext.Provider value={queries}>{head}</StaticQueryContext.Provider>,
  );
}

/**
 * The head of a giveaway's subpage drawn as a document: its title as the app page sets it, the
 * canonical address of the path asked for, the site's picture; undefined (the built head stays)
 * for the prebuilt state or without the site's metadata.
 */
export function subpageHead(
  context: SlotContext | undefined,
  title: string | null,
): string | undefined {
  if (title === null || !context?.site || !context.path) return undefined;
  return headWithSite(
    context.site,
    <Seo title={title} pathname={context.path} image="/og-image.png" />,
  );
}
