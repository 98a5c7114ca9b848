import type { PostCard } from './types';

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
