import type { GiveawayItem } from './api/giveaway-fields';

/**
 * The public list's entry in Apollo's cache, as seen from the list page, which does not load
 * Apollo itself: the giveaway pages that do (GiveawayApolloProvider) hand it over here, so once
 * any of them has run in this tab the list shows the cached giveaways at once and its fresh
 * answer updates the cache the other pages read. Before that there is nothing to share.
 */
export interface GiveawayListCache {
  /** The cached list, or null when the cache does not hold one. */
  read(): GiveawayItem[] | null;
  /** Stores an answer of GET /giveaway as the list query would have. */
  write(giveaways: GiveawayItem[]): void;
}

let current: GiveawayListCache | null = null;

export function provideGiveawayListCache(cache: GiveawayListCache | null): void {
  current = cache;
}

export function giveawayListCache(): GiveawayListCache | null {
  return current;
}
