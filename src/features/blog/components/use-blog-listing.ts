import { useCallback, useEffect, useRef, useState } from 'react';
import { matchesFilter, type BlogFilter } from '@site/contracts/blog/filters';
import { fetchListPage, fetchSearchIndex } from '../lib/list-client';
import { filterKey, PAGE_SIZE } from '@site/contracts/blog/listing-files';
import { prepareIndex, queryTerms, searchPosts, type PreparedEntry } from '../lib/search';
import type { PostCard } from '@site/contracts/blog/types';

export interface ListingSource {
  /** The newest posts, embedded in the page (the first page of "All"). */
  firstPage: readonly PostCard[];
  totalCount: number;
  /** How many posts a browse-by choice holds, known at build time. */
  countFor: (filter: BlogFilter) => number;
}

export type ListingStatus = 'ready' | 'loading' | 'error';

export interface Listing {
  posts: readonly PostCard[];
  /** Posts matching the current choice and query; null while it is not known yet. */
  total: number | null;
  status: ListingStatus;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

interface LoadedList {
  posts: PostCard[];
  pagesLoaded: number;
  status: ListingStatus;
}

type IndexState =
  { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; entries: PreparedEntry[] };

/**
 * The posts /blog shows for a browse-by choice and a search query.
 *
 * - When every post is already in the page (a small blog), filtering and paging happen in memory.
 * - Otherwise each list is paged through build-time JSON files, fetched as "Load more" is pressed.
 * - A search fetches the search index once, the first time the query is not empty, and then
 *   filters it in memory.
 */
export function useBlogListing(source: ListingSource, filter: BlogFilter, query: string): Listing {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const searching = queryTerms(query).length > 0;
  const complete = source.firstPage.length >= source.totalCount;
  const key = filterKey(filter);
  const filterTotal = source.countFor(filter);

  const [index, setIndex] = useState<IndexState>({ status: 'idle' });
  useEffect(() => {
    if (!searching || index.status !== 'idle') return;
    setIndex({ status: 'loading' });
    fetchSearchIndex().then(
      (file) => {
        if (mounted.current) setIndex({ status: 'ready', entries: prepareIndex(file.posts) });
      },
      (error: unknown) => {
        console.error('Blog: could not load the search index.', error);
        if (mounted.current) setIndex({ status: 'error' });
      },
    );
  }, [searching, index.status]);

  const pagingKey = searching ? `${key}\u0000${query}` : key;
  const [paging, setPaging] = useState({ key: pagingKey, count: PAGE_SIZE });
  const visibleCount = paging.key === pagingKey ? paging.count : PAGE_SIZE;
  const showMore = useCallback(
    () => setPaging({ key: pagingKey, count: visibleCount + PAGE_SIZE }),
    [pagingKey, visibleCount],
  );

  const [lists, setLists] = useState<Record<string, LoadedList>>(() => ({
    all: { posts: [...source.firstPage], pagesLoaded: 1, status: 'ready' },
  }));
  const loading = useRef(new Set<string>());
  const loadPage = useCallback((target: BlogFilter, page: number) => {
    const targetKey = filterKey(target);
    if (loading.current.has(targetKey)) return;
    loading.current.add(targetKey);
    // The list's next state from the one it had (none before its first page).
    const update = (next: (current: LoadedList | undefined) => LoadedList) =>
      setLists((previous) => ({ ...previous, [targetKey]: next(previous[targetKey]) }));
    // The list as it was, now with `status`.
    const marked = (status: ListingStatus) => (current: LoadedList | undefined) => ({
      posts: current?.posts ?? [],
      pagesLoaded: current?.pagesLoaded ?? 0,
      status,
    });
    update(marked('loading'));
    fetchListPage(target, page)
      .then(
        (file) => {
          if (!mounted.current) return;
          update((current) => ({
            posts: [...(current?.posts ?? []), ...file.posts],
            pagesLoaded: page,
            status: 'ready',
          }));
        },
        (error: unknown) => {
          console.error(`Blog: could not load page ${page} of the "${targetKey}" list.`, error);
          if (!mounted.current) return;
          update(marked('error'));
        },
      )
      .finally(() => loading.current.delete(targetKey));
  }, []);

  const pagedFromFiles = !searching && !complete;
  const list = lists[key];
  useEffect(() => {
    if (pagedFromFiles && !list && filterTotal > 0) loadPage(filter, 1);
  }, [pagedFromFiles, list, filterTotal, filter, loadPage]);

  const retryIndex = useCallback(() => setIndex({ status: 'idle' }), []);
  // A list held whole in memory, shown up to the count asked for so far.
  const shownOf = (posts: readonly PostCard[], retry: () => void): Listing => ({
    posts: posts.slice(0, visibleCount),
    total: posts.length,
    status: 'ready',
    hasMore: posts.length > visibleCount,
    loadMore: showMore,
    retry,
  });

  if (searching) {
    if (index.status !== 'ready') {
      return {
        posts: [],
        total: null,
        status: index.status === 'error' ? 'error' : 'loading',
        hasMore: false,
        loadMore: showMore,
        retry: retryIndex,
      };
    }
    return shownOf(searchPosts(index.entries, query, filter), retryIndex);
  }

  if (complete) {
    return shownOf(
      source.firstPage.filter((post) => matchesFilter(post, filter)),
      showMore,
    );
  }

  if (filterTotal === 0) {
    return {
      posts: [],
      total: 0,
      status: 'ready',
      hasMore: false,
      loadMore: showMore,
      retry: showMore,
    };
  }
  const nextPage = () => loadPage(filter, (list?.pagesLoaded ?? 0) + 1);
  return {
    posts: list?.posts ?? [],
    total: filterTotal,
    status: list?.status ?? 'loading',
    hasMore: (list?.posts.length ?? 0) < filterTotal,
    loadMore: nextPage,
    retry: nextPage,
  };
}
