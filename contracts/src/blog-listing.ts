/**
 * The blog's listing, shared by the build (plugins/blog writes the list files, the search index and
 * the related posts) and the browser (the /blog list island reads them): the card's shape, the
 * browse-by filter, the order of every list and the list files' names. No dependency, so the
 * browser takes it alone as `@site/contracts/blog-listing` (compiled from this source with the
 * site's own modules, so webpack keeps only what a page uses).
 */

/** What a post card needs: the shape shared by the /blog page query, list chunks and search index. */
export interface PostCard {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** ISO 8601 */
  date: string;
  category: string;
  series: string | null;
  tags: readonly string[];
  /** The cover as the image service made it (PostPicture) and what it shows; null for none. */
  coverImage?: unknown;
  coverAlt?: string | null;
}

/** One search index entry: the card plus the fields searched but not shown. */
export interface SearchEntry extends PostCard {
  description: string;
  /** Plain text of the body. */
  content: string;
}

export interface CategorySummary {
  name: string;
  title: string;
  description: string;
}

/**
 * The browse-by choice on /blog. Series and category are mutually exclusive by construction: the
 * filter is one value, so choosing one replaces the other and "All" clears both.
 */
export type BlogFilter =
  { kind: 'all' } | { kind: 'category'; name: string } | { kind: 'series'; slug: string };

export const ALL: BlogFilter = { kind: 'all' };

/** URL- and file-safe key for a series name or category name. */
export function toKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function filterFromSearch(search: string): BlogFilter {
  const params = new URLSearchParams(search);
  const category = params.get('category')?.trim();
  if (category) return { kind: 'category', name: category };
  const series = params.get('series')?.trim();
  if (series) return { kind: 'series', slug: toKey(series) };
  return ALL;
}

/** The query string for a filter, other parameters kept; '' when there is nothing to keep. */
export function searchForFilter(filter: BlogFilter, currentSearch = ''): string {
  const params = new URLSearchParams(currentSearch);
  params.delete('category');
  params.delete('series');
  if (filter.kind === 'category') params.set('category', filter.name);
  if (filter.kind === 'series') params.set('series', filter.slug);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function sameFilter(a: BlogFilter, b: BlogFilter): boolean {
  if (a.kind === 'category' && b.kind === 'category') return a.name === b.name;
  if (a.kind === 'series' && b.kind === 'series') return a.slug === b.slug;
  return a.kind === b.kind;
}

export function matchesFilter(
  post: Pick<PostCard, 'category' | 'series'>,
  filter: BlogFilter,
): boolean {
  switch (filter.kind) {
    case 'all':
      return true;
    case 'category':
      return post.category === filter.name;
    case 'series':
      return post.series !== null && toKey(post.series) === filter.slug;
  }
}

/** Newest first; ties by slug so every list (page query, chunks, search) orders alike. */
export function compareNewestFirst(
  a: Pick<PostCard, 'date' | 'slug'>,
  b: Pick<PostCard, 'date' | 'slug'>,
): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.slug.localeCompare(b.slug);
}

export function visibleTags(
  tags: readonly string[],
  max = 2,
): { shown: readonly string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/**
 * /blog embeds only its first page of cards. Further pages of each list (all posts, one category,
 * one series) are small JSON files written at build time and fetched on "Load more"; the search
 * index is a separate file fetched when the visitor starts searching.
 */
export const PAGE_SIZE = 12;
export const SEARCH_INDEX_PATH = '/blog-search-index.json';
export const LIST_DIRECTORY = '/blog-data';

export interface ListPageFile {
  posts: PostCard[];
}

export interface SearchIndexFile {
  posts: SearchEntry[];
}

export function filterKey(filter: BlogFilter): string {
  switch (filter.kind) {
    case 'all':
      return 'all';
    case 'category':
      return `category-${toKey(filter.name)}`;
    case 'series':
      return `series-${filter.slug}`;
  }
}

/** page counts from 1 */
export function listPagePath(filter: BlogFilter, page: number): string {
  return `${LIST_DIRECTORY}/${filterKey(filter)}/${page}.json`;
}
