import React, { useContext } from 'react';
import {
  normalCardRequest,
  SOCIAL_CARD_HEIGHT,
  SOCIAL_CARD_WIDTH,
  SocialCardCollector,
  socialCardAddress,
  socialCardAlt,
} from '@/lib/social-card';
import { useSiteMetadata } from './use-site-metadata';

export const HOME_TITLE = 'AgentWorks — Custom AI agents for business';
/** The home page's card headline (the card carries the site's name beside its mark). */
export const HOME_CARD_TITLE = 'Custom AI agents for business';

export interface SeoProps {
  /** Page title; "{title} | AgentWorks". Omit on the home page for the brand title alone. */
  title?: string;
  description?: string;
  /**
   * Path of the page (location.pathname) for the canonical and og:url. A client-only page is
   * built once for all its addresses, under Gatsby's placeholder path (`/giveaway/[...]`).
   */
  pathname?: string;
  /**
   * Absolute URL or site-relative path of a share image of the page's own, instead of its social
   * card (its size is then not stated).
   */
  image?: string;
  /**
   * What the page's social card shows besides its title: a label above it (a post's category)
   * and a cover picture (a site-relative address in the built site). Every page with an address
   * of its own gets a card (drawn by the build, plugins/social-cards); a page built under a
   * placeholder path gets none here (a giveaway's page is given its card by the server).
   */
  card?: { label?: string | null; cover?: string | null };
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
  card,
  children,
}: SeoProps) {
  const site = useSiteMetadata();
  const collect = useContext(SocialCardCollector);
  const fullTitle = title ? `${title} | ${site.title}` : HOME_TITLE;
  const metaDescription = description ?? site.description;
  // Gatsby is configured with trailingSlash "never", so the canonical drops it (except for "/").
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/';
  // A page built under a placeholder path has no address of its own at build time: its HTML
  // names none, and in the browser the Head renders again with the address actually visited.
  const placeholder = PLACEHOLDER.test(path);
  const url = placeholder ? null : absolute(site.siteUrl, path);
  // The page's social card, or the image it names; a placeholder page names neither.
  const request =
    image || placeholder
      ? null
      : normalCardRequest({
          title: title ?? HOME_CARD_TITLE,
          label: card?.label,
          cover: card?.cover,
        });
  const cardAddress = request ? socialCardAddress(request) : null;
  if (request && cardAddress) collect?.(cardAddress, request);
  const imageUrl = image
    ? absolute(site.siteUrl, image)
    : cardAddress
      ? absolute(site.siteUrl, cardAddress)
      : null;
  const imageAlt = request ? socialCardAlt(request) : null;

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
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      {cardAddress && <meta property="og:image:type" content="image/jpeg" />}
      {cardAddress && <meta property="og:image:width" content={String(SOCIAL_CARD_WIDTH)} />}
      {cardAddress && <meta property="og:image:height" content={String(SOCIAL_CARD_HEIGHT)} />}
      {imageAlt && <meta property="og:image:alt" content={imageAlt} />}
      <meta property="og:site_name" content={site.title} />
      <meta property="og:locale" content="en_US" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={metaDescription} />
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
      {imageAlt && <meta name="twitter:image:alt" content={imageAlt} />}
      {children}
    </>
  );
}
