import { Type, type Static, type TInteger, type TOptional, type TSchema } from '@sinclair/typebox';
import { PictureSchema, SocialCardSchema } from './images';
import {
  CLAIM_DAYS_LIMITS,
  EMAIL_MAX_LENGTH,
  MIN_AGE_LIMITS,
  WINNER_COUNT_LIMITS,
  REFERRAL_CAP_LIMITS,
} from './form-fields';

/*
 * Giveaways: the giveaway itself, its entrants and the fair draw.
 *
 * Validation is strict and never coerces: "5" is not a number and 0 is not "unlimited". Write
 * payloads accept every read-only field of the Giveaway (a form may echo what it read) and ignore
 * it; any other unknown field is rejected with 400. `errorMessage` on a schema node is the phrase
 * the API puts after the field name when that node fails ("max_participants must be …").
 */

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** A calendar date written YYYY-MM-DD (the server also rejects dates such as 2026-02-30). */
const GiveawayDateSchema = Type.String({
  pattern: DATE_PATTERN,
  maxLength: 10,
  errorMessage: 'must be a date written YYYY-MM-DD',
});

/**
 * A query of one optional whole number `key`, from 1 to `maximum` (`errorMessage` when it is not),
 * and nothing else.
 */
export function countQuery<K extends string>(key: K, maximum: number, errorMessage: string) {
  const properties = {
    [key]: Type.Optional(Type.Integer({ minimum: 1, maximum, errorMessage })),
  } as Record<K, TOptional<TInteger>>;
  return Type.Object(properties, { additionalProperties: false });
}

const GiveawayStatusSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('paused'),
  Type.Literal('ended'),
  Type.Literal('winner_selected'),
]);
export type GiveawayStatus = Static<typeof GiveawayStatusSchema>;

/** Why entries are closed right now; null while they are open. */
const EntriesClosedReasonSchema = Type.Union([
  Type.Literal('paused'),
  Type.Literal('not_started'),
  Type.Literal('ended'),
  Type.Literal('winner_selected'),
  Type.Literal('full'),
  /** The owner closed entries for good: the entry list is frozen. */
  Type.Literal('closed'),
  Type.Null(),
]);
export type EntriesClosedReason = Static<typeof EntriesClosedReasonSchema>;

/**
 * Where a giveaway stands, as entrants see it; every page, card, badge, button and share text
 * words it the same way. `upcoming` before the start date; `open`; `paused` by the owner (it can
 * reopen); `full`; `closed` once the end date passed or the owner closed entries for good;
 * `drawn` with a winner who has not claimed; `claimed`; `redrawn` after a later round replaced a
 * winner (until the new winner claims).
 */
const GiveawayPhaseSchema = Type.Union([
  Type.Literal('upcoming'),
  Type.Literal('open'),
  Type.Literal('paused'),
  Type.Literal('full'),
  Type.Literal('closed'),
  Type.Literal('drawn'),
  Type.Literal('claimed'),
  Type.Literal('redrawn'),
]);
export type GiveawayPhase = Static<typeof GiveawayPhaseSchema>;

/** A public line about entries the owner removed: when, how many and why, never who. */
const RemovalSchema = Type.Object({
  at: Type.String(),
  count: Type.Integer(),
  reason: Type.String(),
  /** The round whose winner was disqualified and drawn again at once; null before the draw. */
  round: Type.Union([Type.Integer(), Type.Null()]),
});
export type Removal = Static<typeof RemovalSchema>;

const WinnerDetailsSchema = Type.Object({
  instagram_handle: Type.String(),
  /** Only in an admin's view (a valid admin token on the GET); never in public JSON. */
  email: Type.Optional(Type.String()),
});
export type WinnerDetails = Static<typeof WinnerDetailsSchema>;

/**
 * The record of the current winner's draw. For a verifiable draw (`algorithm` "aw-draw-v1")
 * `fingerprint` is the SHA-256 of the frozen entry list, `drawn_index` the winner's zero-based
 * position in it and `entrant_count` how many entries were eligible in that round. For a draw made
 * before verifiable draws existed ("legacy") `fingerprint` is the SHA-256 of the entrant ids sorted
 * ascending and joined with "," and `drawn_index` the winner's position in that list. See
 * docs/giveaways.md.
 */
