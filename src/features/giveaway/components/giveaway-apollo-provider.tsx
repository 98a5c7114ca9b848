import { ApolloProvider } from '@apollo/client';
import React, { useEffect, useState } from 'react';
import { getApolloClient } from '@/lib/apollo';
import { giveawayListCacheOf } from '../api/get-giveaways';
import { provideGiveawayListCache } from '../list-cache';

/**
 * Apollo for the giveaway pages under /giveaway/* only; wrapping here (not in gatsby-browser)
 * keeps it off other pages. Once mounted it shares the list's cache entry with /giveaway, which
 * does not load Apollo itself.
 */
export function GiveawayApolloProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(getApolloClient);
  useEffect(() => provideGiveawayListCache(giveawayListCacheOf(client)), [client]);
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
