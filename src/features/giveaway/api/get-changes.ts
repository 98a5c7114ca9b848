import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { GiveawayChange } from '@site/contracts';

export interface ChangesData {
  changes: GiveawayChange[] | null;
}

/** GET /giveaway/{id}/changes (admin): the change log, oldest first. */
export const CHANGES_QUERY: TypedDocumentNode<ChangesData, { id: string }> = gql`
  query GiveawayChanges($id: String!) {
    changes(id: $id) @rest(type: "GiveawayChange", path: "/giveaway/{args.id}/changes") {
      id
      at
      actor
      action
      summary
      fields @type(name: "GiveawayChangeField") {
        field
        before
        after
      }
    }
  }
`;

export function useGiveawayChanges(id: string, { skip = false }: { skip?: boolean } = {}) {
  return useQuery(CHANGES_QUERY, { variables: { id }, skip, fetchPolicy: 'network-only' });
}