const DrawRecordSchema = Type.Object({
  entrant_count: Type.Integer(),
  fingerprint: Type.String(),
  drawn_index: Type.Integer(),
  /** Username of the admin who drew: in an admin's view only, so no public answer names an account. */
  drawn_by: Type.Optional(Type.String()),
  drawn_at: Type.String(),
});
export type DrawRecord = Static<typeof DrawRecordSchema>;

export const DrawAlgorithmSchema = Type.Union([
  Type.Literal('aw-draw-v1'),
  Type.Literal('aw-draw-v2'),
  Type.Literal('legacy'),
]);
export type DrawAlgorithm = Static<typeof DrawAlgorithmSchema>;

/**
 * Where a drawn winner stands: `awaiting_claim` until the claim deadline, then `claimed` or
 * `unclaimed`; `redrawn` once a later round replaced this winner. Draws made before claims
 * existed (legacy) are `not_applicable`.
 */
const ClaimStatusSchema = Type.Union([
  Type.Literal('awaiting_claim'),
  Type.Literal('claimed'),
  Type.Literal('unclaimed'),
  Type.Literal('redrawn'),
  Type.Literal('not_applicable'),
]);
export type ClaimStatus = Static<typeof ClaimStatusSchema>;

/** One draw in the public history: the winner by handle only, never an e-mail or account name. */
export const DrawRoundSchema = Type.Object({
  round: Type.Integer({ minimum: 1 }),
  /** The winner's place this round filled (1 … winner_count); a re-draw refills one place. */
  place: Type.Integer({ minimum: 1 }),
  algorithm: DrawAlgorithmSchema,
  drawn_at: Type.String(),
  /** Why this round was drawn again; null for the first draw. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** Entries that could win in this round: the frozen list minus earlier unclaimed winners. */
  eligible_count: Type.Integer(),
  /** Zero-based position of the winning entry in the frozen list (legacy: in the sorted ids). */
  position: Type.Integer(),
  /** Which attempt of the rejection sampling was accepted (0 for most draws; null for legacy). */
  counter: Type.Union([Type.Integer(), Type.Null()]),
  /** Receipt hash of the winning entry; null for legacy draws. */
  receipt_hash: Type.Union([Type.String(), Type.Null()]),
  /** The winner's Instagram handle; null when the entrant had their entry erased. */
  winner_handle: Type.Union([Type.String(), Type.Null()]),
  claim_deadline: Type.Union([Type.String(), Type.Null()]),
  claimed_at: Type.Union([Type.String(), Type.Null()]),
  claim_status: ClaimStatusSchema,
});
export type DrawRound = Static<typeof DrawRoundSchema>;

/** Who a round drew for a place: the place, the round, and the winner's handle. */
const drawnWinnerFields = {
  place: Type.Integer({ minimum: 1 }),
  /** The round that drew this winner. */
  round: Type.Integer({ minimum: 1 }),
  /** Null when the entrant had their data erased. */
  instagram_handle: Type.Union([Type.String(), Type.Null()]),
};

/** One place's current winner, public: the handle only, never an e-mail. */
export const WinnerPlaceSchema = Type.Object({
  ...drawnWinnerFields,
  claim_status: ClaimStatusSchema,
  claim_deadline: Type.Union([Type.String(), Type.Null()]),
});
export type WinnerPlace = Static<typeof WinnerPlaceSchema>;

/**
 * Where one drawn winner's claim stands, for the owner: `awaiting_claim` until the deadline,
 * `claimed`, `expired` (the deadline passed unclaimed), `redrawn` (a later round refilled the
 * place), or `disqualified` (the owner disqualified this winner; the place was drawn again).
 */
export const OwnerClaimStateSchema = Type.Union([
  Type.Literal('awaiting_claim'),
  Type.Literal('claimed'),
  Type.Literal('expired'),
  Type.Literal('redrawn'),
  Type.Literal('disqualified'),
]);
export type OwnerClaimState = Static<typeof OwnerClaimStateSchema>;

