import { Type, type Static, type TSchema } from '@sinclair/typebox';

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
export const GiveawayDateSchema = Type.String({
  pattern: DATE_PATTERN,
  maxLength: 10,
  errorMessage: 'must be a date written YYYY-MM-DD',
});

export const GiveawayStatusSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('paused'),
  Type.Literal('ended'),
  Type.Literal('winner_selected'),
]);
export type GiveawayStatus = Static<typeof GiveawayStatusSchema>;

/** Why entries are closed right now; null while they are open. */
export const EntriesClosedReasonSchema = Type.Union([
  Type.Literal('paused'),
  Type.Literal('not_started'),
  Type.Literal('ended'),
  Type.Literal('winner_selected'),
  Type.Literal('full'),
  Type.Null(),
]);
export type EntriesClosedReason = Static<typeof EntriesClosedReasonSchema>;

export const WinnerDetailsSchema = Type.Object({
  instagram_handle: Type.String(),
  /** Only in an admin's view (a valid admin token on the GET); never in public JSON. */
  email: Type.Optional(Type.String()),
});
export type WinnerDetails = Static<typeof WinnerDetailsSchema>;

/**
 * The fairness record of a draw. `fingerprint` is the SHA-256 (hex) of the entrant ids sorted
 * ascending, written in decimal and joined with "," (e.g. "3,7,12"); `drawn_index` is the
 * zero-based position of the winner in that sorted list. See docs/giveaways.md.
 */
export const DrawRecordSchema = Type.Object({
  entrant_count: Type.Integer(),
  fingerprint: Type.String(),
  drawn_index: Type.Integer(),
  /** Username of the admin who drew. */
  drawn_by: Type.String(),
  drawn_at: Type.String(),
});
export type DrawRecord = Static<typeof DrawRecordSchema>;

export const GiveawaySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  prize: Type.String(),
  prize_image: Type.Union([Type.String(), Type.Null()]),
  /** YYYY-MM-DD; entries open at the start of this day in the site's time zone. */
  start_date: Type.String(),
  /** YYYY-MM-DD; entries close at the end of this day in the site's time zone. */
  end_date: Type.Union([Type.String(), Type.Null()]),
  max_participants: Type.Union([Type.Integer(), Type.Null()]),
  /** Derived by the server: winner_selected > ended > paused > active. */
  status: GiveawayStatusSchema,
  participant_count: Type.Integer(),
  /** The admin's switch (what Stop Accepting / Start Accepting flips). */
  is_accepting_participants: Type.Boolean(),
  /** Whether an entry sent now would be accepted (switch on, started, not ended, not drawn, not full). */
  entries_open: Type.Boolean(),
  entries_closed_reason: EntriesClosedReasonSchema,
  winner_id: Type.Union([Type.Integer(), Type.Null()]),
  winner_details: Type.Union([WinnerDetailsSchema, Type.Null()]),
  winner_selected_at: Type.Union([Type.String(), Type.Null()]),
  draw: Type.Union([DrawRecordSchema, Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Giveaway = Static<typeof GiveawaySchema>;

export const GiveawayListSchema = Type.Array(GiveawaySchema);
export type GiveawayList = Static<typeof GiveawayListSchema>;

/** The fields an admin sets (SPEC §3). An empty string or null means "none" for the optional ones. */
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
  prize_image: Type.Optional(
    Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], {
      errorMessage: 'must be an http:// or https:// address of at most 2048 characters, or empty',
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
      maxLength: 254,
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
  },
  { additionalProperties: false },
);
export type EntryPayload = Static<typeof EntryPayloadSchema>;

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

/** An entrant. Admin-only: it carries the e-mail address. */
export const ParticipantSchema = Type.Object({
  id: Type.Integer(),
  giveaway_id: Type.Integer(),
  email: Type.String(),
  instagram_handle: Type.String(),
  created_at: Type.String(),
});
export type Participant = Static<typeof ParticipantSchema>;

export const ParticipantListSchema = Type.Array(ParticipantSchema);
export type ParticipantList = Static<typeof ParticipantListSchema>;

export const SelectWinnerResponseSchema = Type.Object({
  success: Type.Boolean(),
  winner: Type.Object({
    id: Type.Integer(),
    email: Type.String(),
    instagram_handle: Type.String(),
  }),
  message: Type.String(),
});
export type SelectWinnerResponse = Static<typeof SelectWinnerResponseSchema>;

export const GiveawayIdParamsSchema = Type.Object({
  id: Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    errorMessage: 'must be a positive whole number',
  }),
});
export type GiveawayIdParams = Static<typeof GiveawayIdParamsSchema>;
