import { toKey, type BlogFilter } from './filters';
import type { PostCard, SearchEntry } from './types';

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
