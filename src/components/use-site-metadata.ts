import { graphql, useStaticQuery } from 'gatsby';

export interface SiteMetadata {
  title: string;
  description: string;
  siteUrl: string;
}

/** siteMetadata from gatsby-config.ts, read at build time (no runtime request). */
export function useSiteMetadata(): SiteMetadata {
  const data = useStaticQuery<Queries.ShellSiteMetadataQuery>(graphql`
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
  const meta = data.site?.siteMetadata;
  if (!meta?.title || !meta.description || !meta.siteUrl) {
    throw new Error('siteMetadata in gatsby-config.ts needs a title, a description and a siteUrl.');
  }
  return { title: meta.title, description: meta.description, siteUrl: meta.siteUrl };
}

/** `tel:` needs digits and a leading plus only; the display form keeps spaces for reading. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
