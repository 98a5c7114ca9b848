import { grouped } from '@/lib/format-number';
import React, { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ALL, filterFromSearch, sameFilter, type BlogFilter } from '@site/contracts/blog/filters';
import { queryTerms } from '../lib/search';
import type { CategorySummary } from '@site/contracts/blog/types';
import { PostCard } from './post-card';
import { SocialFollow, type SocialLinks } from './social-follow';
import { useBlogListing, type ListingSource } from './use-blog-listing';
import { gridList } from '@/styles/layout';

export interface CategoryOption extends CategorySummary {
  count: number;
}

export interface SeriesOption {
  name: string;
  slug: string;
  count: number;
}

export interface BlogListProps {
  source: ListingSource;
  categories: readonly CategoryOption[];
  series: readonly SeriesOption[];
  /** location.search: the browse-by choice lives in the URL (?category= or ?series=). */
  search: string;
  onFilterChange: (filter: BlogFilter) => void;
  social: SocialLinks;
}

function plural(count: number, one: string, many: string): string {
  return `${grouped(count)} ${count === 1 ? one : many}`;
}

/**
 * The search field's id. The list is drawn once per page, and the same id whether the list is
 * drawn inside the page, alone by the server (src/request-render/blog-list.tsx) or hydrated as
 * an island: an id from useId depends on where the list sits in the tree it is drawn in, and
 * would differ between the three.
 */
const SEARCH_ID = 'blog-search';

export function BlogList({
  source,
  categories,
  series,
  search,
  onFilterChange,
  social,
}: BlogListProps) {
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const [query, setQuery] = useState('');
  // Text typed into the prebuilt field before this list was hydrated is the query.
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = searchInput.current?.value;
    if (typed) setQuery(typed);
  }, []);
  const listing = useBlogListing(source, filter, query);
  const searching = queryTerms(query).length > 0;

  // After "Load more", keyboard and screen-reader users continue at the first new card rather
  // than on a button that may have just disappeared.
  const grid = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || listing.posts.length <= index) return;
    focusFrom.current = null;
    grid.current?.querySelectorAll<HTMLAnchorElement>('h3 a')[index]?.focus();
  }, [listing.posts.length]);
  const loadMore = () => {
    focusFrom.current = listing.posts.length;
    listing.loadMore();
  };

  const categoryTitles = useMemo(
    () => new Map(categories.map((category) => [category.name, category.title])),
    [categories],
  );
  const filterLabel =
    filter.kind === 'category'
      ? (categoryTitles.get(filter.name) ?? filter.name)
      : filter.kind === 'series'
        ? (series.find((item) => item.slug === filter.slug)?.name ?? filter.slug)
        : null;

  const choose = (next: BlogFilter) => {
    if (!sameFilter(next, filter)) onFilterChange(next);
  };
  const clearFilters = () => {
    setQuery('');
    if (filter.kind !== 'all') onFilterChange(ALL);
  };

  let countLine = '';
  if (listing.total !== null) {
    const what = plural(listing.total, 'post', 'posts');
    const scope = filterLabel
      ? filter.kind === 'series'
        ? ` in the series ${filterLabel}`
        : ` in ${filterLabel}`
      : '';
    const matching = searching ? ` matching “${query.trim()}”` : '';
    countLine =
      listing.posts.length < listing.total
        ? `Showing ${grouped(listing.posts.length)} of ${what}${scope}${matching}`
        : `${what}${scope}${matching}`;
  }

  return (
    <Wrapper>
      <SearchForm role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={SEARCH_ID}>
          <span className="sr-only">Search posts</span>
        </label>
        <SearchIcon viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </SearchIcon>
        <input
          ref={searchInput}
          id={SEARCH_ID}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search posts…"
          autoComplete="off"
        />
      </SearchForm>

      <SocialFollow links={social} />

      <BrowseBy role="group" aria-label="Browse posts by">
        <FilterButton
          type="button"
          aria-pressed={filter.kind === 'all'}
          onClick={() => choose(ALL)}
        >
          All
        </FilterButton>
        {series.length > 0 ? (
          <FilterGroup role="group" aria-label="Series">
            <GroupLabel aria-hidden="true">Series</GroupLabel>
            {series.map((item) => {
              const option: BlogFilter = { kind: 'series', slug: item.slug };
              return (
                <FilterButton
                  key={item.slug}
                  type="button"
                  aria-pressed={sameFilter(option, filter)}
                  onClick={() => choose(option)}
                >
                  {item.name}
                  <Count aria-hidden="true">{item.count}</Count>
                </FilterButton>
              );
            })}
          </FilterGroup>
        ) : null}
        <FilterGroup role="group" aria-label="Categories">
          <GroupLabel aria-hidden="true">Categories</GroupLabel>
          {categories.map((category) => {
            const option: BlogFilter = { kind: 'category', name: category.name };
            return (
              <FilterButton
                key={category.name}
                type="button"
                aria-pressed={sameFilter(option, filter)}
                onClick={() => choose(option)}
              >
                {category.title}
                <Count aria-hidden="true">{category.count}</Count>
              </FilterButton>
            );
          })}
        </FilterGroup>
      </BrowseBy>

      <CountLine role="status" aria-live="polite">
        {countLine}
      </CountLine>

      <h2 className="sr-only">Posts</h2>
      {listing.posts.length > 0 ? (
        <Grid ref={grid}>
          {listing.posts.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                categoryTitle={
                  filter.kind === 'category' ? undefined : categoryTitles.get(post.category)
                }
              />
            </li>
          ))}
        </Grid>
      ) : null}

      {listing.status === 'loading' ? (
        <Spinner label={searching ? 'Searching posts...' : 'Loading posts...'} />
      ) : null}

      {listing.status === 'error' ? (
        <Problem role="alert">
          <p>
            {searching
              ? 'Search is unavailable right now.'
              : 'More posts could not be loaded right now.'}
          </p>
          <Button variant="secondary" size="sm" onClick={listing.retry}>
            Try again
          </Button>
        </Problem>
      ) : null}

      {listing.status === 'ready' && listing.total === 0 ? (
        <Empty>
          <h2>No posts found</h2>
          <p>
            {searching ? (
              <>
                No posts match your search for <strong>{query.trim()}</strong>
              </>
            ) : filter.kind === 'all' ? (
              'No posts have been published yet.'
            ) : (
              'No posts available in this category'
            )}
          </p>
          <Button variant="secondary" onClick={clearFilters}>
            Clear filters
          </Button>
        </Empty>
      ) : null}

      {listing.status === 'ready' && listing.hasMore ? (
        <More>
          <Button variant="secondary" onClick={loadMore}>
            Load more posts
          </Button>
        </More>
      ) : null}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

