import { Type, type Static } from '@sinclair/typebox';
import { countQuery, DrawAlgorithmSchema, GiveawaySchema, mailedLinkToken } from './giveaway';

/*
 * What lets anyone check a giveaway: its official rules (with versions), entry receipts, the
 * commit/freeze/reveal record of the draw, the winner's claim, and the admins' change log.
 * docs/giveaways.md gives the algorithm in full. A field that is also a field of the giveaway
 * takes its shape from `GiveawaySchema`, so the two answers cannot drift apart.
 */

const giveaway = GiveawaySchema.properties;

const RulesSectionSchema = Type.Object({
  heading: Type.String(),
  text: Type.String(),
});
export type RulesSection = Static<typeof RulesSectionSchema>;

/** One version of a giveaway's official rules, as the entrant read it. */
export const GiveawayRulesSchema = Type.Object({
  giveaway_id: giveaway.id,
  title: giveaway.title,
  min_age: giveaway.min_age,
  version: Type.Integer(),
  current_version: Type.Integer(),
  /** When this version was published. */
  created_at: Type.String(),
  versions: Type.Array(Type.Object({ version: Type.Integer(), created_at: Type.String() })),
  sections: Type.Array(RulesSectionSchema),
});
export type GiveawayRules = Static<typeof GiveawayRulesSchema>;

export const RulesQuerySchema = countQuery('version', 1_000_000, 'must be a version number');

/**
 * The seed of one re-draw. Its commitment is published in the transaction that draws the round
 * before it; the seed itself only once its own round is drawn.
 */
const RedrawSeedSchema = Type.Object({
  round: Type.Integer({ minimum: 2 }),
  /** SHA-256 (hex) of the seed's text. */
  commitment: Type.String(),
  committed_at: Type.String(),
  /** The seed (64 hex characters), revealed by its round; null until then. */
  seed: Type.Union([Type.String(), Type.Null()]),
});
export type RedrawSeed = Static<typeof RedrawSeedSchema>;

/** Everything needed to recompute the draw, public. The seed appears only after the first draw. */
export const GiveawayVerificationSchema = Type.Object({
  giveaway_id: giveaway.id,
  title: giveaway.title,
  algorithm: DrawAlgorithmSchema,
  /** SHA-256 (hex) of the seed's text; null for legacy draws. */
  commitment: giveaway.commitment,
  committed_at: giveaway.committed_at,
  /** False when the commitment was published after entries already existed (upgraded giveaways). */
  committed_before_entries: Type.Boolean(),
  /** The secret seed (64 hex characters), revealed by the first draw; null until then. */
  seed: Type.Union([Type.String(), Type.Null()]),
  /** The external public random value the rules name, as described there. */
  external_randomness: giveaway.external_randomness,
  /** The value of it used by the draw ("" in the computation when none); null before the draw. */
  external_value: Type.Union([Type.String(), Type.Null()]),
  frozen: giveaway.frozen,
  /** Where the frozen list file is (one receipt hash per line); null until entries close. */
  frozen_list_path: Type.Union([Type.String(), Type.Null()]),
  draws: giveaway.draws,
  /**
   * How many places the first draw filled: rounds 1 … winner_count, all drawn with `seed`
   * ("aw-draw-v2"); later rounds are re-draws of one place each.
   */
  winner_count: giveaway.winner_count,
  /**
   * Seeds of re-draws, by round: the seed of round N (N >= 2) is the one listed for N; a re-draw
   * with none listed was made before re-draw seeds existed and used `seed`, like round 1.
   */
  redraw_seeds: Type.Array(RedrawSeedSchema),
});
export type GiveawayVerification = Static<typeof GiveawayVerificationSchema>;

export const ReceiptCheckPayloadSchema = Type.Object(
  {
    receipt: Type.String({
      minLength: 1,
      maxLength: 64,
      errorMessage: 'must be the receipt code you were given, like K7M2-9QXD-4HVA-PN3T',
    }),
  },
  { additionalProperties: false },
);
export type ReceiptCheckPayload = Static<typeof ReceiptCheckPayloadSchema>;

