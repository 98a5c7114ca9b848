import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { Participant } from '@site/contracts';
import { useEffect } from 'react';

export interface ParticipantData {
  participant: Participant | null;
}

/** GET /participant/{id} (admin). */
export const PARTICIPANT_QUERY: TypedDocumentNode<ParticipantData, { id: string }> = gql`
  query Participant($id: String!) {
    participant(id: $id) @rest(type: "Participant", path: "/participant/{args.id}") {
      id
      giveaway_id
      email
      instagram_handle
      created_at
    }
  }
`;

/**
 * The winner's entry, for a giveaway whose answer has a winner_id but no winner_details.
 * Admin-only on the server, so callers skip it for everyone else.
 */
export function useParticipant(id: number | null, { skip = false }: { skip?: boolean } = {}) {
  const result = useQuery(PARTICIPANT_QUERY, {
    variables: { id: String(id) },
    skip: skip || id == null,
  });
  useEffect(() => {
    if (result.error) console.error('Failed to fetch participant', result.error);
  }, [result.error]);
  return result;
}