/** One drawn winner in the owner's view of a giveaway: place, round and claim state. */
export const OwnerClaimSchema = Type.Object({
  ...drawnWinnerFields,
  state: OwnerClaimStateSchema,
  claim_deadline: Type.Union([Type.String(), Type.Null()]),
  /** The deadline as every page and mail writes it, with the site's time zone named. */
  claim_deadline_text: Type.Union([Type.String(), Type.Null()]),
});
export type OwnerClaim = Static<typeof OwnerClaimSchema>;

/** The entry list as it was when entries closed. */
export const FrozenListSchema = Type.Object({
  frozen_at: Type.String(),
  /** What closed entries. */
  reason: Type.Union([
    Type.Literal('ended'),
    Type.Literal('full'),
    Type.Literal('stopped'),
    Type.Literal('drawn'),
  ]),
  entrant_count: Type.Integer(),
  /**
   * SHA-256 (hex) of the frozen list file: one line per entry, each ending in "\n": the receipt
   * hash ("aw-draw-v1"), or the receipt hash, a space and the entry's weight ("aw-draw-v2").
   */
  fingerprint: Type.String(),
});
export type FrozenList = Static<typeof FrozenListSchema>;

export const GiveawaySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  prize: Type.String(),
  /**
   * The address the prize picture was fetched from; null for an uploaded one or none. While a
   * giveaway saved before pictures were stored has no `prize_picture` yet, the site shows this.
   */
  prize_image: Type.Union([Type.String(), Type.Null()]),
  /** The stored prize picture, in widths and formats for `<picture>`; null when there is none. */
  prize_picture: Type.Union([PictureSchema, Type.Null()]),
  /**
   * The giveaway's social card (prize picture, title, closing date), drawn when it is saved; only
   * in the answers about one giveaway. Null when it could not be drawn.
   */
  social_card: Type.Optional(Type.Union([SocialCardSchema, Type.Null()])),
  /** YYYY-MM-DD; entries open at the start of this day in the site's time zone. */
  start_date: Type.String(),
  /** YYYY-MM-DD; entries close at the end of this day in the site's time zone. */
  end_date: Type.Union([Type.String(), Type.Null()]),
  /**
   * The moment entries close by date (ISO, UTC): the end of `end_date` in the site's time zone,
   * that is the start of the next day there. Null without an end date.
   */
  entries_close_at: Type.Union([Type.String(), Type.Null()]),
  max_participants: Type.Union([Type.Integer(), Type.Null()]),
  /** Derived by the server: winner_selected > ended > paused > active. */
  status: GiveawayStatusSchema,
  participant_count: Type.Integer(),
  /** The admin's switch (what Stop Accepting / Start Accepting flips). */
  is_accepting_participants: Type.Boolean(),
  /** Whether an entry sent now would be accepted (switch on, started, not ended, not drawn, not full). */
  entries_open: Type.Boolean(),
  entries_closed_reason: EntriesClosedReasonSchema,
  /** The one state the site words (badge, headline, call to action, share text). */
  phase: GiveawayPhaseSchema,
  /** Entries the owner disqualified, counted with the published reason (no names). */
  removals: Type.Array(RemovalSchema),
  winner_id: Type.Union([Type.Integer(), Type.Null()]),
  winner_details: Type.Union([WinnerDetailsSchema, Type.Null()]),
  winner_selected_at: Type.Union([Type.String(), Type.Null()]),
  draw: Type.Union([DrawRecordSchema, Type.Null()]),
  /** Every draw of this giveaway, oldest first (re-draws after an unclaimed prize included). */
  draws: Type.Array(DrawRoundSchema),
  /** How many winners the draw picks (1–100), stated in the rules; fixed once the list is frozen. */
  winner_count: Type.Integer(),
  /** The current winner of each place, in place order; empty before the draw. */
  winners: Type.Array(WinnerPlaceSchema),
  /**
   * Admin-only: every drawn winner (draws made before claims existed left out), by place and
   * then round, with where the claim stands. Left out of every other answer.
   */
  claims: Type.Optional(Type.Array(OwnerClaimSchema)),
  /** Who may enter: the minimum age and the region the rules name ("" for anywhere). */
  min_age: Type.Integer(),
  region: Type.String(),
  /** Days the winner has to claim the prize after the draw. */
  claim_days: Type.Integer(),
  /** The external public random value the rules name, if any (e.g. a beacon round). */
  external_randomness: Type.Union([Type.String(), Type.Null()]),
  /** The organiser's additional terms, part of the rules. */
  extra_terms: Type.String(),
  /** Current version of the official rules; entries record the version they accepted. */
  rules_version: Type.Integer(),
  /** SHA-256 (hex) of the secret seed, published when the giveaway was created. Null for legacy draws. */
  commitment: Type.Union([Type.String(), Type.Null()]),
  committed_at: Type.Union([Type.String(), Type.Null()]),
  /** Set once entries have closed; the list can no longer change. */
  frozen: Type.Union([FrozenListSchema, Type.Null()]),
  /** Hidden from the public list; the page, rules and draw record stay. */
  archived: Type.Boolean(),
  /** The most bonus entries one entrant can earn by referring others; 0 when referrals are off. */
  referral_cap: Type.Integer(),
  /** Whether an entry counts only once its address is confirmed through a mailed link. */
  confirm_entries: Type.Boolean(),
  /** Bonus entries earned by referrals across the counted entries (public; never who referred whom). */
  bonus_entry_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Giveaway = Static<typeof GiveawaySchema>;

