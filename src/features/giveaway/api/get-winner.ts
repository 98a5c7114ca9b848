import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { WinnerContact } from '@site/contracts';

export interface WinnerContactData {
  winnerContact: WinnerContact | null;
}

/** GET /giveaway/{id}/winner (admin): contact, claim status and delivery details. */
export const WINNER_CONTACT_QUERY: TypedDocumentNode<WinnerContactData, { id: string }> = gql`
  query WinnerContact($id: String!) {
    winnerContact(id: $id) @rest(type: "WinnerContact", path: "/giveaway/{args.id}/winner") {
      round
      participant_id
      email
      instagram_handle
      claim_status
      claim_deadline
      claimed_at
      delivery @type(name: "ClaimDelivery") {
        full_name
        delivery_address
        consent_at
      }
    }
  }
`;

export function useWinnerContact(id: string, options: { skip: boolean; round: number | null }) {
  return useQuery(WINNER_CONTACT_QUERY, {
    variables: { id },
    skip: options.skip,
    fetchPolicy: 'network-only',
  });
}