/** Whether a receipt belongs to an entry of this giveaway. Never names the entrant. */
export const ReceiptCheckResponseSchema = Type.Object({
  found: Type.Boolean(),
  message: Type.String(),
  /** The receipt code as the site writes it, and its SHA-256 as the public list shows it. */
  receipt: Type.String(),
  receipt_hash: Type.String(),
  entered_at: Type.Union([Type.String(), Type.Null()]),
  rules_version: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the entry list is frozen yet, and this entry's zero-based position in it. */
  frozen: Type.Boolean(),
  position: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the entry counts: its address is confirmed (always, where no confirmation is asked). */
  confirmed: Type.Boolean(),
  /** Entries this entry holds in the draw: 1 plus its bonus entries for referrals (0 unconfirmed). */
  entries: Type.Integer(),
  bonus_entries: Type.Integer(),
  /**
   * Whether this entry holds a place won in the draw now: drawn for a place and not replaced by a
   * later draw of that place (a place drawn again and won by this entry counts), nor disqualified.
   */
  won: Type.Boolean(),
});
export type ReceiptCheckResponse = Static<typeof ReceiptCheckResponseSchema>;

export const ClaimPayloadSchema = Type.Object(
  {
    token: mailedLinkToken(),
    /** What delivery needs: the winner's name and postal or delivery details. */
    full_name: Type.Optional(
      Type.String({ maxLength: 200, errorMessage: 'must be at most 200 characters' }),
    ),
    delivery_address: Type.Optional(
      Type.String({ maxLength: 1000, errorMessage: 'must be at most 1000 characters' }),
    ),
    /** Must be true: the winner agrees that these details are used to deliver the prize. */
    consent: Type.Optional(Type.Boolean({ errorMessage: 'must be true or false' })),
  },
  { additionalProperties: false },
);
export type ClaimPayload = Static<typeof ClaimPayloadSchema>;

export const ClaimResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  title: giveaway.title,
  prize: giveaway.prize,
  claimed_at: Type.String(),
});
export type ClaimResponse = Static<typeof ClaimResponseSchema>;

/** Asks what a claim link stands for now, before anything is typed. */
export const ClaimLinkPayloadSchema = Type.Object(
  {
    token: mailedLinkToken(),
  },
  { additionalProperties: false },
);
export type ClaimLinkPayload = Static<typeof ClaimLinkPayloadSchema>;

/**
 * What a winner's claim link stands for now: `open` (it can be claimed until `claim_deadline`),
 * `claimed` (on `claimed_at`), `expired` (the deadline passed unclaimed), `redrawn` (the place was
 * drawn again after the deadline) or `disqualified` (this winner was disqualified, `reason` is the
 * published reason, and the place drawn again).
 */
export const ClaimLinkStateSchema = Type.Object({
  state: Type.Union([
    Type.Literal('open'),
    Type.Literal('claimed'),
    Type.Literal('expired'),
    Type.Literal('redrawn'),
    Type.Literal('disqualified'),
  ]),
  title: giveaway.title,
  prize: giveaway.prize,
  place: Type.Integer(),
  round: Type.Integer(),
  claim_deadline: Type.Union([Type.String(), Type.Null()]),
  /** The deadline in words, on the site's clock with its zone named. */
  claim_deadline_text: Type.Union([Type.String(), Type.Null()]),
  claimed_at: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type ClaimLinkState = Static<typeof ClaimLinkStateSchema>;

export const ArchivePayloadSchema = Type.Object(
  { archived: Type.Boolean({ errorMessage: 'must be true or false' }) },
  { additionalProperties: false },
);
export type ArchivePayload = Static<typeof ArchivePayloadSchema>;

const GiveawayChangeActionSchema = Type.Union([
  Type.Literal('created'),
  Type.Literal('updated'),
  Type.Literal('rules_version'),
  Type.Literal('entries_stopped'),
  Type.Literal('entries_started'),
  Type.Literal('closed'),
  Type.Literal('frozen'),
  Type.Literal('disqualified'),
  Type.Literal('reinstated'),
  Type.Literal('results_mailed'),
  Type.Literal('claimed'),
  Type.Literal('drawn'),
  Type.Literal('redrawn'),
  Type.Literal('archived'),
  Type.Literal('unarchived'),
  Type.Literal('deleted'),
]);
export type GiveawayChangeAction = Static<typeof GiveawayChangeActionSchema>;

/** One entry of a giveaway's change log (admin-only: it names the admin). */
const GiveawayChangeSchema = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  /** The admin's username, or "system" for what the server did by itself (closing at the end date). */
  actor: Type.String(),
  action: GiveawayChangeActionSchema,
  summary: Type.String(),
  fields: Type.Array(
    Type.Object({
      field: Type.String(),
      before: Type.Union([Type.String(), Type.Null()]),
      after: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type GiveawayChange = Static<typeof GiveawayChangeSchema>;

export const GiveawayChangeListSchema = Type.Array(GiveawayChangeSchema);
