import { gql, useQuery, type ApolloClient, type TypedDocumentNode } from '@apollo/client';
import type { Participant } from '@site/contracts';

export interface ParticipantsData {
  participants: Participant[] | null;
}

/** GET /giveaway/{id}/participants (admin): carries e-mail addresses. */
export const PARTICIPANTS_QUERY: TypedDocumentNode<ParticipantsData, { id: string }> = gql`
  query Participants($id: String!) {
    participants(id: $id) @rest(type: "Participant", path: "/giveaway/{args.id}/participants") {
      id
      giveaway_id
      email
      instagram_handle
      created_at
      disqualified_at
      disqualified_reason
      weight
      bonus_entries
      referrals
      confirmed_at
      source
      referred_by
      flags
    }
  }
`;

/**
 * The entrants for the draw animation. A failure is logged and yields an empty list, silently:
 * the draw already happened on the server, so the spin goes on with the winner alone.
 */
export async function fetchParticipants(
  client: ApolloClient<object>,
  id: string,
): Promise<Participant[]> {
  try {
    const { data } = await client.query({
      query: PARTICIPANTS_QUERY,
      variables: { id },
      fetchPolicy: 'network-only',
    });
    return data.participants ?? [];
  } catch (error) {
    console.error('Failed to fetch participants', error);
    return [];
  }
}

/** The entrants for the owner's desk (admin): refetched after each disqualification. */
export function useParticipants(id: string) {
  return useQuery(PARTICIPANTS_QUERY, { variables: { id }, fetchPolicy: 'network-only' });
}
