import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { ConfirmEntryPayload, ConfirmEntryResponse } from '@site/contracts';

export interface ConfirmEntryData {
  confirmEntry: ConfirmEntryResponse | null;
}

/** POST /giveaway/{id}/confirm (public): confirms an entry with the token from the mailed link. */
export const CONFIRM_ENTRY_MUTATION: TypedDocumentNode<
  ConfirmEntryData,
  { id: string; input: ConfirmEntryPayload }
> = gql`
  mutation ConfirmEntry($id: String!, $input: ConfirmEntryPayload!) {
    confirmEntry(id: $id, input: $input)
      @rest(type: "ConfirmEntryResult", path: "/giveaway/{args.id}/confirm", method: "POST") {
      status
      message
    }
  }
`;

export function useConfirmEntry() {
  return useMutation(CONFIRM_ENTRY_MUTATION);
}
