import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import { GIVEAWAY_FIELDS, type GiveawayItem } from './giveaway-fields';

export interface GiveawaysData {
  giveaways: GiveawayItem[] | null;
}

/** GET /giveaway: every giveaway, newest first (the server's order). */
export const GIVEAWAYS_QUERY: TypedDocumentNode<GiveawaysData, Record<string, never>> = gql`
  query Giveaways {
    giveaways @rest(type: "Giveaway", path: "/giveaway") {
      ...GiveawayFields
    }
  }
  ${GIVEAWAY_FIELDS}
`;

export function useGiveaways({ skip = false }: { skip?: boolean } = {}) {
  // The cached list shows at once when coming back to a page; the network answer then refreshes it.
  return useQuery(GIVEAWAYS_QUERY, {
    skip,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
}
