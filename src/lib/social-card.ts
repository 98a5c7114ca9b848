import { createContext } from 'react';
import type { SocialCardRequest } from '@site/contracts/social-card';

/**
 * A page's social card: see @site/contracts/social-card, which the build (plugins/social-cards)
 * shares; this adds what the page render needs to learn which cards the pages name.
 */
export {
  normalCardRequest,
  SOCIAL_CARD_FOLDER,
  SOCIAL_CARD_HEIGHT,
  SOCIAL_CARD_WIDTH,
  socialCardAddress,
  socialCardAlt,
  type SocialCardRequest,
} from '@site/contracts/social-card';

/**
 * Given by the page render (plugins/social-cards/gatsby-ssr.tsx): <Seo> tells it each card a page
 * names, and the build draws them after the pages are written. Absent in the browser.
 */
export const SocialCardCollector = createContext<
  ((address: string, request: Required<SocialCardRequest>) => void) | null
>(null);
