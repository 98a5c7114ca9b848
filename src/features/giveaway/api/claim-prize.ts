import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { ClaimPayload, ClaimResponse } from '@site/contracts';

export interface ClaimPrizeData {
  claimPrize: ClaimResponse | null;
}

/** POST /giveaway/{id}/claim (public): the winner's claim, with the token from their e-mail. */
export const CLAIM_PRIZE_MUTATION: TypedDocumentNode<
  ClaimPrizeData,
  { id: string; input: ClaimPayload }
> = gql`
  mutation ClaimPrize($id: String!, $input: ClaimPayload!) {
    claimPrize(id: $id, input: $input)
      @rest(type: "ClaimResult", path: "/giveaway/{args.id}/claim", method: "POST") {
      success
      message
      title
      prize
      claimed_at
    }
  }
`;

export function useClaimPrize() {
  return useMutation(CLAIM_PRIZE_MUTATION);
}
