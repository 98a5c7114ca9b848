import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
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

export function useGiveaway(id: string) {
  return useQuery(GIVEAWAY_QUERY, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
}
