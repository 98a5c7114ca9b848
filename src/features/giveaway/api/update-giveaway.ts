import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { GiveawayFormPayload } from '@site/contracts';
import { GIVEAWAY_FIELDS, type GiveawayItem } from './giveaway-fields';

export interface UpdateGiveawayData {
  updateGiveaway: GiveawayItem | null;
}

export interface UpdateGiveawayVariables {
  id: string;
  input: GiveawayFormPayload;
}

/**
 * PUT /giveaway/{id} (admin). The answer is the updated giveaway; the cache stores it under its
 * id, so the list and the detail page both show the change.
 */
export const UPDATE_GIVEAWAY_MUTATION: TypedDocumentNode<
  UpdateGiveawayData,
  UpdateGiveawayVariables
> = gql`
  mutation UpdateGiveaway($id: String!, $input: GiveawayFormPayload!) {
    updateGiveaway(id: $id, input: $input)
      @rest(type: "Giveaway", path: "/giveaway/{args.id}", method: "PUT") {
      ...GiveawayFields
    }
  }
  ${GIVEAWAY_FIELDS}
`;

export function useUpdateGiveaway() {
  return useMutation(UPDATE_GIVEAWAY_MUTATION);
}
