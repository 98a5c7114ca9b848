import React from 'react';
import { useSiteMetadata } from './use-site-metadata';

export const HOME_TITLE = 'AgentWorks — Custom AI agents for business';
export const DEFAULT_OG_IMAGE = '/og-image.png';

export interface SeoProps {
  /** Page title; "{title} | AgentWorks". Omit on the home page for the brand title alone. */
  title?: string;
  description?: string;
  /**
   * Path of the page (location.pathname) for the canonical and og:url. A client-only page is
   * built once for all its addresses, under Gatsby's placeholder path (`/giveaway/[...]`).
   */
  pathname?: string;
  /** Absolute URL or site-relative path of the share image. */
  image?: string;
  type?: 'website' | 'article';
  /** Extra head tags, e.g. JSON-LD or article:published_time. */
  children?: React.ReactNode;
}

/** A file-system route's placeholder segment, as in `/giveaway/[...]` or `/post/[id]`. */
const PLACEHOLDER = /\/\[[^/]*\]/;

function absolute(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** Head tags for Gatsby's Head API: `export const Head = () => <Seo title="…" />`. */
export function Seo({
  title,
  description,
  pathname = '/',
  image,
  type = 'website',
  children,
}: SeoProps) {
  const site = useSiteMetadata();
  const fullTitle = title ? `${title} | ${site.title}` : HOME_TITLE;
  const metaDescription = description ?? site.description;
  // Gatsby is configured with trailingSlash "never", so the canonical drops it (except for "/").
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/';
  // A page built under a placeholder path has no address of its own at build time: its HTML
  // names none, and in the browser the Head renders again with the address actually visited.
  const url = PLACEHOLDER.test(path) ? null : absolute(site.siteUrl, path);
  const imageUrl = absolute(site.siteUrl, image ?? DEFAULT_OG_IMAGE);

  return (
    <>
      <html lang="en" />
      <title>{fullTitle}</title>
      <meta name="description" content={metaDescription} />
      {url && <link rel="canonical" href={url} />}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#4338ca" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={metaDescription} />
      <meta property="og:type" content={type} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={imageUrl} />
      <meta property="og:site_name" content={site.title} />
      <meta property="og:locale" content="en_US" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={metaDescription} />
      <meta name="twitter:image" content={imageUrl} />
      {children}
    </>
  );
}
