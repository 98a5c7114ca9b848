// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the server and site type-check this file from their own programs, which do not include plugins.d.ts on their own
/// <reference path="./plugins.d.ts" />
import RSS from 'rss';

/**
 * The blog's feed (/rss.xml), for the build (gatsby-plugin-feed, plugins/blog/feed.ts) and for the
 * server, which draws it with posts published after the served build: the same items from the
 * same posts, written by the same RSS writer.
 */

/** How many posts the feed holds, newest first. */
export const FEED_LIMIT = 50;

/** A post as the feed reads it (the feed query's fields). */
export interface FeedPost {
  slug: string;
  title: string;
  description: string;
  date: string;
  author: string | null;
  tags: readonly string[];
  category: string;
}

/** The feed's items: one per post, in the order given. */
export function feedItems(posts: readonly FeedPost[], siteUrl: string) {
  return posts.map((post) => {
    const url = `${siteUrl}/blog/${post.slug}`;
    return {
      title: post.title,
      description: post.description,
      date: post.date,
      url,
      guid: url,
      author: post.author ?? undefined,
      categories: [post.category, ...post.tags],
    };
  });
}

/** Newest first, then by slug: the feed query's order. */
export function compareFeedPosts(a: FeedPost, b: FeedPost): number {
  const at = Date.parse(a.date);
  const bt = Date.parse(b.date);
  if (at !== bt) return at < bt ? 1 : -1;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/**
 * The RSS options the build's writer was made with, as JSON can keep them: the known channel
 * fields of what gatsby-plugin-feed's `setup` gives (it also passes the plugin's own options,
 * functions among them, which the writer ignores).
 */
const CHANNEL_FIELDS = [
  'title',
  'description',
  'generator',
  'feed_url',
  'site_url',
  'image_url',
  'author',
  'categories',
  'pubDate',
  'hub',
  'docs',
  'copyright',
  'language',
  'managingEditor',
  'webMaster',
  'ttl',
  'geoRSS',
  'custom_namespaces',
  'custom_elements',
] as const;

export type FeedChannel = Partial<Record<(typeof CHANNEL_FIELDS)[number], unknown>>;

export function feedChannel(setup: Record<string, unknown>): FeedChannel {
  const channel: FeedChannel = {};
  for (const field of CHANNEL_FIELDS) if (setup[field] !== undefined) channel[field] = setup[field];
  return channel;
}

/** The feed's XML, as gatsby-plugin-feed writes it (rss adds the time it is written). */
export function feedXml(channel: FeedChannel, posts: readonly FeedPost[], siteUrl: string): string {
  const feed = new RSS(channel);
  for (const item of feedItems(posts, siteUrl)) feed.item(item);
  return feed.xml();
}

/**
 * What the build leaves for the server to draw the feed with (in the never-served
 * `.request-render/` folder): the writer's options, the site's address and the newest posts as the
 * feed query gives them, with some to spare for posts taken down before the next build.
 */
export const FEED_DATA_FILE = '.request-render/blog-feed.json';
export const FEED_SPARE = 20;

export interface FeedData {
  channel: FeedChannel;
  siteUrl: string;
  posts: FeedPost[];
}
