import { ApolloProvider } from '@apollo/client';
import React, { useEffect, useState } from 'react';
import { getApolloClient } from '@/lib/apollo';
import { seedGiveaway } from '../api/get-giveaway';
import type { GiveawayItem } from '../api/giveaway-fields';
import { giveawayListCacheOf } from '../api/get-giveaways';
import { provideGiveawayListCache } from '../list-cache';

/**
 * Apollo for the giveaway pages under /giveaway/* only; wrapping here (not in gatsby-browser)
 * keeps it off other pages. Once mounted it shares the list's cache entry with /giveaway, which
 * does not load Apollo itself.
 *
 * `served`: the giveaway the page came with (the server drew it into /giveaway/{id}); it is in
 * the cache before the first render, so the page draws it at once, as the server did.
 */
export function GiveawayApolloProvider({
  children,
  served = null,
}: {
  children: React.ReactNode;
  served?: GiveawayItem | null;
}) {
  const [client] = useState(() => {
    const created = getApolloClient();
    if (served) seedGiveaway(created, served);
    return created;
  });
  useEffect(() => provideGiveawayListCache(giveawayListCacheOf(client)), [client]);
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
