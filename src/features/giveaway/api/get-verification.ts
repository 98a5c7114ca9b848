import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { GiveawayVerification } from '@site/contracts';
import { DRAW_ROUND_FIELDS, FROZEN_LIST_FIELDS } from './giveaway-fields';

export interface VerificationData {
  verification: GiveawayVerification | null;
}

/** GET /giveaway/{id}/verification (public): commitment, frozen list, seeds, every draw. */
export const VERIFICATION_QUERY: TypedDocumentNode<VerificationData, { id: string }> = gql`
  query GiveawayVerification($id: String!) {
    verification(id: $id)
      @rest(type: "GiveawayVerification", path: "/giveaway/{args.id}/verification") {
      giveaway_id
      title
      algorithm
      commitment
      committed_at
      committed_before_entries
      seed
      external_randomness
      external_value
      frozen_list_path
      frozen @type(name: "FrozenList") {
        ...FrozenListFields
      }
      draws @type(name: "DrawRound") {
        ...DrawRoundFields
      }
      winner_count
      redraw_seeds @type(name: "RedrawSeed") {
        round
        commitment
        committed_at
        seed
      }
    }
  }
  ${FROZEN_LIST_FIELDS}
  ${DRAW_ROUND_FIELDS}
`;

export function useVerification(id: string) {
  return useQuery(VERIFICATION_QUERY, { variables: { id }, fetchPolicy: 'network-only' });
}

export { fetchFrozenList } from '../verify/frozen-list';
