import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { Parser } from 'htmlparser2';
import { SitemapStream, streamToPromise } from 'sitemap';
import {
  compareFeedPosts,
  type Compiled,
  FEED_DATA_FILE,
  FEED_LIMIT,
  type FeedData,
  type FeedPost,
  feedXml,
} from '@site/pipeline';
import {
  HOME_LATEST_SEED,
  REQUEST_RENDER_DIR,
  REQUEST_RENDER_MANIFEST_FILE,
} from '@site/contracts';
import type { Database } from '../../db/database';
import {
  type Card,
  changesAfterBuild,
  compareNewestFirst,
  type DrawnChange,
  groupCounts,
  isoDate,
  readChange,
  type ReadPost,
  stateOfSlug,
  versionOf,
  withChanges,
} from './drawn-posts';

/**
 * The data the site's request-time slots draw a changed post and /blog with
 * (src/request-render/blog-post.tsx, blog-list.tsx): the shapes of the post template's and
 * /blog's query answers, made from the served build's own files and the changes it lacks.
 */

/** How many posts /blog embeds (its query's limit; PAGE_SIZE of the list files). */
const FIRST_PAGE = 12;
/** Up to this many other posts of the same category, newest first (the build's rule). */
const RELATED_LIMIT = 3;
/** Compiled posts kept per process: a job's file never changes, so it compiles once. */
const COMPILED_KEPT = 50;

/** What the drawn pages need of a served build, read once per build. */
interface BuiltData {
  /** Every post of the build, newest first (its search index). */
  cards: Card[];
  /** /blog's query answer as built. */
  blogIndex: Record<string, unknown> & { categories: { nodes: CategoryInfo[] } };
  site: { title: string; description: string; siteUrl: string };
  /** Each post's card picture as built, by slug. */
  covers: Array<[string, { coverImage: unknown; coverAlt: string | null }]>;
}

interface CategoryInfo {
  name: string;
  title: string;
  description: string;
}

export interface DrawnPagesOptions {
  db: Kysely<Database>;
  /** The folder of the build this process serves now. */
  servedDir: () => string;
  compile: (body: string) => Promise<Compiled>;
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
}

/** How many posts the home page shows. */
const LATEST = 3;

/** A post of the home page's latest posts, as its static query gives it. */
interface LatestPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  coverImage?: unknown;
  coverAlt?: string | null;
}

/** The file of the sitemap's URLs, as gatsby-plugin-sitemap writes it (one file up to 45,000). */
export const SITEMAP_FILE = 'sitemap-0.xml';
export const FEED_FILE = 'rss.xml';

/** An entry of a sitemap file, as the build wrote it. */
export interface SitemapEntry {
  url: string;
  changefreq?: string;
  priority?: number;
}

/** The entries of a sitemap file, in order. */
export function sitemapEntries(xml: string): SitemapEntry[] {
  const entries: SitemapEntry[] = [];
  let field: 'loc' | 'changefreq' | 'priority' | null = null;
  let text = '';
  let entry: Partial<SitemapEntry> = {};
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'url') entry = {};
        if (name === 'loc' || name === 'changefreq' || name === 'priority') {
          field = name;
          text = '';
        }
      },
      ontext(chunk) {
        if (field !== null) text += chunk;
      },
      onclosetag(name) {
        if (name === 'loc') entry.url = text.trim();
        else if (name === 'changefreq') entry.changefreq = text.trim();
        else if (name === 'priority') entry.priority = Number(text.trim());
        else if (name === 'url' && entry.url !== undefined) entries.push(entry as SitemapEntry);
        if (name === field) field = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return entries;
}

/** A sitemap file of `entries`, written by the same writer and settings as gatsby-plugin-sitemap's. */
export async function sitemapXml(
  hostname: string,
  entries: readonly SitemapEntry[],
): Promise<string> {
  const stream = new SitemapStream({ hostname });
  const done = streamToPromise(stream);
  for (const entry of entries) stream.write(entry);
  stream.end();
  return (await done).toString();
}

/**
 * The sitemap's addresses after the changes: a post taken down (or moved) leaves, a new post comes
 * in among the posts' addresses where a clean build puts it (its pages are made newest first).
 */
