import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { WinnerContact } from '@site/contracts';

export interface WinnerContactData {
  winnerContact: WinnerContact | null;
}

/**
 * GET /giveaway/{id}/winner?place={place} (admin): a place's current winner: contact, claim
 * status and delivery details.
 */
export const WINNER_CONTACT_QUERY: TypedDocumentNode<
  WinnerContactData,
  { id: string; place: number }
> = gql`
  query WinnerContact($id: String!, $place: Int!) {
    winnerContact(id: $id, place: $place)
      @rest(type: "WinnerContact", path: "/giveaway/{args.id}/winner?place={args.place}") {
      round
      place
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

export function useWinnerContact(
  id: string,
  options: { skip: boolean; round: number | null; place?: number },
) {
  return useQuery(WINNER_CONTACT_QUERY, {
    variables: { id, place: options.place ?? 1 },
    skip: options.skip,
    fetchPolicy: 'network-only',
  });
}
