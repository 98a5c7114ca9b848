import { gql, useMutation, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { HandleReport, HandleReportHandledPayload, SuccessMessage } from '@site/contracts';

export interface HandleReportsData {
  handleReports: HandleReport[] | null;
}

/** GET /giveaway/{id}/handle-reports (admin): carries the reporters' and entrants' addresses. */
export const HANDLE_REPORTS_QUERY: TypedDocumentNode<HandleReportsData, { id: string }> = gql`
  query HandleReports($id: String!) {
    handleReports(id: $id) @rest(type: "HandleReport", path: "/giveaway/{args.id}/handle-reports") {
      id
      giveaway_id
      instagram_handle
      email
      note
      created_at
      handled_at
      handled_by
      entries @type(name: "HandleReportEntry") {
        id
        instagram_handle
        email
        created_at
        confirmed_at
        disqualified_at
      }
    }
  }
`;

/** The desk's reports (admin), read fresh each time the desk opens. */
export function useHandleReports(id: string) {
  return useQuery(HANDLE_REPORTS_QUERY, { variables: { id }, fetchPolicy: 'network-only' });
}

export interface MarkHandledData {
  markHandleReport: SuccessMessage | null;
}

/** POST /handle-report/{id}/handled (admin): handled, or open again. */
export const MARK_HANDLED_MUTATION: TypedDocumentNode<
  MarkHandledData,
  { id: string; input: HandleReportHandledPayload }
> = gql`
  mutation MarkHandleReport($id: String!, $input: HandleReportHandledPayload!) {
    markHandleReport(id: $id, input: $input)
      @rest(type: "SuccessMessage", path: "/handle-report/{args.id}/handled", method: "POST") {
      success
      message
    }
  }
`;

export function useMarkHandleReport() {
  return useMutation(MARK_HANDLED_MUTATION);
}
