import { gql } from '@apollo/client';
import type {
  DrawRecord,
  DrawRound,
  FrozenList,
  Giveaway,
  OwnerClaim,
  Removal,
  WinnerDetails,
  WinnerPlace,
} from '@site/contracts';

/**
 * A draw round and the frozen list as the pages read them, both in a giveaway and in its
 * verification record (`get-verification.ts`), so the two answers select them alike.
 */
export const DRAW_ROUND_FIELDS = gql`
  fragment DrawRoundFields on DrawRound {
    round
    place
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
`;

export const FROZEN_LIST_FIELDS = gql`
  fragment FrozenListFields on FrozenList {
    frozen_at
    reason
    entrant_count
    fingerprint
  }
`;

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
    prize_picture @type(name: "Picture") {
      id
      width
      height
      placeholder
      src
      srcset
      sources @type(name: "PictureSource") {
        type
        srcset
      }
    }
    start_date
    end_date
    entries_close_at
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
      ...DrawRoundFields
    }
    winner_count
    winners @type(name: "WinnerPlace") {
      place
      round
      instagram_handle
      claim_status
      claim_deadline
    }
    claims @type(name: "OwnerClaim") {
      place
      round
      instagram_handle
      state
      claim_deadline
      claim_deadline_text
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
      ...FrozenListFields
    }
    archived
    referral_cap
    confirm_entries
    bonus_entry_count
  }
  ${DRAW_ROUND_FIELDS}
  ${FROZEN_LIST_FIELDS}
`;

/** A giveaway as it sits in the Apollo cache. `id` may be missing from a misbehaving server. */
export type GiveawayItem = Omit<
  Giveaway,
  | 'id'
  | 'winner_details'
  | 'draw'
  | 'draws'
  | 'frozen'
  | 'status'
  | 'phase'
  | 'removals'
  | 'entries_close_at'
  | 'winner_count'
  | 'winners'
  | 'prize_picture'
  | 'claims'
> & {
  __typename?: 'Giveaway';
  id: Giveaway['id'] | null;
  /** Typed loosely on purpose: an unknown value from the server displays as active. */
  status: Giveaway['status'] | (string & {});
  /** The state the site words; loosely typed like `status` (an unknown value reads as open). */
  phase?: Giveaway['phase'] | (string & {}) | null;
  /** Disqualifications: how many and why (missing from an older server's answer). */
  removals?: Removal[] | null;
  /** When entries close by date (missing from an older server's answer). */
  entries_close_at?: string | null;
  winner_details: (Omit<WinnerDetails, 'email'> & { email?: string | null }) | null;
  draw: DrawRecord | null;
  draws: DrawRound[];
  frozen: FrozenList | null;
  /** How many winners the draw picks (missing from an older server's answer: one). */
  winner_count?: number | null;
  /** The stored prize picture (missing from an older server's answer). */
  prize_picture?: Giveaway['prize_picture'];
  /** Each place's current winner after the draw (missing from an older server's answer). */
  winners?: WinnerPlace[] | null;
  /** The owner's view only: where each drawn winner's claim stands (null in any other answer). */
  claims?: OwnerClaim[] | null;
};

/** A giveaway known to have an id (what every page renders after filtering). */
export type GiveawayWithId = GiveawayItem & { id: number };
