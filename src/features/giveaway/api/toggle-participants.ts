import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { ToggleParticipantsPayload } from '@site/contracts';

export interface ToggleParticipantsData {
  toggleParticipants: { success: boolean; message: string } | null;
}

export interface ToggleParticipantsVariables {
  id: string;
  input: ToggleParticipantsPayload;
}

/** POST /giveaway/{id}/toggle-participants (admin): open or close entries. */
export const TOGGLE_PARTICIPANTS_MUTATION: TypedDocumentNode<
  ToggleParticipantsData,
  ToggleParticipantsVariables
> = gql`
  mutation ToggleParticipants($id: String!, $input: ToggleParticipantsPayload!) {
    toggleParticipants(id: $id, input: $input)
      @rest(
        type: "SuccessMessage"
        path: "/giveaway/{args.id}/toggle-participants"
        method: "POST"
      ) {
      success
      message
    }
  }
`;

export function useToggleParticipants() {
  return useMutation(TOGGLE_PARTICIPANTS_MUTATION);
}
