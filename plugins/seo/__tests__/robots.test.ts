import { robotsTxt } from '../robots';

test('robots.txt allows the site, keeps crawlers out of admin screens and names the sitemap absolutely', () => {
  const text = robotsTxt('https://agentworks.example/');
  expect(text).toContain('User-agent: *\nAllow: /\n');
  for (const path of ['/admin/', '/blog/new', '/giveaway/admin', '/login']) {
    expect(text).toContain(`Disallow: ${path}\n`);
  }
  expect(text).toContain('Sitemap: https://agentworks.example/sitemap-index.xml\n');
});
