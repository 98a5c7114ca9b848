import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { DisqualifyPayload } from '@site/contracts';

export interface DisqualifyData {
  disqualify: { success: boolean; message: string } | null;
}

/** POST /giveaway/{id}/disqualify (admin): before the freeze, with a published reason. */
export const DISQUALIFY_MUTATION: TypedDocumentNode<
  DisqualifyData,
  { id: string; input: DisqualifyPayload }
> = gql`
  mutation Disqualify($id: String!, $input: DisqualifyPayload!) {
    disqualify(id: $id, input: $input)
      @rest(type: "SuccessMessage", path: "/giveaway/{args.id}/disqualify", method: "POST") {
      success
      message
    }
  }
`;

export function useDisqualify() {
  return useMutation(DISQUALIFY_MUTATION);
}