export function sitemapWith(
  entries: readonly SitemapEntry[],
  siteUrl: string,
  before: readonly Card[],
  after: readonly Card[],
): SitemapEntry[] {
  const urlOf = (slug: string) => `${siteUrl}/blog/${slug}`;
  const stays = new Set(after.map((card) => card.slug));
  const gone = new Set(before.filter((card) => !stays.has(card.slug)).map((c) => urlOf(c.slug)));
  const known = new Set(before.map((card) => card.slug));
  const result = entries.filter((entry) => !gone.has(entry.url));
  const cardOfUrl = new Map(after.map((card) => [urlOf(card.slug), card]));
  // A new entry is written as the build writes every page's (its fields are the same for all).
  const { url: _url, ...fields } = entries[0] ?? { url: '' };
  for (const card of after) {
    if (known.has(card.slug)) continue;
    const url = urlOf(card.slug);
    let at = result.findIndex((other) => {
      const existing = cardOfUrl.get(other.url);
      return existing !== undefined && compareNewestFirst(card, existing) < 0;
    });
    if (at === -1) {
      const last = result.reduce((found, other, i) => (cardOfUrl.has(other.url) ? i : found), -1);
      at = last === -1 ? result.length : last + 1;
    }
    result.splice(at, 0, { ...fields, url });
  }
  return result;
}

/** The related posts of the post at `slug` among `cards` (newest first): the build's rule. */
export function relatedCards(cards: readonly Card[], slug: string, category: string): Card[] {
  return cards
    .filter((card) => card.slug !== slug && card.category === category)
    .slice(0, RELATED_LIMIT);
}

/** Whether two related lists draw the same (each entry's address, title and date). */
function sameRelated(a: readonly Card[], b: readonly Card[]): boolean {
  return (
    a.length === b.length &&
    a.every((card, i) => {
      const other = b[i];
      return other?.slug === card.slug && other.title === card.title && other.date === card.date;
    })
  );
}

/**
 * Related posts as the post template's query gives them: a post the build holds as it is keeps
 * its card picture as built; a changed post has none until its build.
 */
function relatedNodes(
  cards: readonly Card[],
  changes: readonly DrawnChange[],
  covers: ReadonlyMap<string, { coverImage: unknown; coverAlt: string | null }>,
) {
  return cards.map(({ id, slug, title, date }) => {
    const changed = changes.some((change) => change.slug === slug);
    const cover = changed ? undefined : covers.get(slug);
    return {
      id,
      slug,
      title,
      date,
      coverImage: cover?.coverImage ?? null,
      coverAlt: cover?.coverAlt ?? null,
    };
  });
}

export class DrawnPages {
  private built: { dir: string; data: Promise<BuiltData | null> } | null = null;
  /** The drawn feed and sitemap, by served folder and version of the changes. */
  private files = new Map<string, Promise<string | null>>();
  private compiled = new Map<number, Promise<ReadPost | null>>();
  private cards: { built: BuiltData; version: number; cards: Promise<Card[]> } | null = null;

  constructor(private readonly opts: DrawnPagesOptions) {}

  /** The changes the served build lacks. */
  changes(): Promise<DrawnChange[]> {
    return changesAfterBuild(this.opts.db, this.opts.servedDir());
  }

  /** A number that moves with the set of changes drawn (see versionOf). */
  async version(): Promise<number> {
    return versionOf(await this.changes());
  }

  /**
   * The post at /blog/{slug} as the post template's query would answer it after the changes, or
   * `{ gone: true }` for a post taken down; null when the served build is up to date for it. A
   * post that did not change itself is drawn too when its related posts did (another post of its
   * category published, updated or taken down): its page as built, with the related posts as
   * the build will choose them.
   */
  async post(slug: string): Promise<unknown> {
    const changes = await this.changes();
    const state = stateOfSlug(changes, slug);
    if (state === null) return changes.length === 0 ? null : this.relatedChanged(slug, changes);
    if (state.kind === 'gone') return { gone: true };
    const [read, built] = await Promise.all([this.read(state.change), this.builtData()]);
    if (!read || !built) return null;
    const cards = await this.cardsWith(built, changes);
    const { fields, compiled, card } = read;
    const self = cards.find((item) => item.slug === slug) ?? card;
    const category = built.blogIndex.categories.nodes.find(
      (item) => item.name === fields.category,
    ) ?? { name: fields.category, title: fields.category, description: '' };
    const related = relatedNodes(
      relatedCards(cards, slug, fields.category),
      changes,
      new Map(built.covers),
    );
    return {
      pathname: `/blog/${slug}`,
      siteMetadata: built.site,
      page: {
        site: { siteMetadata: { siteUrl: built.site.siteUrl } },
        related: { nodes: related },
        blogPost: {
          slug: fields.slug,
          title: fields.title,
          description: fields.description,
          date: self.date,
          category: fields.category,
          categoryInfo: category,
          author: fields.author ?? null,
          tags: [...(fields.tags ?? [])],
          headings: compiled.headings,
          series: fields.series ?? null,
          seriesOrder: fields.seriesOrder ?? null,
          readingTime: compiled.readingTime,
          wordCount: compiled.wordCount,
          draft: fields.draft ?? false,
          html: compiled.html,
        },
      },
    };
  }

