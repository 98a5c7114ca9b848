import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { GiveawayVerification } from '@site/contracts';
import { api } from '@/lib/api-client';

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
        frozen_at
        reason
        entrant_count
        fingerprint
      }
      draws @type(name: "DrawRound") {
        round
        place
        algorithm
        drawn_at
        reason
        eligible_count
        position
        counter
        receipt_hash
        winner_handle
        claim_deadline
        claimed_at
        claim_status
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
`;

export function useVerification(id: string) {
  return useQuery(VERIFICATION_QUERY, { variables: { id }, fetchPolicy: 'network-only' });
}

/**
 * The frozen list file exactly as served (one line per entry): the fingerprint is the
 * SHA-256 of these bytes, so it is read as text and never re-joined.
 */
export async function fetchFrozenList(path: string): Promise<string> {
  const relative = path.replace(/^\/api\/v1/, '');
  return (await api.getBlob(relative)).text();
}
