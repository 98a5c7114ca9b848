import type {
  HandleReportPayload,
  SuccessMessage,
  EntryPayload,
  EntryResponse,
  ReceiptCheckPayload,
  ReceiptCheckResponse,
} from '@site/contracts';
import { api } from '@/lib/api-client';

/*
 * What an entrant does on a giveaway's page, as plain calls through the one fetch wrapper: the
 * entry form and the "You're in" panel are islands of a document page, which carry no Apollo
 * client. None of these answers is kept in a cache (each is one visitor's own), so the app's pages
 * use the same calls.
 */

const base = (id: string) => `/giveaway/${encodeURIComponent(id)}`;

/** POST /giveaway/{id}/participate (public): the answer carries the entry's receipt code. */
export function participate(id: string, input: EntryPayload): Promise<EntryResponse> {
  return api.post<EntryResponse>(`${base(id)}/participate`, input);
}

/** POST /giveaway/{id}/receipt (public): what an entry holds now. A POST keeps codes out of URLs. */
export function checkReceipt(
  id: string,
  input: ReceiptCheckPayload,
): Promise<ReceiptCheckResponse> {
  return api.post<ReceiptCheckResponse>(`${base(id)}/receipt`, input);
}

/** POST /giveaway/{id}/receipt/mail: the receipt again, to the address the entry was made with. */
export function mailReceipt(
  id: string,
  input: ReceiptCheckPayload,
): Promise<{ success: boolean; message: string }> {
  return api.post(`${base(id)}/receipt/mail`, input);
}

/**
 * POST /giveaway/{id}/receipt/confirmation: a new confirmation link for an unconfirmed entry, to
 * the address it was made with (the earlier link stops working; the deadline stays).
 */
export function mailConfirmation(
  id: string,
  input: ReceiptCheckPayload,
): Promise<{ success: boolean; message: string }> {
  return api.post(`${base(id)}/receipt/confirmation`, input);
}

/** POST /giveaway/{id}/handle-reports (public): "an entry holds my Instagram handle". */
export function reportHandle(id: string, input: HandleReportPayload): Promise<SuccessMessage> {
  return api.post<SuccessMessage>(`${base(id)}/handle-reports`, input);
}
