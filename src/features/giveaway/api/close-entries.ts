import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';

export interface CloseEntriesData {
  closeEntries: { success: boolean; message: string } | null;
}

/** POST /giveaway/{id}/close (admin): close entries for good; the list is frozen. */
export const CLOSE_ENTRIES_MUTATION: TypedDocumentNode<
  CloseEntriesData,
  { id: string; input: Record<string, never> }
> = gql`
  mutation CloseEntries($id: String!, $input: CloseEntriesPayload!) {
    closeEntries(id: $id, input: $input)
      @rest(type: "SuccessMessage", path: "/giveaway/{args.id}/close", method: "POST") {
      success
      message
    }
  }
`;

export function useCloseEntries() {
  return useMutation(CLOSE_ENTRIES_MUTATION);
}
