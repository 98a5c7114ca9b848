import { gql, useMutation, type Reference, type TypedDocumentNode } from '@apollo/client';
import type { GiveawayFormPayload } from '@site/contracts';
import { GIVEAWAY_FIELDS, type GiveawayItem } from './giveaway-fields';

export interface CreateGiveawayData {
  createGiveaway: GiveawayItem | null;
}

export interface CreateGiveawayVariables {
  input: GiveawayFormPayload;
}

/** POST /giveaway (admin). */
export const CREATE_GIVEAWAY_MUTATION: TypedDocumentNode<
  CreateGiveawayData,
  CreateGiveawayVariables
> = gql`
  mutation CreateGiveaway($input: GiveawayFormPayload!) {
    createGiveaway(input: $input) @rest(type: "Giveaway", path: "/giveaway", method: "POST") {
      ...GiveawayFields
    }
  }
  ${GIVEAWAY_FIELDS}
`;

/** Creates a giveaway and puts it first in the cached list, so it shows without a reload. */
export function useCreateGiveaway() {
  return useMutation(CREATE_GIVEAWAY_MUTATION, {
    update(cache, { data }) {
      const created = data?.createGiveaway;
      if (!created) return;
      const ref = cache.writeFragment({
        data: created,
        fragment: GIVEAWAY_FIELDS,
        fragmentName: 'GiveawayFields',
      });
      if (!ref) return;
      cache.modify<{ giveaways: readonly Reference[] | null }>({
        fields: {
          giveaways(existing) {
            return [ref, ...(Array.isArray(existing) ? existing : [])];
          },
        },
      });
    },
  });
}
