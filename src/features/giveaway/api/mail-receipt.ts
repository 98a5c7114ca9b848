import { useMutation } from '@apollo/client';
import type { ReceiptCheckPayload } from '@site/contracts';
import { postMutation } from './post-mutation';

/** POST /giveaway/{id}/receipt/mail: the receipt again, to the address the entry was made with. */
export const MAIL_RECEIPT_MUTATION = postMutation<'mailReceipt', ReceiptCheckPayload>(
  'MailReceipt',
  'mailReceipt',
  'ReceiptCheckPayload',
  '/giveaway/{args.id}/receipt/mail',
);

export function useMailReceipt() {
  return useMutation(MAIL_RECEIPT_MUTATION);
}

/**
 * POST /giveaway/{id}/receipt/confirmation: a new confirmation link for an unconfirmed entry, to
 * the address it was made with (the earlier link stops working; the deadline stays).
 */
export const MAIL_CONFIRMATION_MUTATION = postMutation<'mailConfirmation', ReceiptCheckPayload>(
  'MailConfirmation',
  'mailConfirmation',
  'ReceiptCheckPayload',
  '/giveaway/{args.id}/receipt/confirmation',
);

export function useMailConfirmation() {
  return useMutation(MAIL_CONFIRMATION_MUTATION);
}
