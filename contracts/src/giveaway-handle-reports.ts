import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, HANDLE_REPORT_NOTE_MAX_LENGTH } from './form-fields';

/**
 * `POST /giveaway/{id}/handle-reports` (public): "an entry of this giveaway was made with my
 * Instagram handle". The handle and address follow the entry form's rules; the giveaway's desk
 * shows the report to its owner.
 */
export const HandleReportPayloadSchema = Type.Object(
  {
    /** With or without a leading @; an Instagram handle held by an entry of the giveaway. */
    instagram_handle: Type.String({
      minLength: 1,
      maxLength: 64,
      errorMessage: 'must be an Instagram handle',
    }),
    /** Where the owner can answer the reporter. */
    email: Type.String({
      minLength: 1,
      maxLength: EMAIL_MAX_LENGTH,
      errorMessage: 'must be an e-mail address of at most 254 characters',
    }),
    note: Type.Optional(
      Type.String({
        maxLength: HANDLE_REPORT_NOTE_MAX_LENGTH,
        errorMessage: `must be a note of at most ${HANDLE_REPORT_NOTE_MAX_LENGTH} characters`,
      }),
    ),
    /** Honeypot: people leave it empty; when filled the answer is the same and nothing is stored. */
    website: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type HandleReportPayload = Static<typeof HandleReportPayloadSchema>;

/** An entry of the giveaway holding the reported handle (its letter case may differ). */
export const HandleReportEntrySchema = Type.Object({
  id: Type.Integer(),
  instagram_handle: Type.String(),
  email: Type.String(),
  /** When the entry was made (ISO-8601 UTC). */
  created_at: Type.String(),
  /** When its address was confirmed; null while unconfirmed. */
  confirmed_at: Type.Union([Type.String(), Type.Null()]),
  disqualified_at: Type.Union([Type.String(), Type.Null()]),
});
export type HandleReportEntry = Static<typeof HandleReportEntrySchema>;

/** One report as the giveaway's desk shows it (admin). */
export const HandleReportSchema = Type.Object({
  id: Type.Integer(),
  giveaway_id: Type.Integer(),
  /** Without the leading @. */
  instagram_handle: Type.String(),
  /** The reporter's address. */
  email: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  handled_at: Type.Union([Type.String(), Type.Null()]),
  handled_by: Type.Union([Type.String(), Type.Null()]),
  /** The entries holding the handle now, oldest first (none once erased or expired). */
  entries: Type.Array(HandleReportEntrySchema),
});
export type HandleReport = Static<typeof HandleReportSchema>;

/** Newest first. */
export const HandleReportListSchema = Type.Array(HandleReportSchema);

/** `POST /handle-report/{id}/handled` (admin): mark a report handled, or open again. */
export const HandleReportHandledPayloadSchema = Type.Object(
  { handled: Type.Boolean({ errorMessage: 'must be true or false' }) },
  { additionalProperties: false },
);
export type HandleReportHandledPayload = Static<typeof HandleReportHandledPayloadSchema>;

/** The `code` of the 409 refusing an entry whose handle an entry that counts already holds. */
export const HANDLE_TAKEN_CODE = 'handle_taken';
