import { gql } from '@apollo/client';
import type {
  DrawRecord,
  DrawRound,
  FrozenList,
  Giveaway,
  Removal,
  WinnerDetails,
} from '@site/contracts';

/**
 * Every field of a giveaway the pages read. The embedded objects get a type name with @type so
 * the cache can tell them apart; fields the server leaves out (the winner's e-mail in public
 * answers) arrive as null.
 */
export const GIVEAWAY_FIELDS = gql`
  fragment GiveawayFields on Giveaway {
    id
    title
    description
    prize
    prize_image
    start_date
    end_date
    max_participants
    status
    participant_count
    is_accepting_participants
    entries_open
    entries_closed_reason
    phase
    removals @type(name: "Removal") {
      at
      count
      reason
      round
    }
    winner_id
    winner_selected_at
    created_at
    updated_at
    winner_details @type(name: "WinnerDetails") {
      instagram_handle
      email
    }
    draw @type(name: "DrawRecord") {
      entrant_count
      fingerprint
      drawn_index
      drawn_by
      drawn_at
    }
    draws @type(name: "DrawRound") {
      round
      algorithm
      drawn_at
      reason
      eligible_count
      position
      counter
      receipt_hash
      winner_handle
      claim_deadline
      claimed_at
      claim_status
    }
    min_age
    region
    claim_days
    external_randomness
    extra_terms
    rules_version
    commitment
    committed_at
    frozen @type(name: "FrozenList") {
      frozen_at
      reason
      entrant_count
      fingerprint
    }
    archived
    referral_cap
    confirm_entries
    bonus_entry_count
  }
`;

/** A giveaway as it sits in the Apollo cache. `id` may be missing from a misbehaving server. */
export type GiveawayItem = Omit<
  Giveaway,
  'id' | 'winner_details' | 'draw' | 'draws' | 'frozen' | 'status' | 'phase' | 'removals'
> & {
  __typename?: 'Giveaway';
  id: Giveaway['id'] | null;
  /** Typed loosely on purpose: an unknown value from the server displays as active. */
  status: Giveaway['status'] | (string & {});
  /** The state the site words; loosely typed like `status` (an unknown value reads as open). */
  phase?: Giveaway['phase'] | (string & {}) | null;
  /** Disqualifications: how many and why (missing from an older server's answer). */
  removals?: Removal[] | null;
  winner_details: (Omit<WinnerDetails, 'email'> & { email?: string | null }) | null;
  draw: DrawRecord | null;
  draws: DrawRound[];
  frozen: FrozenList | null;
};

/** A giveaway known to have an id (what every page renders after filtering). */
export type GiveawayWithId = GiveawayItem & { id: number };
