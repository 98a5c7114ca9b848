import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { ReceiptCheckPayload, ReceiptCheckResponse } from '@site/contracts';

export interface CheckReceiptData {
  checkReceipt: ReceiptCheckResponse | null;
}

/** POST /giveaway/{id}/receipt (public): "Was I in the draw?". A POST keeps codes out of URLs. */
export const CHECK_RECEIPT_MUTATION: TypedDocumentNode<
  CheckReceiptData,
  { id: string; input: ReceiptCheckPayload }
> = gql`
  mutation CheckReceipt($id: String!, $input: ReceiptCheckPayload!) {
    checkReceipt(id: $id, input: $input)
      @rest(type: "ReceiptCheck", path: "/giveaway/{args.id}/receipt", method: "POST") {
      found
      message
      receipt
      receipt_hash
      entered_at
      rules_version
      frozen
      position
      confirmed
      entries
      bonus_entries
    }
  }
`;

export function useCheckReceipt() {
  return useMutation(CHECK_RECEIPT_MUTATION);
}
