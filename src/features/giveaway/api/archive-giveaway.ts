import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import type { ArchivePayload } from '@site/contracts';

export interface ArchiveGiveawayData {
  archiveGiveaway: { success: boolean; message: string } | null;
}

/** POST /giveaway/{id}/archive (admin): hide from (or show again in) the public list. */
export const ARCHIVE_GIVEAWAY_MUTATION: TypedDocumentNode<
  ArchiveGiveawayData,
  { id: string; input: ArchivePayload }
> = gql`
  mutation ArchiveGiveaway($id: String!, $input: ArchivePayload!) {
    archiveGiveaway(id: $id, input: $input)
      @rest(type: "SuccessMessage", path: "/giveaway/{args.id}/archive", method: "POST") {
      success
      message
    }
  }
`;

export function useArchiveGiveaway() {
  return useMutation(ARCHIVE_GIVEAWAY_MUTATION);
}
