import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { EntryPayload, EntryResponse } from '@site/contracts';

export interface ParticipateData {
  participate: EntryResponse | null;
}

export interface ParticipateVariables {
  id: string;
  input: EntryPayload;
}

/** POST /giveaway/{id}/participate (public): the answer carries the entry's receipt code. */
export const PARTICIPATE_MUTATION: TypedDocumentNode<ParticipateData, ParticipateVariables> = gql`
  mutation Participate($id: String!, $input: EntryPayload!) {
    participate(id: $id, input: $input)
      @rest(type: "EntryResult", path: "/giveaway/{args.id}/participate", method: "POST") {
      success
      message
      receipt
      rules_version
      referral_code
      confirmation_pending
      confirm_by
    }
  }
`;

export function useParticipate() {
  return useMutation(PARTICIPATE_MUTATION);
}
