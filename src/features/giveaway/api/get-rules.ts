import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import type { GiveawayRules } from '@site/contracts';

export interface RulesData {
  rules: GiveawayRules | null;
}

interface RulesVariables {
  id: string;
  /** "" for the current version, "?version=N" for an older one. */
  suffix: string;
}

/** GET /giveaway/{id}/rules[?version=N] (public). */
export const RULES_QUERY: TypedDocumentNode<RulesData, RulesVariables> = gql`
  query GiveawayRules($id: String!, $suffix: String!) {
    rules(id: $id, suffix: $suffix)
      @rest(type: "GiveawayRules", path: "/giveaway/{args.id}/rules{args.suffix}") {
      giveaway_id
      title
      min_age
      version
      current_version
      created_at
      versions @type(name: "RulesVersion") {
        version
        created_at
      }
      sections @type(name: "RulesSection") {
        heading
        text
      }
    }
  }
`;

export function useGiveawayRules(id: string, version: number | null) {
  return useQuery(RULES_QUERY, {
    variables: { id, suffix: version ? `?version=${version}` : '' },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
}
