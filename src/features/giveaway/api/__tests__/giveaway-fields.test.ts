import { ApolloClient, InMemoryCache } from '@apollo/client';
import { buildGiveaway } from '../../__tests__/fixtures';
import { GIVEAWAY_QUERY } from '../get-giveaway';
import { asCachedGiveaway } from '../get-giveaways';
import { VERIFICATION_QUERY } from '../get-verification';

const round = {
  round: 1,
  place: 1,
  algorithm: 'aw-draw-v2' as const,
  drawn_at: '2026-04-01T10:00:00.000Z',
  reason: null,
  eligible_count: 3,
  position: 2,
  counter: 0,
  receipt_hash: 'ab'.repeat(32),
  winner_handle: 'ann',
  claim_deadline: '2026-04-08T10:00:00.000Z',
  claimed_at: null,
  claim_status: 'awaiting_claim' as const,
};
const frozen = {
  frozen_at: '2026-03-31T22:00:00.000Z',
  reason: 'ended' as const,
  entrant_count: 3,
  fingerprint: 'cd'.repeat(32),
};

describe('the shared draw round and frozen list fragments', () => {
  test('the cached giveaway keeps the fields its fragments select, with their type names', () => {
    const cached = asCachedGiveaway(buildGiveaway({ id: 5, draws: [round], frozen }));
    expect(cached.frozen).toEqual({ __typename: 'FrozenList', ...frozen });
    expect(cached.draws).toEqual([{ __typename: 'DrawRound', ...round }]);
  });

  test('a giveaway written to the cache reads back with its rounds and frozen list', () => {
    const client = new ApolloClient({ cache: new InMemoryCache() });
    const giveaway = asCachedGiveaway(buildGiveaway({ id: 6, draws: [round], frozen }));
    client.writeQuery({ query: GIVEAWAY_QUERY, variables: { id: '6' }, data: { giveaway } });
    const read = client.readQuery({ query: GIVEAWAY_QUERY, variables: { id: '6' } });
    expect(read?.giveaway?.draws).toEqual([{ __typename: 'DrawRound', ...round }]);
    expect(read?.giveaway?.frozen).toEqual({ __typename: 'FrozenList', ...frozen });
  });

  test('the verification query selects the same fragments the giveaway does', () => {
    const names = VERIFICATION_QUERY.definitions.flatMap((d) =>
      d.kind === 'FragmentDefinition' ? [d.name.value] : [],
    );
    expect(names.sort()).toEqual(['DrawRoundFields', 'FrozenListFields']);
  });
});
