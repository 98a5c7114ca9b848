import { SOCIAL_CARD_FOLDER } from '@site/contracts';

/** Where a card request is kept: the card's file name with .json. */
export function requestFileName(address: string): string {
  return `${address.slice(SOCIAL_CARD_FOLDER.length + 1).replace(/[^0-9a-z.]/g, '')}.json`;
}

/** The folders the cards use, under the site's folder: the pages' requests, noted per build. */
export const CARDS_CACHE = '.cache/social-cards';

/**
 * The cards drawn, by key, kept outside `.cache`: a clean build (`.cache` and `public/` removed,
 * or a publish build started again from scratch) finds every card it drew before and draws only
 * new ones, as the posts' pictures are kept in `.post-images/`.
 */
export const CARDS_KEPT = '.social-cards';
