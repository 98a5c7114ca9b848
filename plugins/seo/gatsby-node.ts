import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { robotsTxt } from './robots';

/**
 * robots.txt is written at build time because its Sitemap line must be an absolute URL, and the
 * host comes from SITE_URL (siteMetadata.siteUrl).
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ graphql, reporter }) => {
  const result = await graphql<{ site: { siteMetadata: { siteUrl: string } } }>(
    'query SeoRobotsSiteUrl { site { siteMetadata { siteUrl } } }',
  );
  const siteUrl = result.data?.site.siteMetadata.siteUrl;
  if (!siteUrl) {
    reporter.panicOnBuild('robots.txt: siteMetadata.siteUrl is missing from gatsby-config.ts.');
    return;
  }
  await writeFile(path.join(process.cwd(), 'public', 'robots.txt'), robotsTxt(siteUrl));
};