export const GiveawayListSchema = Type.Array(GiveawaySchema);

/** The fields an admin sets. An empty string or null means "none" for the optional ones. */
export const GiveawayFormFields = {
  title: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: 'must be between 1 and 200 characters',
  }),
  description: Type.String({
    minLength: 1,
    maxLength: 5000,
    errorMessage: 'must be between 1 and 5000 characters',
  }),
  prize: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: 'must be between 1 and 200 characters',
  }),
  /**
   * An http(s) address of the prize picture: the server fetches it once, when it changes, and
   * keeps its own copy. Empty or null for none (or for an uploaded picture, see prize_image_id).
   */
  prize_image: Type.Optional(
    Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], {
      errorMessage: 'must be an http:// or https:// address of at most 2048 characters, or empty',
    }),
  ),
  /** A picture stored by POST /images; used when it differs from the one the giveaway has. */
  prize_image_id: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      errorMessage: 'must be the id of a stored image, or null',
    }),
  ),
  start_date: GiveawayDateSchema,
  end_date: Type.Optional(
    Type.Union([GiveawayDateSchema, Type.Literal(''), Type.Null()], {
      errorMessage: 'must be a date written YYYY-MM-DD, or empty',
    }),
  ),
  max_participants: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Literal(''), Type.Null()], {
      errorMessage: 'must be a whole number from 1 to 1000000, or empty for unlimited',
    }),
  ),
  /** Rules: the minimum age to enter (default 18). */
  min_age: Type.Optional(
    Type.Integer({
      minimum: MIN_AGE_LIMITS.min,
      maximum: MIN_AGE_LIMITS.max,
      errorMessage: `must be a whole number from ${MIN_AGE_LIMITS.min} to ${MIN_AGE_LIMITS.max}`,
    }),
  ),
  /** Rules: where entrants must live; empty for anywhere. */
  region: Type.Optional(
    Type.String({ maxLength: 200, errorMessage: 'must be at most 200 characters' }),
  ),
  /** Rules: days the winner has to claim (default 7). */
  claim_days: Type.Optional(
    Type.Integer({
      minimum: CLAIM_DAYS_LIMITS.min,
      maximum: CLAIM_DAYS_LIMITS.max,
      errorMessage: `must be a whole number of days from ${CLAIM_DAYS_LIMITS.min} to ${CLAIM_DAYS_LIMITS.max}`,
    }),
  ),
  /** Rules: how many winners one draw picks (default 1). */
  winner_count: Type.Optional(
    Type.Integer({
      minimum: WINNER_COUNT_LIMITS.min,
      maximum: WINNER_COUNT_LIMITS.max,
      errorMessage: `must be a whole number from ${WINNER_COUNT_LIMITS.min} to ${WINNER_COUNT_LIMITS.max}`,
    }),
  ),
  /** Rules: the external public random value mixed into the draw, described so anyone can look it up. */
  external_randomness: Type.Optional(
    Type.Union([Type.String({ maxLength: 500 }), Type.Null()], {
      errorMessage: 'must be text of at most 500 characters, or empty',
    }),
  ),
  /** Rules: any further terms, in plain text. */
  extra_terms: Type.Optional(
    Type.String({ maxLength: 5000, errorMessage: 'must be at most 5000 characters' }),
  ),
  /** Rules: the most bonus entries one entrant can earn by referrals (default 5; 0 turns them off). */
  referral_cap: Type.Optional(
    Type.Integer({
      minimum: REFERRAL_CAP_LIMITS.min,
      maximum: REFERRAL_CAP_LIMITS.max,
      errorMessage: `must be a whole number from ${REFERRAL_CAP_LIMITS.min} to ${REFERRAL_CAP_LIMITS.max} (0 turns referrals off)`,
    }),
  ),
  /** Rules: an entry counts only once its address is confirmed through a mailed link (default off). */
  confirm_entries: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
};

