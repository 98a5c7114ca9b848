import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { DisqualifyPayload, DisqualifyWinnerPayload } from '@site/contracts';
import { DRAW_RESULT_FIELDS, type SelectWinnerData } from './select-winner';

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

export interface DisqualifyWinnerData {
  disqualifyWinner: SelectWinnerData['selectWinner'];
}

/** POST /giveaway/{id}/disqualify-winner (admin): draws again at once; the reason is published. */
export const DISQUALIFY_WINNER_MUTATION: TypedDocumentNode<
  DisqualifyWinnerData,
  { id: string; input: DisqualifyWinnerPayload }
> = gql`
  mutation DisqualifyWinner($id: String!, $input: DisqualifyWinnerPayload!) {
    disqualifyWinner(id: $id, input: $input)
      @rest(
        type: "SelectWinnerResult"
        path: "/giveaway/{args.id}/disqualify-winner"
        method: "POST"
      ) {
      ${DRAW_RESULT_FIELDS}
    }
  }
`;

export function useDisqualifyWinner() {
  return useMutation(DISQUALIFY_WINNER_MUTATION);
}
