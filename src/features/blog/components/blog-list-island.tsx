import React, { useCallback, useMemo } from 'react';
import { island } from '@/lib/island';
import { useAddressSearch } from '@/lib/use-address-search';
import { searchForFilter, type BlogFilter } from '@site/contracts/blog/filters';
import type { PostCard } from '@site/contracts/blog/types';
import { BlogList, type CategoryOption, type SeriesOption } from './blog-list';
import type { SocialLinks } from './social-follow';
import type { ListingSource } from './use-blog-listing';

/** What /blog's list needs, as plain data written into the page. */
export interface BlogListIslandProps {
  /** The newest posts (the first page of "All"). */
  firstPage: PostCard[];
  totalCount: number;
  /** Posts per category name and per series slug, known at build time. */
  categoryCounts: Record<string, number>;
  seriesCounts: Record<string, number>;
  categories: CategoryOption[];
  series: SeriesOption[];
  social: SocialLinks;
}

function BlogListRoot({
  firstPage,
  totalCount,
  categoryCounts,
  seriesCounts,
  categories,
  series,
  social,
}: BlogListIslandProps) {
  const source = useMemo<ListingSource>(
    () => ({
      firstPage,
      totalCount,
      countFor: (filter: BlogFilter) =>
        filter.kind === 'all'
          ? totalCount
          : filter.kind === 'category'
            ? (categoryCounts[filter.name] ?? 0)
            : (seriesCounts[filter.slug] ?? 0),
    }),
    [firstPage, totalCount, categoryCounts, seriesCounts],
  );
  const [search, setSearch] = useAddressSearch();
  const onFilterChange = useCallback(
    (filter: BlogFilter) => setSearch(searchForFilter(filter, search)),
    [search, setSearch],
  );
  return (
    <BlogList
      source={source}
      categories={categories}
      series={series}
      search={search}
      onFilterChange={onFilterChange}
      social={social}
    />
  );
}

/**
 * /blog's search, browse-by choices, list and follow strip, as one island. It loads at once when
 * the address asks for a choice (?category=, ?series=), so the list shows it without a wait.
 */
export const BlogListIsland = island('blog-list', BlogListRoot, { load: 'query' });
