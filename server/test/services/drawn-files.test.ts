import { type FeedPost, feedXml } from '@site/pipeline';
import type { Card } from '../../src/services/publish/drawn-posts';
import { sitemapEntries, sitemapWith, sitemapXml } from '../../src/services/publish/drawn-pages';

/*
 * The feed and the sitemap as the server draws them after a publish: written by the same writers
 * as the build's, from the same posts, so a drawn file is the file the next build writes.
 */

const SITE = 'https://example.org';
const card = (slug: string, date: string): Card => ({
  id: `built-${slug}`,
  slug,
  title: slug,
  excerpt: '',
  date,
  category: 'foundation',
  series: null,
  tags: [],
});

describe('the drawn sitemap', () => {
  const entries = (...paths: string[]) =>
    paths.map((p) => ({ url: `${SITE}${p}`, changefreq: 'daily', priority: 0.7 }));

  it('writes the entries it read back byte for byte', async () => {
    const built = await sitemapXml(SITE, entries('/blog/b', '/blog/a', '/', '/blog'));
    expect(sitemapEntries(built)).toEqual(entries('/blog/b', '/blog/a', '/', '/blog'));
    expect(await sitemapXml(SITE, sitemapEntries(built))).toBe(built);
  });

  it('puts a new post among the posts where a clean build puts it, and leaves a post taken down out', () => {
    const before = [card('b', '2025-02-01T00:00:00.000Z'), card('a', '2025-01-01T00:00:00.000Z')];
    const built = entries('/blog/b', '/blog/a', '/', '/blog');
    const newest = card('c', '2025-03-01T00:00:00.000Z');
    const between = card('ab', '2025-01-15T00:00:00.000Z');
    const oldest = card('z', '2024-01-01T00:00:00.000Z');
    expect(sitemapWith(built, SITE, before, [newest, ...before])).toEqual(
      entries('/blog/c', '/blog/b', '/blog/a', '/', '/blog'),
    );
    expect(
      sitemapWith(built, SITE, before, [before[0] as Card, between, before[1] as Card]),
    ).toEqual(entries('/blog/b', '/blog/ab', '/blog/a', '/', '/blog'));
    expect(sitemapWith(built, SITE, before, [...before, oldest])).toEqual(
      entries('/blog/b', '/blog/a', '/blog/z', '/', '/blog'),
    );
    expect(sitemapWith(built, SITE, before, [before[0] as Card])).toEqual(
      entries('/blog/b', '/', '/blog'),
    );
  });
});

describe('the feed', () => {
  const post = (slug: string, date: string): FeedPost => ({
    slug,
    title: `Title <${slug}>`,
    description: `About ${slug}`,
    date,
    author: slug === 'a' ? 'Dana' : null,
    tags: ['agents'],
    category: 'foundation',
  });

  it('writes each post as gatsby-plugin-feed did with the site serialize, escaped', () => {
    jest.useFakeTimers({ now: new Date('2026-11-29T12:00:00Z'), doNotFake: ['nextTick'] });
    try {
      const xml = feedXml(
        { title: 'Blog', site_url: SITE, generator: 'GatsbyJS' },
        [post('b', '2025-02-01T00:00:00.000Z'), post('a', '2025-01-01T00:00:00.000Z')],
        SITE,
      );
      expect(xml).toContain('<generator>GatsbyJS</generator>');
      expect(xml).toContain('<lastBuildDate>Sun, 29 Nov 2026 12:00:00 GMT</lastBuildDate>');
      expect(xml).toContain(
        '<item><title><![CDATA[Title <b>]]></title><description><![CDATA[About b]]></description><link>https://example.org/blog/b</link><guid isPermaLink="false">https://example.org/blog/b</guid><category><![CDATA[foundation]]></category><category><![CDATA[agents]]></category><pubDate>Sat, 01 Feb 2025 00:00:00 GMT</pubDate></item>',
      );
      expect(xml).toContain('<dc:creator><![CDATA[Dana]]></dc:creator>');
      expect(xml.indexOf('/blog/b')).toBeLessThan(xml.indexOf('/blog/a'));
    } finally {
      jest.useRealTimers();
    }
  });
});
