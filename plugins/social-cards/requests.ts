import { SOCIAL_CARD_FOLDER } from '@site/contracts';

/** Where a card request is kept: the card's file name with .json. */
export function requestFileName(address: string): string {
  return `${address.slice(SOCIAL_CARD_FOLDER.length + 1).replace(/[^0-9a-z.]/g, '')}.json`;
}

/** The folders the cards use, under the site's folder. */
export const CARDS_CACHE = '.cache/social-cards';
