import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { SelectWinnerPayload, SelectWinnerResponse } from '@site/contracts';
import { useCallback } from 'react';

export interface SelectWinnerData {
  selectWinner:
    | (Omit<SelectWinnerResponse, 'winner'> & { winner: SelectWinnerResponse['winner'] | null })
    | null;
}

/**
 * What every draw answers (the first draw, a re-draw, disqualifying the winner and drawing again),
 * selected the same way by each of their mutations.
 */
export const DRAW_RESULT_FIELDS = `
  success
  message
  round
  claim_deadline
  winner @type(name: "Participant") {
    id
    email
    instagram_handle
  }
  winners @type(name: "DrawnWinner") {
    place
    round
    id
    email
    instagram_handle
    claim_deadline
  }
`;

interface SelectWinnerVariables {
  id: string;
  input: SelectWinnerPayload;
}

/**
 * POST /giveaway/{id}/select-winner (admin): the draw by the published method. The body names the
 * external random value when the rules use one; otherwise it is an empty object (RestLink needs a
 * body for POST).
 */
export const SELECT_WINNER_MUTATION: TypedDocumentNode<SelectWinnerData, SelectWinnerVariables> =
  gql`
    mutation SelectWinner($id: String!, $input: SelectWinnerPayload!) {
      selectWinner(id: $id, input: $input)
        @rest(
          type: "SelectWinnerResult"
          path: "/giveaway/{args.id}/select-winner"
          method: "POST"
        ) {
        ${DRAW_RESULT_FIELDS}
      }
    }
  `;

export function useSelectWinner() {
  const [mutate, result] = useMutation(SELECT_WINNER_MUTATION);
  const selectWinner = useCallback(
    (id: string, input: SelectWinnerPayload = {}) => mutate({ variables: { id, input } }),
    [mutate],
  );
  return [selectWinner, result] as const;
}
