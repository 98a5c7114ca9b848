/**
 * The site's folder (where gatsby-config.ts is), for the local plugins' Node APIs: the folder
 * Gatsby runs in. `gatsby build` and `gatsby develop` are started there (npm's scripts, and
 * scripts/build-site-aside.mjs in its work folder), Gatsby's CLI takes it as the site's folder,
 * and the adapter API's paths are relative to it (plugins/site-adapter). Gatsby's store keeps it
 * too, but as no documented value; this is the one place that decides it.
 */
export function siteDirectory(): string {
  return process.cwd();
}
