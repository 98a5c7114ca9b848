import {
  listPagePath,
  SEARCH_INDEX_PATH,
  type ListPageFile,
  type SearchIndexFile,
} from '@site/contracts/blog/listing-files';
import type { BlogFilter } from '@site/contracts/blog/filters';

async function getJson<T>(path: string): Promise<T> {
  // An absolute URL so the same call works in the browser and under the test runner's fetch.
  const response = await fetch(new URL(path, window.location.origin), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return (await response.json()) as T;
}

export function fetchListPage(filter: BlogFilter, page: number): Promise<ListPageFile> {
  return getJson<ListPageFile>(listPagePath(filter, page));
}

export function fetchSearchIndex(): Promise<SearchIndexFile> {
  return getJson<SearchIndexFile>(SEARCH_INDEX_PATH);
}