export const GiveawayFormPayloadSchema = Type.Object(GiveawayFormFields, {
  additionalProperties: false,
});
export type GiveawayFormPayload = Static<typeof GiveawayFormPayloadSchema>;

/** Read-only giveaway fields a client may echo back; accepted on create/update and ignored. */
const IGNORED_ON_WRITE = Object.fromEntries(
  Object.keys(GiveawaySchema.properties)
    .filter((key) => !(key in GiveawayFormFields))
    .map((key) => [key, Type.Optional(Type.Unknown())]),
) as Record<string, TSchema>;

/** What POST /giveaway and PUT /giveaway/{id} accept: the form payload plus ignored echoes. */
export const GiveawayWriteBodySchema = Type.Object(
  { ...IGNORED_ON_WRITE, ...GiveawayFormFields },
  { additionalProperties: false },
);

export const EntryPayloadSchema = Type.Object(
  {
    email: Type.String({
      minLength: 1,
      maxLength: EMAIL_MAX_LENGTH,
      errorMessage: 'must be an e-mail address of at most 254 characters',
    }),
    /** With or without a leading @; Instagram's rules: letters, digits, "." and "_", 1–30 characters. */
    instagram_handle: Type.String({
      minLength: 1,
      maxLength: 64,
      errorMessage: 'must be an Instagram handle',
    }),
    /** Honeypot: people leave it empty; when filled the answer is a fake success and nothing is stored. */
    website: Type.Optional(Type.String({ maxLength: 500 })),
    /**
     * Must be `true`: the entrant has read the official rules and meets them (age, region). An
     * entry without it is refused with 400.
     */
    accept_rules: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
    /**
     * The rules version the entrant read. When given and the rules have changed since, the entry
     * is refused (409) so nobody is recorded as accepting rules they did not see.
     */
    rules_version: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        errorMessage: 'must be a rules version number',
      }),
    ),
    /**
     * The referral code of the link the entrant arrived by (`/giveaway/{id}?ref=…`). A code that
     * belongs to no entry of this giveaway, or to the entrant themselves, is ignored.
     */
    ref: Type.Optional(
      Type.String({ maxLength: 64, errorMessage: 'must be the code from a referral link' }),
    ),
    /**
     * Optional: `true` when the entrant asks to be mailed the results after the draw ("Tell me
     * the results"). Left out or `false`, no results mail goes to them.
     */
    notify_results: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
  },
  { additionalProperties: false },
);
export type EntryPayload = Static<typeof EntryPayloadSchema>;

/** The answer to an accepted entry: the receipt code is shown once and (with mail set up) mailed. */
export const EntryResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  /** e.g. "K7M2-9QXD-4HVA-PN3T"; its SHA-256 is what the public entry list shows. */
  receipt: Type.String(),
  rules_version: Type.Integer(),
  /** The code of this entrant's personal link to share (`/giveaway/{id}?ref=…`). */
  referral_code: Type.String(),
  /**
   * Whether the entry still waits for its address to be confirmed through the mailed link; it
   * counts only once confirmed.
   */
  confirmation_pending: Type.Boolean(),
  /** When an unconfirmed entry expires (ISO time); null when nothing waits for confirmation. */
  confirm_by: Type.Union([Type.String(), Type.Null()]),
});
export type EntryResponse = Static<typeof EntryResponseSchema>;

