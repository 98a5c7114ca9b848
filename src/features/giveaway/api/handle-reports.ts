import { gql, useMutation, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { HandleReport, HandleReportHandledPayload } from '@site/contracts';
import { postMutation } from './post-mutation';

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

/** POST /handle-report/{id}/handled (admin): handled, or open again. */
export const MARK_HANDLED_MUTATION = postMutation<'markHandleReport', HandleReportHandledPayload>(
  'MarkHandleReport',
  'markHandleReport',
  'HandleReportHandledPayload',
  '/handle-report/{args.id}/handled',
);

export function useMarkHandleReport() {
  return useMutation(MARK_HANDLED_MUTATION);
}
