import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import { useState } from 'react';
import type { SiteApolloClient } from '@/lib/apollo';
import { asCachedGiveaway } from './get-giveaways';
import { GIVEAWAY_FIELDS, type GiveawayItem } from './giveaway-fields';

export interface GiveawayData {
  giveaway: GiveawayItem | null;
}

export interface GiveawayVariables {
  id: string;
}

/** GET /giveaway/{id}. */
export const GIVEAWAY_QUERY: TypedDocumentNode<GiveawayData, GiveawayVariables> = gql`
  query Giveaway($id: String!) {
    giveaway(id: $id) @rest(type: "Giveaway", path: "/giveaway/{args.id}") {
      ...GiveawayFields
    }
  }
  ${GIVEAWAY_FIELDS}
`;

/**
 * Puts a giveaway that came with the page (the server drew it from the public GET /giveaway/{id})
 * in `client`'s cache as the giveaway query's answer, so the page's first render reads it there.
 */
export function seedGiveaway(client: SiteApolloClient, giveaway: GiveawayItem): void {
  client.writeQuery({
    query: GIVEAWAY_QUERY,
    variables: { id: String(giveaway.id) },
    data: { giveaway: asCachedGiveaway(giveaway) },
  });
}

/**
 * The giveaway: the cached copy at once, then the network's. `served`: the cache was seeded with
 * the copy the page came with (seedGiveaway), as fresh as the API's, so no request is made for it.
 * Read once, when the page mounts.
 */
export function useGiveaway(id: string, { served = false }: { served?: boolean } = {}) {
  const [fetchPolicy] = useState<'cache-first' | 'cache-and-network'>(
    served ? 'cache-first' : 'cache-and-network',
  );
  return useQuery(GIVEAWAY_QUERY, {
    variables: { id },
    fetchPolicy,
    nextFetchPolicy: 'cache-first',
  });
}
