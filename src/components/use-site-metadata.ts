import { graphql, useStaticQuery } from 'gatsby';

export interface SiteMetadata {
  title: string;
  description: string;
  siteUrl: string;
}

interface SiteMetadataQueryResult {
  site: { siteMetadata: SiteMetadata } | null;
}

/** siteMetadata from gatsby-config.ts, read at build time (no runtime request). */
export function useSiteMetadata(): SiteMetadata {
  const data = useStaticQuery<SiteMetadataQueryResult>(graphql`
    query ShellSiteMetadata {
      site {
        siteMetadata {
          title
          description
          siteUrl
        }
      }
    }
  `);
  if (!data.site) throw new Error('siteMetadata is missing from gatsby-config.ts.');
  return data.site.siteMetadata;
}

/** `tel:` needs digits and a leading plus only; the display form keeps spaces for reading. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