const SearchForm = styled.form`
  position: relative;
  width: 100%;
  max-width: 40rem;
  margin: 0 auto;

  input {
    width: 100%;
    min-height: 3.25rem;
    padding: 0 ${({ theme }) => theme.space[4]} 0 3rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: ${({ theme }) => theme.fontSizes.md};
    box-shadow: ${({ theme }) => theme.shadows.sm};

    &::placeholder {
      color: ${({ theme }) => theme.colors.textMuted};
    }

    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
      border-color: ${({ theme }) => theme.colors.primary};
    }
  }
`;

const SearchIcon = styled.svg`
  position: absolute;
  top: 50%;
  left: 1.1rem;
  width: 1.25rem;
  height: 1.25rem;
  transform: translateY(-50%);
  fill: none;
  stroke: ${({ theme }) => theme.colors.textMuted};
  stroke-width: 2;
  stroke-linecap: round;
  pointer-events: none;
`;

const BrowseBy = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space[3]} ${theme.space[5]}`};
`;

const FilterGroup = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const GroupLabel = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`;

const FilterButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 2.5rem;
  padding: 0 ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Count = styled.span`
  min-width: 1.5rem;
  padding: 0 0.375rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(20, 24, 38, 0.08);
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-align: center;

  [aria-pressed='true'] > & {
    background: rgba(255, 255, 255, 0.2);
  }
`;

const CountLine = styled.p`
  min-height: 1.5em;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;

const Grid = styled.ul`
  ${gridList(6)}
  grid-template-columns: 1fr;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, 1fr);
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Empty = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[6]}`};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Problem = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerBg};
  color: ${({ theme }) => theme.colors.danger};

  p {
    margin: 0;
    font-weight: 600;
  }
`;

const More = styled.div`
  display: flex;
  justify-content: center;
`;