  /**
   * A built post that did not change, drawn from its own page data as built with the related
   * posts after the changes; null when they are the same as built (or the post is not a built
   * markdown post, whose page data holds its body).
   */
  private async relatedChanged(slug: string, changes: DrawnChange[]): Promise<unknown> {
    const dir = this.opts.servedDir();
    const built = await this.builtData();
    const own = built?.cards.find((card) => card.slug === slug);
    if (!built || !own) return null;
    const before = relatedCards(built.cards, slug, own.category);
    const after = relatedCards(await this.cardsWith(built, changes), slug, own.category);
    if (sameRelated(before, after)) return null;
    let page: Record<string, unknown> & { blogPost?: { html?: unknown } | null };
    try {
      const file = path.join(dir, 'page-data', 'blog', slug, 'page-data.json');
      page = ((await readJson(file)) as { result: { data: typeof page } }).result.data;
    } catch {
      return null;
    }
    // An MDX post's body is a compiled component, not in its page data: served as built.
    if (typeof page.blogPost?.html !== 'string') return null;
    return {
      pathname: `/blog/${slug}`,
      siteMetadata: built.site,
      page: { ...page, related: { nodes: relatedNodes(after, changes, new Map(built.covers)) } },
    };
  }

  /** /blog's query answer with the changes put in; null when there are none. */
  async blogIndex(): Promise<unknown> {
    const changes = await this.changes();
    if (changes.length === 0) return null;
    const built = await this.builtData();
    if (!built) return null;
    const cards = await this.cardsWith(built, changes);
    return {
      ...built.blogIndex,
      posts: { totalCount: cards.length, nodes: cards.slice(0, FIRST_PAGE) },
      byCategory: { group: groupCounts(cards.map((card) => card.category)) },
      bySeries: { group: groupCounts(cards.map((card) => card.series)) },
    };
  }

  /**
   * The home page's latest posts with the changes put in (the seed's words, the three newest
   * posts; a post the build showed keeps its entry as built); null when there are none.
   */
  async latest(): Promise<unknown> {
    const changes = await this.changes();
    if (changes.length === 0) return null;
    const dir = this.opts.servedDir();
    const built = await this.builtData();
    if (!built) return null;
    let seed: { copy: unknown; posts: LatestPost[] };
    try {
      seed = (
        (await readJson(path.join(dir, HOME_LATEST_SEED))) as { result: { data: typeof seed } }
      ).result.data;
    } catch {
      return null;
    }
    const cards = await this.cardsWith(built, changes);
    const asBuilt = new Map(seed.posts.map((post) => [post.id, post]));
    const covers = new Map(built.covers);
    const posts = cards.slice(0, LATEST).map((card): LatestPost => {
      const same = asBuilt.get(card.id);
      const changed = changes.some((change) => change.slug === card.slug);
      if (same && !changed) return same;
      const cover = changed ? undefined : covers.get(card.slug);
      return {
        id: card.id,
        slug: card.slug,
        title: card.title,
        excerpt: card.excerpt,
        date: card.date,
        coverImage: cover?.coverImage ?? null,
        coverAlt: cover?.coverAlt ?? null,
      };
    });
    return { copy: seed.copy, posts };
  }

  /**
   * /rss.xml with the changes put in, from the build's feed data with the same writer; null when
   * there are none or the build left no feed data.
   */
  feed(): Promise<string | null> {
    return this.drawnFile('feed', async (dir, changes) => {
      const feed = (await readJson(path.join(dir, FEED_DATA_FILE))) as FeedData;
      const bySlug = new Map(feed.posts.map((post) => [post.slug, post]));
      for (const change of changes) {
        bySlug.delete(change.slug);
        if (change.movedFrom !== null) bySlug.delete(change.movedFrom);
        if (change.action === 'unpublish') continue;
        const read = await this.read(change);
        if (!read) continue;
        const { fields } = read;
        const post: FeedPost = {
          slug: fields.slug,
          title: fields.title,
          description: fields.description,
          date: isoDate(fields.date),
          author: fields.author ?? null,
          tags: [...(fields.tags ?? [])],
          category: fields.category,
        };
        bySlug.set(post.slug, post);
      }
      const posts = [...bySlug.values()].sort(compareFeedPosts).slice(0, FEED_LIMIT);
      return feedXml(feed.channel, posts, feed.siteUrl);
    });
  }