/**
 * The entry a browser made to a giveaway, as the page's "You're in" keeps it (in localStorage, or
 * from the server after the form was posted without script).
 */
export interface KeptEntry {
  receipt: string;
  rules_version: number;
  /** The handle entered with (without @), to tell which entry this is on a shared device. */
  instagram_handle: string;
  /** ISO time the entry was recorded. */
  entered_at: string;
  /** The code of the entrant's personal link to share; missing for entries kept before referrals. */
  referral_code?: string;
  /** Set while the entry waits for its address to be confirmed: when the mailed link expires. */
  confirm_by?: string | null;
}

/** The code from a link mailed to an entrant or a winner, as the link's page sends it back. */
export const mailedLinkToken = () =>
  Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: 'must be the code from the link in your e-mail',
  });

/** Confirming an entry with the token from the mailed link. */
export const ConfirmEntryPayloadSchema = Type.Object(
  {
    token: mailedLinkToken(),
  },
  { additionalProperties: false },
);
export type ConfirmEntryPayload = Static<typeof ConfirmEntryPayloadSchema>;

/** What confirming did: confirmed now, or confirmed already (other outcomes are 4xx errors). */
export const ConfirmEntryResponseSchema = Type.Object({
  status: Type.Union([Type.Literal('confirmed'), Type.Literal('already_confirmed')]),
  message: Type.String(),
});
export type ConfirmEntryResponse = Static<typeof ConfirmEntryResponseSchema>;

export const SuccessMessageSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
});
export type SuccessMessage = Static<typeof SuccessMessageSchema>;

export const ToggleParticipantsPayloadSchema = Type.Object(
  { accept: Type.Boolean({ errorMessage: 'must be true or false' }) },
  { additionalProperties: false },
);
export type ToggleParticipantsPayload = Static<typeof ToggleParticipantsPayloadSchema>;

/**
 * The desk's hints that an entry may not be genuine (see the giveaway docs): an address at a
 * disposable mail domain, many entries from one network, several from one device (network and
 * browser), or a referral chain that feeds one account.
 */
export const ParticipantFlagSchema = Type.Union([
  Type.Literal('disposable_email'),
  Type.Literal('same_network'),
  Type.Literal('same_device'),
  Type.Literal('referral_chain'),
]);
export type ParticipantFlag = Static<typeof ParticipantFlagSchema>;

/** An entrant. Admin-only: it carries the e-mail address. */
export const ParticipantSchema = Type.Object({
  id: Type.Integer(),
  giveaway_id: Type.Integer(),
  email: Type.String(),
  instagram_handle: Type.String(),
  created_at: Type.String(),
  /** Set when the owner disqualified the entry (it left the count and the draw). */
  disqualified_at: Type.Union([Type.String(), Type.Null()]),
  disqualified_reason: Type.Union([Type.String(), Type.Null()]),
  /** The entry's weight in the draw: 1 + bonus_entries. */
  weight: Type.Integer(),
  /** Bonus entries earned by referring others. */
  bonus_entries: Type.Integer(),
  /** Accepted entries this entry brought through its referral link (confirmed ones). */
  referrals: Type.Integer(),
  /** When the address was confirmed; null while unconfirmed. */
  confirmed_at: Type.Union([Type.String(), Type.Null()]),
  /** How the entrant came: through someone's referral link, or directly. */
  source: Type.Union([Type.Literal('direct'), Type.Literal('referral')]),
  /** The entry whose referral link brought this entrant (admin-only, like the whole entrant). */
  referred_by: Type.Union([Type.Integer(), Type.Null()]),
  /** The desk's fraud hints for this entry, empty when none. */
  flags: Type.Array(ParticipantFlagSchema),
});
export type Participant = Static<typeof ParticipantSchema>;

export const ParticipantListSchema = Type.Array(ParticipantSchema);

