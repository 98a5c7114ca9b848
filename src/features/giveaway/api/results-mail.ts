import { gql, useMutation, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { ResultsMailState, SendResultsResponse } from '@site/contracts';

export interface ResultsMailData {
  resultsMail: ResultsMailState | null;
}

/** GET /giveaway/{id}/results-mail (admin): the preview, the count and what was sent. */
export const RESULTS_MAIL_QUERY: TypedDocumentNode<ResultsMailData, { id: string }> = gql`
  query ResultsMail($id: String!) {
    resultsMail(id: $id) @rest(type: "ResultsMail", path: "/giveaway/{args.id}/results-mail") {
      drawn
      recipients
      preview @type(name: "ResultsMailPreview") {
        subject
        text
      }
      sent @type(name: "ResultsMailSent") {
        at
        by
        recipients
        delivered
        waiting
        failed
        skipped
      }
    }
  }
`;

export function useResultsMail(id: string) {
  return useQuery(RESULTS_MAIL_QUERY, { variables: { id }, fetchPolicy: 'network-only' });
}

export interface SendResultsData {
  sendResults: SendResultsResponse | null;
}

/** POST /giveaway/{id}/results-mail (admin): sends it once. */
export const SEND_RESULTS_MUTATION: TypedDocumentNode<SendResultsData, { id: string }> = gql`
  mutation SendResults($id: String!) {
    sendResults(id: $id, input: {})
      @rest(type: "SendResults", path: "/giveaway/{args.id}/results-mail", method: "POST") {
      success
      message
      recipients
    }
  }
`;

export function useSendResults() {
  return useMutation(SEND_RESULTS_MUTATION);
}
