import { compareNewestFirst } from '@site/contracts/blog/filters';

interface RelatedCandidate {
  id: string;
  slug: string;
  date: string;
  category: string;
}

export const RELATED_LIMIT = 3;

/** Up to three other posts of the same category, newest first. */
export function selectRelated<T extends RelatedCandidate>(
  posts: readonly T[],
  current: RelatedCandidate,
  limit = RELATED_LIMIT,
): T[] {
  return posts
    .filter((post) => post.id !== current.id && post.category === current.category)
    .sort(compareNewestFirst)
    .slice(0, limit);
}
