import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import {
  Kind,
  type DirectiveNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { SiteApolloClient } from '@/lib/apollo';
import type { GiveawayListCache } from '../list-cache';
import { GIVEAWAY_FIELDS, type GiveawayItem } from './giveaway-fields';

export interface GiveawaysData {
  giveaways: GiveawayItem[] | null;
}

/** GET /giveaway: every giveaway, newest first (the server's order). */
export const GIVEAWAYS_QUERY: TypedDocumentNode<GiveawaysData, Record<string, never>> = gql`
  query Giveaways {
    giveaways @rest(type: "Giveaway", path: "/giveaway") {
      ...GiveawayFields
    }
  }
  ${GIVEAWAY_FIELDS}
`;

export function useGiveaways({ skip = false }: { skip?: boolean } = {}) {
  // The cached list shows at once when coming back to a page; the network answer then refreshes it.
  return useQuery(GIVEAWAYS_QUERY, {
    skip,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
}

/** The type name a field's @type directive gives its embedded object (as RestLink reads it). */
function typeOf(directives: readonly DirectiveNode[] = []): string | null {
  const directive = directives.find((d) => d.name.value === 'type');
  const name = directive?.arguments?.find((a) => a.name.value === 'name')?.value;
  return name?.kind === Kind.STRING ? name.value : null;
}

/**
 * An object of the REST answer shaped as RestLink hands it to the cache: the selected fields only,
 * a field the server left out as null, and a __typename on it and on each embedded object.
 */
function shape(value: Record<string, unknown>, set: SelectionSetNode, typename: string) {
  const out: Record<string, unknown> = { __typename: typename };
  for (const selection of set.selections) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = FRAGMENTS.get(selection.name.value);
      if (fragment) Object.assign(out, shape(value, fragment.selectionSet, typename));
      continue;
    }
    if (selection.kind !== Kind.FIELD) continue;
    const key = selection.name.value;
    const field = value[key];
    if (field === null || field === undefined || !selection.selectionSet) {
      out[key] = field ?? null;
      continue;
    }
    const inner = selection.selectionSet;
    const type = typeOf(selection.directives) ?? key;
    out[key] = Array.isArray(field)
      ? field.map((item) => shape(item as Record<string, unknown>, inner, type))
      : shape(field as Record<string, unknown>, inner, type);
  }
  return out;
}

/** The fragments GIVEAWAY_FIELDS holds (its own and those it spreads), by name. */
const FRAGMENTS = new Map(
  GIVEAWAY_FIELDS.definitions
    .filter(
      (definition): definition is FragmentDefinitionNode =>
        definition.kind === Kind.FRAGMENT_DEFINITION,
    )
    .map((definition) => [definition.name.value, definition]),
);

const FIELDS = FRAGMENTS.get('GiveawayFields') as FragmentDefinitionNode;

/** A giveaway of a REST answer as RestLink would hand it to the cache (see `shape`). */
export function asCachedGiveaway(giveaway: GiveawayItem): GiveawayItem {
  return shape(
    giveaway as unknown as Record<string, unknown>,
    FIELDS.selectionSet,
    'Giveaway',
  ) as unknown as GiveawayItem;
}

/** The list query's cache entry in `client`, for the list page (see list-cache.ts). */
export function giveawayListCacheOf(client: SiteApolloClient): GiveawayListCache {
  return {
    read: () => client.readQuery({ query: GIVEAWAYS_QUERY })?.giveaways ?? null,
    write: (giveaways) =>
      client.writeQuery({
        query: GIVEAWAYS_QUERY,
        data: { giveaways: giveaways.map(asCachedGiveaway) },
      }),
  };
}
