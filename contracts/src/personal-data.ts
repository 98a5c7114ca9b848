import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from './form-fields';
import { ContactEnquirySchema } from './contact';
import { OutboxMessageSchema } from './mail';

/**
 * Admin-only `POST /personal-data/export` and `POST /personal-data/erase`, JSON `{email}`. The
 * address travels in the body, not the URL, so it never lands in a request log. Any address that
 * could have been stored is accepted (a giveaway entry's rules are looser than the forms').
 */
export const PersonalDataRequestSchema = Type.Object(
  {
    email: Type.String({
      minLength: 3,
      maxLength: EMAIL_MAX_LENGTH,
      pattern: '^[^\\s@]+@[^\\s@]+$',
      errorMessage: 'must be an e-mail address',
    }),
  },
  { additionalProperties: false },
);

const PersonalDataSubscriptionSchema = Type.Object({
  email: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('confirmed'),
    Type.Literal('unsubscribed'),
  ]),
  consent_at: Type.String(),
  consent_source: Type.String(),
  consent_text: Type.String(),
  confirmed_at: Type.Union([Type.String(), Type.Null()]),
  unsubscribed_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});

const PersonalDataEntrySchema = Type.Object({
  id: Type.Integer(),
  giveaway_id: Type.Integer(),
  giveaway_title: Type.String(),
  email: Type.String(),
  instagram_handle: Type.String(),
  created_at: Type.String(),
  /** This entry was drawn as the giveaway's winner. */
  won: Type.Boolean(),
});

/** Everything the site holds about one address (matched without regard to letter case). */
/** One newsletter issue sent (or queued) to the address: its own delivery record. */
const PersonalDataIssueMailSchema = Type.Object({
  issue_id: Type.Integer(),
  subject: Type.String(),
  state: Type.String(),
  /** ISO-8601 UTC, or null while not sent. */
  sent_at: Type.Union([Type.String(), Type.Null()]),
});

export const PersonalDataExportSchema = Type.Object({
  email: Type.String(),
  /** ISO-8601 UTC. */
  exported_at: Type.String(),
  enquiries: Type.Array(ContactEnquirySchema),
  subscription: Type.Union([PersonalDataSubscriptionSchema, Type.Null()]),
  giveaway_entries: Type.Array(PersonalDataEntrySchema),
  /** Delivery details given when claiming a prize. */
  giveaway_claims: Type.Array(
    Type.Object({
      giveaway_id: Type.Integer(),
      round: Type.Integer(),
      full_name: Type.String(),
      delivery_address: Type.String(),
      consent_at: Type.String(),
    }),
  ),
  /** Reports of a taken Instagram handle sent from the address. */
  giveaway_handle_reports: Type.Array(
    Type.Object({
      giveaway_id: Type.Integer(),
      giveaway_title: Type.String(),
      instagram_handle: Type.String(),
      note: Type.Union([Type.String(), Type.Null()]),
      created_at: Type.String(),
      handled_at: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  /** Mail kept in the outbox that was addressed to it or names it as Reply-To. */
  mail: Type.Array(OutboxMessageSchema),
  /** Delivery records of newsletter issues to the address (erased with the subscription). */
  newsletter_issues: Type.Array(PersonalDataIssueMailSchema),
  /** The staff account whose address this is (kept while the account exists). */
  staff_account: Type.Union([
    Type.Object({ username: Type.String(), role: Type.String(), created_at: Type.String() }),
    Type.Null(),
  ]),
  /** Staff invitations sent to the address. */
  staff_invitations: Type.Array(
    Type.Object({
      role: Type.String(),
      invited_by: Type.String(),
      created_at: Type.String(),
      expires_at: Type.String(),
      used_at: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type PersonalDataExport = Static<typeof PersonalDataExportSchema>;

/**
 * What an erase did. Entries of giveaways not yet drawn are deleted; entries of drawn giveaways
 * (the winner's among them) keep their place with a placeholder address and handle, so the draw's
 * entrant list and fingerprint stay whole.
 */
export const PersonalDataEraseResponseSchema = Type.Object({
  message: Type.String(),
  enquiries: Type.Integer(),
  subscriptions: Type.Integer(),
  giveaway_entries_deleted: Type.Integer(),
  giveaway_entries_anonymised: Type.Integer(),
  /** Prize claims whose delivery details were erased. */
  giveaway_claims: Type.Integer(),
  /** Reports of a taken Instagram handle sent from the address, erased. */
  giveaway_handle_reports: Type.Integer(),
  mail: Type.Integer(),
  /** Staff invitations sent to the address, erased. */
  staff_invitations: Type.Integer(),
  /** The staff account whose own address this is, which keeps it while the account exists. */
  staff_account: Type.Union([Type.String(), Type.Null()]),
});
export type PersonalDataEraseResponse = Static<typeof PersonalDataEraseResponseSchema>;
