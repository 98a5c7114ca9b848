/** robots.txt for a site served at `siteUrl`: everything public may be crawled; admin screens not. */
export function robotsTxt(siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin/',
    'Disallow: /blog/new',
    'Disallow: /giveaway/admin',
    'Disallow: /login',
    '',
    `Sitemap: ${base}/sitemap-index.xml`,
    '',
  ].join('\n');
}