  /** sitemap-0.xml with posts published or taken down since the build; null when none. */
  sitemap(): Promise<string | null> {
    return this.drawnFile('sitemap', async (dir, changes) => {
      const built = await this.builtData();
      if (!built) return null;
      const xml = await fs.readFile(path.join(dir, SITEMAP_FILE), 'utf8');
      const after = await this.cardsWith(built, changes);
      const entries = sitemapWith(sitemapEntries(xml), built.site.siteUrl, built.cards, after);
      return sitemapXml(built.site.siteUrl, entries);
    });
  }

  /** A drawn file, made once per served folder and set of changes; null when nothing changed. */
  private async drawnFile(
    name: string,
    make: (dir: string, changes: DrawnChange[]) => Promise<string | null>,
  ): Promise<string | null> {
    const dir = this.opts.servedDir();
    const changes = await this.changes();
    if (changes.length === 0) return null;
    const key = `${name} ${dir} ${versionOf(changes)}`;
    let made = this.files.get(key);
    if (!made) {
      // A build without the files (or an older one): served as built.
      made = make(dir, changes).catch(() => {
        this.files.delete(key);
        return null;
      });
      this.files.set(key, made);
      while (this.files.size > 8) this.files.delete(this.files.keys().next().value as string);
    }
    return made;
  }

  /**
   * The served build's cards with the changes put in, made once per build and set of changes
   * (every request for a post's page asks, to know whether its related posts moved).
   */
  private cardsWith(built: BuiltData, changes: DrawnChange[]): Promise<Card[]> {
    const version = versionOf(changes);
    const kept = this.cards;
    if (kept?.built === built && kept.version === version) return kept.cards;
    const cards = (async () => {
      const reads = new Map<number, ReadPost | null>();
      await Promise.all(
        changes.map(async (change) => reads.set(change.id, await this.read(change))),
      );
      return withChanges(built.cards, changes, (change) => reads.get(change.id)?.card ?? null);
    })();
    this.cards = { built, version, cards };
    return cards;
  }

  /** A change's post, compiled once on the worker pool; null when it cannot be drawn. */
  private read(change: DrawnChange): Promise<ReadPost | null> {
    let read = this.compiled.get(change.id);
    if (!read) {
      read = readChange(change, this.opts.compile).catch(() => null);
      this.compiled.set(change.id, read);
      while (this.compiled.size > COMPILED_KEPT) {
        this.compiled.delete(this.compiled.keys().next().value as number);
      }
    }
    return read;
  }

  private builtData(): Promise<BuiltData | null> {
    const dir = this.opts.servedDir();
    if (this.built?.dir !== dir) this.built = { dir, data: this.readBuilt(dir) };
    return this.built.data;
  }

  private async readBuilt(dir: string): Promise<BuiltData | null> {
    try {
      const [index, page, manifest] = await Promise.all([
        readJson(path.join(dir, 'blog-search-index.json')),
        readJson(path.join(dir, 'page-data', 'blog', 'page-data.json')),
        readJson(path.join(dir, REQUEST_RENDER_DIR, REQUEST_RENDER_MANIFEST_FILE)),
      ]);
      const posts = (
        index as {
          posts: Array<Card & { content?: string; coverImage?: unknown; coverAlt?: string | null }>;
        }
      ).posts;
      return {
        covers: posts.map((post) => [
          post.slug,
          { coverImage: post.coverImage ?? null, coverAlt: post.coverAlt ?? null },
        ]),
        cards: posts
          .map(({ id, slug, title, excerpt, date, category, series, tags }) => ({
            id,
            slug,
            title,
            excerpt,
            date,
            category,
            series: series ?? null,
            tags: [...tags],
          }))
          .sort(compareNewestFirst),
        blogIndex: (page as { result: { data: BuiltData['blogIndex'] } }).result.data,
        site: (manifest as { site: BuiltData['site'] }).site,
      };
    } catch {
      // A build without the blog's files (or an older one): nothing is drawn, all is as built.
      if (this.built?.dir === dir) this.built = null;
      return null;
    }
  }
}
