import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { SelectWinnerResponse } from '@site/contracts';
import { useCallback } from 'react';

export interface SelectWinnerData {
  selectWinner:
    | (Omit<SelectWinnerResponse, 'winner'> & { winner: SelectWinnerResponse['winner'] | null })
    | null;
}

interface SelectWinnerVariables {
  id: string;
  input: Record<string, never>;
}

/**
 * POST /giveaway/{id}/select-winner (admin). The call has no payload, but RestLink requires a
 * body for POST, so an empty object is sent.
 */
export const SELECT_WINNER_MUTATION: TypedDocumentNode<SelectWinnerData, SelectWinnerVariables> =
  gql`
    mutation SelectWinner($id: String!, $input: Empty!) {
      selectWinner(id: $id, input: $input)
        @rest(
          type: "SelectWinnerResult"
          path: "/giveaway/{args.id}/select-winner"
          method: "POST"
        ) {
        success
        message
        winner @type(name: "Participant") {
          id
          email
          instagram_handle
        }
      }
    }
  `;

export function useSelectWinner() {
  const [mutate, result] = useMutation(SELECT_WINNER_MUTATION);
  const selectWinner = useCallback(
    (id: string) => mutate({ variables: { id, input: {} } }),
    [mutate],
  );
  return [selectWinner, result] as const;
}
