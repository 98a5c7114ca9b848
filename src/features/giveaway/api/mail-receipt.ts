import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { ReceiptCheckPayload } from '@site/contracts';

export interface MailReceiptData {
  mailReceipt: { success: boolean; message: string } | null;
}

/** POST /giveaway/{id}/receipt/mail: the receipt again, to the address the entry was made with. */
export const MAIL_RECEIPT_MUTATION: TypedDocumentNode<
  MailReceiptData,
  { id: string; input: ReceiptCheckPayload }
> = gql`
  mutation MailReceipt($id: String!, $input: ReceiptCheckPayload!) {
    mailReceipt(id: $id, input: $input)
      @rest(type: "SuccessMessage", path: "/giveaway/{args.id}/receipt/mail", method: "POST") {
      success
      message
    }
  }
`;

export function useMailReceipt() {
  return useMutation(MAIL_RECEIPT_MUTATION);
}
