import { compareNewestFirst, matchesFilter, type BlogFilter } from '@site/contracts/blog/filters';
import type { PostCard, SearchEntry } from '@site/contracts/blog/types';

export interface PreparedEntry {
  card: PostCard;
  /** Lower-cased title, description, tags and content, computed once per index load. */
  haystack: string;
}

export function prepareIndex(entries: readonly SearchEntry[]): PreparedEntry[] {
  return entries.map(({ description, content, ...card }) => ({
    card,
    haystack: [card.title, description, card.tags.join(' '), content].join('\n').toLowerCase(),
  }));
}

/** Whitespace-separated terms, lower-cased; an empty query has no terms. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Case-insensitive search over title, description, tags and content: a post matches when every
 * term of the query occurs in at least one of them. The browse-by filter narrows the result too.
 */
export function searchPosts(
  index: readonly PreparedEntry[],
  query: string,
  filter: BlogFilter,
): PostCard[] {
  const terms = queryTerms(query);
  return index
    .filter(
      (entry) =>
        matchesFilter(entry.card, filter) && terms.every((term) => entry.haystack.includes(term)),
    )
    .map((entry) => entry.card)
    .sort(compareNewestFirst);
}
