import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { ReinstatePayload } from '@site/contracts';

export interface ReinstateData {
  reinstate: { success: boolean; message: string } | null;
}

/** POST /giveaway/{id}/reinstate (admin): undoes disqualifications before the freeze. */
export const REINSTATE_MUTATION: TypedDocumentNode<
  ReinstateData,
  { id: string; input: ReinstatePayload }
> = gql`
  mutation Reinstate($id: String!, $input: ReinstatePayload!) {
    reinstate(id: $id, input: $input)
      @rest(type: "SuccessMessage", path: "/giveaway/{args.id}/reinstate", method: "POST") {
      success
      message
    }
  }
`;

export function useReinstate() {
  return useMutation(REINSTATE_MUTATION);
}
