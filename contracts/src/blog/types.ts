/** A post card's words and where it leads: every card has them, whether or not it has a cover. */
export interface PostCardText {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** ISO 8601 */
  date: string;
  category: string;
  series: string | null;
  tags: readonly string[];
}

/** What a post card needs: the shape shared by the /blog page query, list chunks and search index. */
export interface PostCard extends PostCardText {
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
