import {
  compareNewestFirst,
  matchesFilter,
  toKey,
  type BlogFilter,
} from '@site/contracts/blog/filters';
import { listPagePath, PAGE_SIZE, type ListPageFile } from '@site/contracts/blog/listing-files';
import type { PostCard } from '@site/contracts/blog/types';

/**
 * The blog's list pages, written at build time: /blog embeds the first page of cards, and each
 * further page of each list (all posts, one category, one series) is a small JSON file the
 * browser fetches on "Load more" (contracts/src/blog/listing-files.ts names them).
 */
/** Every list page file for the given posts: path → contents. */
export function buildListPages(
  posts: readonly PostCard[],
  categoryNames: readonly string[],
  pageSize = PAGE_SIZE,
): Map<string, ListPageFile> {
  const sorted = [...posts].sort(compareNewestFirst);
  const seriesSlugs = new Set(sorted.flatMap((post) => (post.series ? [toKey(post.series)] : [])));
  const filters: BlogFilter[] = [
    { kind: 'all' },
    ...categoryNames.map((name): BlogFilter => ({ kind: 'category', name })),
    ...[...seriesSlugs].map((slug): BlogFilter => ({ kind: 'series', slug })),
  ];
  const files = new Map<string, ListPageFile>();
  for (const filter of filters) {
    const matching = sorted.filter((post) => matchesFilter(post, filter));
    for (let start = 0, page = 1; start < matching.length; start += pageSize, page += 1) {
      files.set(listPagePath(filter, page), { posts: matching.slice(start, start + pageSize) });
    }
  }
  return files;
}