/** What the admin may send with Select Winner. */
export const SelectWinnerPayloadSchema = Type.Object(
  {
    /**
     * The external public random value the rules name (required then, refused otherwise).
     * Letters, digits and . _ , + / = - only, as beacons and lotteries publish them.
     */
    external_value: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9._,+/=-]{1,256}$',
        errorMessage:
          'must be 1 to 256 letters, digits or the characters . _ , + / = - (as the source publishes it)',
      }),
    ),
    /**
     * Required (true) to draw a giveaway whose entries are still open: the draw then closes
     * entries for good before their end date. A giveaway whose entries have closed (end date
     * passed, full, or closed for good) needs nothing.
     */
    close_now: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
  },
  { additionalProperties: false },
);
export type SelectWinnerPayload = Static<typeof SelectWinnerPayloadSchema>;

/** A re-draw after the claim deadline passed without a claim. */
export const RedrawPayloadSchema = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: 500,
      errorMessage: 'must be a sentence of 1 to 500 characters saying why the prize is drawn again',
    }),
    /** Which winner's place to draw again (1 … winner_count); may be left out with one winner. */
    place: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, errorMessage: 'must be a place from 1 to 100' }),
    ),
  },
  { additionalProperties: false },
);
export type RedrawPayload = Static<typeof RedrawPayloadSchema>;

export const SelectWinnerResponseSchema = Type.Object({
  success: Type.Boolean(),
  /** Admin-only: it carries the e-mail. Null (with success false) when the drawn entry was erased. */
  winner: Type.Union([
    Type.Object({
      id: Type.Integer(),
      email: Type.String(),
      instagram_handle: Type.String(),
    }),
    Type.Null(),
  ]),
  message: Type.String(),
  /** Which draw this was: 1 for the first, more for re-draws. */
  round: Type.Integer(),
  claim_deadline: Type.String(),
  /** Every winner this draw named, by place (one for a re-draw); admin-only: it carries e-mails. */
  winners: Type.Array(
    Type.Object({
      place: Type.Integer(),
      round: Type.Integer(),
      id: Type.Union([Type.Integer(), Type.Null()]),
      email: Type.Union([Type.String(), Type.Null()]),
      instagram_handle: Type.Union([Type.String(), Type.Null()]),
      claim_deadline: Type.String(),
    }),
  ),
});
export type SelectWinnerResponse = Static<typeof SelectWinnerResponseSchema>;

export const GiveawayIdParamsSchema = Type.Object({
  id: Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    errorMessage: 'must be a positive whole number',
  }),
});

const REASON = Type.String({
  minLength: 1,
  maxLength: 500,
  errorMessage: 'must be a sentence of 1 to 500 characters saying why; it is published',
});

/** Disqualify entries before the entry list is frozen; the reason and the count are published. */
export const DisqualifyPayloadSchema = Type.Object(
  {
    participant_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
      minItems: 1,
      maxItems: 1000,
      errorMessage: 'must list 1 to 1000 entry ids',
    }),
    reason: REASON,
  },
  { additionalProperties: false },
);
export type DisqualifyPayload = Static<typeof DisqualifyPayloadSchema>;

/** Undo disqualifications before the entry list is frozen. */
export const ReinstatePayloadSchema = Type.Object(
  {
    participant_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
      minItems: 1,
      maxItems: 1000,
      errorMessage: 'must list 1 to 1000 entry ids',
    }),
  },
  { additionalProperties: false },
);
export type ReinstatePayload = Static<typeof ReinstatePayloadSchema>;

/** Disqualify the current winner and draw again at once; the reason is published. */
export const DisqualifyWinnerPayloadSchema = Type.Object(
  {
    reason: REASON,
    /** Which winner's place to draw again (1 … winner_count); may be left out with one winner. */
    place: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, errorMessage: 'must be a place from 1 to 100' }),
    ),
  },
  { additionalProperties: false },
);
export type DisqualifyWinnerPayload = Static<typeof DisqualifyWinnerPayloadSchema>;

/** Delete: a giveaway anyone has entered is deleted only when its title is typed to confirm. */
export const DeleteGiveawayPayloadSchema = Type.Object(
  {
    confirm_title: Type.Optional(
      Type.String({ maxLength: 400, errorMessage: 'must be the giveaway’s title' }),
    ),
  },
  { additionalProperties: false },
);
export type DeleteGiveawayPayload = Static<typeof DeleteGiveawayPayloadSchema>;

