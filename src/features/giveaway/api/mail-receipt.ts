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

export interface MailConfirmationData {
  mailConfirmation: { success: boolean; message: string } | null;
}

/**
 * POST /giveaway/{id}/receipt/confirmation: a new confirmation link for an unconfirmed entry, to
 * the address it was made with (the earlier link stops working; the deadline stays).
 */
export const MAIL_CONFIRMATION_MUTATION: TypedDocumentNode<
  MailConfirmationData,
  { id: string; input: ReceiptCheckPayload }
> = gql`
  mutation MailConfirmation($id: String!, $input: ReceiptCheckPayload!) {
    mailConfirmation(id: $id, input: $input)
      @rest(
        type: "SuccessMessage"
        path: "/giveaway/{args.id}/receipt/confirmation"
        method: "POST"
      ) {
      success
      message
    }
  }
`;

export function useMailConfirmation() {
  return useMutation(MAIL_CONFIRMATION_MUTATION);
}
