import { ApolloProvider } from '@apollo/client';
import React, { useState } from 'react';
import { getApolloClient } from '@/lib/apollo';

/** Apollo for the giveaway pages only; wrapping here (not in gatsby-browser) keeps it off other pages. */
export function GiveawayApolloProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(getApolloClient);
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
