import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { EntryPayload } from '@site/contracts';

export interface ParticipateData {
  participate: { success: boolean; message: string } | null;
}

export interface ParticipateVariables {
  id: string;
  input: EntryPayload;
}

/** POST /giveaway/{id}/participate (public). */
export const PARTICIPATE_MUTATION: TypedDocumentNode<ParticipateData, ParticipateVariables> = gql`
  mutation Participate($id: String!, $input: EntryPayload!) {
    participate(id: $id, input: $input)
      @rest(type: "SuccessMessage", path: "/giveaway/{args.id}/participate", method: "POST") {
      success
      message
    }
  }
`;

export function useParticipate() {
  return useMutation(PARTICIPATE_MUTATION);
}
