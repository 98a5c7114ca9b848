import { gql, useMutation, type Reference, type TypedDocumentNode } from '@apollo/client';
import type { DeleteGiveawayPayload } from '@site/contracts';

export interface DeleteGiveawayData {
  deleteGiveaway: { success: boolean; message: string } | null;
}

export interface DeleteGiveawayVariables {
  id: string;
  /** Required by the server once anyone has entered: the title, typed to confirm. */
  input?: DeleteGiveawayPayload;
}

/** DELETE /giveaway/{id} (admin). */
export const DELETE_GIVEAWAY_MUTATION: TypedDocumentNode<
  DeleteGiveawayData,
  DeleteGiveawayVariables
> = gql`
  mutation DeleteGiveaway($id: String!, $input: DeleteGiveawayPayload) {
    deleteGiveaway(id: $id, input: $input)
      @rest(type: "SuccessMessage", path: "/giveaway/{args.id}", method: "DELETE") {
      success
      message
    }
  }
`;

/** Deletes a giveaway and drops it from the cache, so every list forgets it at once. */
export function useDeleteGiveaway() {
  return useMutation(DELETE_GIVEAWAY_MUTATION, {
    update(cache, { data }, { variables }) {
      if (!data?.deleteGiveaway?.success || !variables) return;
      const id = cache.identify({ __typename: 'Giveaway', id: Number(variables.id) });
      cache.modify<{ giveaways: readonly Reference[] | null }>({
        fields: {
          giveaways(existing, { readField }) {
            if (!Array.isArray(existing)) return existing;
            return existing.filter(
              (ref: Reference) => String(readField('id', ref)) !== variables.id,
            );
          },
        },
      });
      if (id) cache.evict({ id });
      cache.gc();
    },
  });
}