/** The current winner for the owner: contact, claim status and delivery details (admin-only). */
export const WinnerContactSchema = Type.Object({
  round: Type.Integer(),
  /** The winner's place (1 … winner_count). */
  place: Type.Integer(),
  participant_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Null when the winner's data was erased. */
  email: Type.Union([Type.String(), Type.Null()]),
  instagram_handle: Type.Union([Type.String(), Type.Null()]),
  claim_status: ClaimStatusSchema,
  claim_deadline: Type.Union([Type.String(), Type.Null()]),
  claimed_at: Type.Union([Type.String(), Type.Null()]),
  delivery: Type.Union([
    Type.Object({
      full_name: Type.String(),
      delivery_address: Type.String(),
      consent_at: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type WinnerContact = Static<typeof WinnerContactSchema>;

/** Which place's winner to read; place 1 when left out. */
export const WinnerQuerySchema = countQuery('place', 100, 'must be a place from 1 to 100');

/**
 * What the presenter view shows on a stream: names as the spin shows them (a handle, or a masked
 * address like "a***@g***.com" for an entry without one), never an e-mail address.
 */
const PresenterWinnerSchema = Type.Object({
  place: Type.Integer(),
  round: Type.Integer(),
  /** Null when the drawn entry had its data erased. */
  name: Type.Union([Type.String(), Type.Null()]),
});

/** A place's current winner on the presenter's screen, with where its claim stands. */
const PresenterPlaceSchema = Type.Object({
  ...PresenterWinnerSchema.properties,
  claim_status: ClaimStatusSchema,
});

export const PresenterSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  prize: Type.String(),
  prize_image: Type.Union([Type.String(), Type.Null()]),
  participant_count: Type.Integer(),
  external_randomness: Type.Union([Type.String(), Type.Null()]),
  frozen: Type.Boolean(),
  /** YYYY-MM-DD; null without an end date. */
  end_date: Type.Union([Type.String(), Type.Null()]),
  /**
   * Whether a draw now would close entries that are still open (before the end date, not full):
   * the draw then needs the owner's confirmation and `close_now`.
   */
  draw_closes_entries: Type.Boolean(),
  names: Type.Array(Type.String()),
  /** The current winner as shown on screen, and the round; null before the draw. */
  winner: Type.Union([Type.Object({ name: Type.String(), round: Type.Integer() }), Type.Null()]),
  /** How many winners the draw picks. */
  winner_count: Type.Integer(),
  /** Every place's current winner as shown on screen, in place order; empty before the draw. */
  winners: Type.Array(PresenterPlaceSchema),
  verify_path: Type.String(),
});
export type Presenter = Static<typeof PresenterSchema>;

/** The presenter's draw answer: the winner as shown on screen, no e-mail. */
export const PresenterDrawResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  round: Type.Integer(),
  winner: Type.Union([Type.Object({ name: Type.String() }), Type.Null()]),
  /** Every winner of this draw as shown on screen, in place order (the spin reveals them so). */
  winners: Type.Array(PresenterWinnerSchema),
});
export type PresenterDrawResponse = Static<typeof PresenterDrawResponseSchema>;

/** The results mail as the desk shows it (admin). */
export const ResultsMailStateSchema = Type.Object({
  /** Whether the winner has been drawn (the mail can go only then). */
  drawn: Type.Boolean(),
  /** Entrants who asked for the results, one per mailbox, whose address is still held. */
  recipients: Type.Integer(),
  /** The mail as it would go (the unsubscribe link is each recipient's own); null before the draw. */
  preview: Type.Union([Type.Object({ subject: Type.String(), text: Type.String() }), Type.Null()]),
  /** Once sent: when, by whom, and how far the sender got. */
  sent: Type.Union([
    Type.Object({
      at: Type.String(),
      by: Type.String(),
      recipients: Type.Integer(),
      delivered: Type.Integer(),
      waiting: Type.Integer(),
      failed: Type.Integer(),
      skipped: Type.Integer(),
    }),
    Type.Null(),
  ]),
});
export type ResultsMailState = Static<typeof ResultsMailStateSchema>;

export const SendResultsResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  recipients: Type.Integer(),
});
export type SendResultsResponse = Static<typeof SendResultsResponseSchema>;
