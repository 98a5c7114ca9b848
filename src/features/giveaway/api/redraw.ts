import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { RedrawPayload } from '@site/contracts';
import { DRAW_RESULT_FIELDS, type SelectWinnerData } from './select-winner';

export interface RedrawData {
  redraw: SelectWinnerData['selectWinner'];
}

/** POST /giveaway/{id}/redraw (admin): after the claim deadline, with the published reason. */
export const REDRAW_MUTATION: TypedDocumentNode<RedrawData, { id: string; input: RedrawPayload }> =
  gql`
    mutation Redraw($id: String!, $input: RedrawPayload!) {
      redraw(id: $id, input: $input)
        @rest(type: "SelectWinnerResult", path: "/giveaway/{args.id}/redraw", method: "POST") {
        ${DRAW_RESULT_FIELDS}
      }
    }
  `;

export function useRedraw() {
  return useMutation(REDRAW_MUTATION);
}
