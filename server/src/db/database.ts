import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings in both dialects, so they sort as text and
 * map to the API without conversion. Booleans are stored as integers 0/1 (SQLite has no boolean).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: 'admin' | 'editor';
  created_at: string;
  updated_at: string;
  /** Set by each successful login; null until the first. */
  last_login_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where the invitation went (null for accounts made on the command line). */
  email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A single-use link that lets its holder create a staff account with the given role. */
export interface StaffInvitationsTable {
  id: Generated<number>;
  email: string;
  role: 'admin' | 'editor';
  /** Hex SHA-256 of the token; the token itself exists only in the e-mail. */
  token_hash: string;
  /** Username of the admin who sent it. */
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The username the invitation created. */
  used_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One login: the token names it, and deleting the row ends that token at once. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  /** Updated at most once a minute, so busy sessions do not write on every request. */
  last_used_at: string;
  expires_at: string;
  /** As the browser or client sent it at login, cut to 300 characters. */
  user_agent: string;
}

export interface ContactEnquiriesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  /** One of the contract's ContactService values ('' for none). */
  service: string;
  created_at: string;
  /** When an admin marked it read; null while it is unread. */
  read_at: string | null;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  consent_at: string;
  consent_source: string;
  consent_text: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** When the last confirmation mail went out (the resend cool-down). */
  confirm_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the last unsubscribe link asked for by address went out. */
  unsubscribe_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface NewsletterTokensTable {
  id: Generated<number>;
  subscriber_id: number;
  purpose: 'confirm' | 'unsubscribe';
  /** Hex SHA-256 of the token; the token itself exists only in the e-mail. */
  token_hash: string;
  /** Null for tokens that do not expire (unsubscribe links). */
  expires_at: string | null;
  used_at: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON object of extra headers. */
  headers: string;
  reason: 'no-smtp' | 'no-recipient' | 'smtp-failed';
  created_at: string;
}

/**
 * A kept mail as it is delivered, with the recipient's own links, when the outbox row shows them
 * redacted. Read only by the operator's command line (`npm run outbox`).
 */
export interface OutboxSealedTable {
  outbox_id: number;
  text_body: string;
  html_body: string | null;
  /** JSON object of extra headers. */
  headers: string;
}

/** One address that a kept mail's extra headers name (e.g. Reply-To), normalised. */
export interface OutboxAddressesTable {
  outbox_id: number;
  address: string;
}

export interface NewsletterIssuesTable {
  id: Generated<number>;
  slug: string;
  subject: string;
  post_url: string;
  /** Bodies with UNSUBSCRIBE_PLACEHOLDER where each recipient's own link goes. */
  html_body: string;
  text_body: string;
  status: 'sending' | 'sent' | 'cancelled';
  recipient_count: number;
  created_by: string;
  created_at: string;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export type RecipientState = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled';

export interface NewsletterIssueRecipientsTable {
  id: Generated<number>;
  issue_id: number;
  subscriber_id: number;
  email: string;
  state: RecipientState;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claim: ColumnType<string | null, string | null | undefined, string | null>;
  lease_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why it failed or was skipped, or the last temporary error while queued for a retry. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: string;
}

export interface GiveawaysTable {
  id: Generated<number>;
  title: string;
  description: string;
  prize: string;
  /** The address the prize picture was fetched from (or is still to be fetched from); null for an upload. */
  prize_image: string | null;
  /** The stored prize picture (images.id); null when there is none yet. */
  prize_image_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Background tries to fetch `prize_image` for a giveaway that had only the address. */
  prize_image_attempts: ColumnType<number, number | undefined, number>;
  /** YYYY-MM-DD in the site's time zone. */
  start_date: string;
  end_date: string | null;
  max_participants: number | null;
  /** The admin's Stop/Start Accepting switch, 0/1. */
  is_accepting: ColumnType<number, number | undefined, number>;
  participant_count: ColumnType<number, number | undefined, number>;
  winner_id: ColumnType<number | null, number | null | undefined, number | null>;
  winner_selected_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  /** Rules: minimum age, region ('' for anywhere), claim period, external randomness, terms. */
  min_age: number;
  region: string;
  claim_days: number;
  external_randomness: string | null;
  extra_terms: string;
  /** The current version in giveaway_rules. */
  rules_version: ColumnType<number, number | undefined, number>;
  /** SHA-256 hex of the seed's text (the seed itself is in giveaway_seeds); null for legacy. */
  commitment: string | null;
  committed_at: string | null;
  /** Set once, when entries close: the list in giveaway_frozen_entries can no longer change. */
  frozen_at: ColumnType<string | null, string | null | undefined, string | null>;
  frozen_reason: ColumnType<
    FrozenReason | null,
    FrozenReason | null | undefined,
    FrozenReason | null
  >;
  frozen_count: ColumnType<number | null, number | null | undefined, number | null>;
  frozen_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  /** The round in giveaway_draw_rounds that named the current winner. */
  draw_round: ColumnType<number | null, number | null | undefined, number | null>;
  archived: ColumnType<number, number | undefined, number>;
  /** How many distinct entries one draw picks (1–100). */
  winner_count: ColumnType<number, number | undefined, number>;
  /** The most bonus entries one entrant can earn by referrals; 0 turns referrals off. */
  referral_cap: ColumnType<number, number | undefined, number>;
  /** 1 when an entry counts only once its address is confirmed through a mailed link. */
  confirm_entries: ColumnType<number, number | undefined, number>;
  algorithm: ColumnType<DrawAlgorithm, DrawAlgorithm | undefined, DrawAlgorithm>;
}

export type FrozenReason = 'ended' | 'full' | 'stopped' | 'drawn';
export type DrawAlgorithm = 'aw-draw-v1' | 'aw-draw-v2' | 'legacy';

export interface GiveawaySeedsTable {
  giveaway_id: number;
  /** 64 hex characters; revealed by the first draw. */
  seed: string;
}

/** The seed of a re-draw: committed when the round before it is drawn, revealed by its own. */
export interface GiveawayRoundSeedsTable {
  giveaway_id: number;
  /** The round this seed is for (2 or more). */
  round: number;
  /** 64 hex characters; secret until its round is drawn. */
  seed: string;
  /** SHA-256 hex of the seed's text, public from committed_at. */
  commitment: string;
  committed_at: string;
}

export interface GiveawayRulesTable {
  giveaway_id: number;
  version: number;
  /** JSON array of {heading, text}. */
  sections: string;
  created_at: string;
}

export interface GiveawayFrozenEntriesTable {
  giveaway_id: number;
  position: number;
  receipt_hash: string;
  /** Null once the entrant's data was erased; the line stays. */
  participant_id: number | null;
  /** 1 + the entry's bonus entries when the list was frozen (always 1 for "aw-draw-v1"). */
  weight: ColumnType<number, number | undefined, number>;
}

export interface GiveawayDrawRoundsTable {
  giveaway_id: number;
  round: number;
  algorithm: DrawAlgorithm;
  participant_id: number | null;
  position: number;
  eligible_count: number;
  counter: number | null;
  external_value: string | null;
  fingerprint: string;
  receipt_hash: string | null;
  reason: string | null;
  claim_token_hash: string | null;
  claim_deadline: string | null;
  claimed_at: string | null;
  drawn_by_user_id: number | null;
  drawn_by: string;
  drawn_at: string;
  /** The winner's place this round filled: 1 … winner_count. */
  place: ColumnType<number, number | undefined, number>;
}

export interface GiveawayChangesTable {
  id: Generated<number>;
  giveaway_id: number;
  at: string;
  actor_user_id: number | null;
  actor: string;
  action: string;
  summary: string;
  /** JSON array of {field, before, after}. */
  fields: string;
}

export interface ParticipantsTable {
  id: Generated<number>;
  giveaway_id: number;
  /** Trimmed and lower-cased. */
  email: string;
  /**
   * The address's mailbox (`mailboxOf`), unique per giveaway among entries that count; null
   * only in rows written before migration 103 (which fills them).
   */
  mailbox: ColumnType<string | null, string | undefined, string>;
  /** Without the leading @. */
  instagram_handle: string;
  created_at: string;
  /** SHA-256 hex of the receipt code (the code itself is only given to the entrant). */
  receipt_hash: string;
  /** The rules version accepted; null for entries made before rules existed. */
  rules_version: number | null;
  /** Set when the owner disqualified the entry: it left the count, the frozen list and the draw. */
  disqualified_at: ColumnType<string | null, string | null | undefined, string | null>;
  disqualified_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bonus entries earned by referrals: the entry's weight in the draw is 1 + bonus_entries. */
  bonus_entries: ColumnType<number, number | undefined, number>;
  /** The code in the entrant's personal link to share (unique). */
  referral_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** The entry whose link brought this entrant; never public. */
  referred_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the address was confirmed; null while unconfirmed. */
  confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 hex of the confirmation link's token (unique index, migration 096). */
  confirm_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an unconfirmed entry expires. */
  confirm_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Keyed digests (server secret and giveaway id) of the client's network (IPv4 /24, IPv6 /48)
   * and of its user agent at entry, for the desk's flags; null before migration 170 and once erased.
   */
  network_hash: ColumnType<string | null, string | null | undefined, string | null>;
  agent_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the entrant asked for the results mail ("Tell me the results"); 0 otherwise. */
  results_consent: ColumnType<number, number | undefined, number>;
}

/** A giveaway whose results mail was sent (once: the primary key). */
export interface GiveawayResultsMailsTable {
  giveaway_id: number;
  created_at: string;
  created_by: string;
  recipients: number;
}

/** One results mail to one entrant, queued for the newsletter's sender. */
export interface GiveawayResultsRecipientsTable {
  id: Generated<number>;
  giveaway_id: number;
  participant_id: number | null;
  email: string;
  state: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  claim: string | null;
  lease_until: string | null;
  /** SHA-256 hex of the recipient's unsubscribe token, set when the mail is sent. */
  unsubscribe_hash: string | null;
  reason: string | null;
  sent_at: string | null;
  updated_at: string;
}

/** The public record of a disqualification: when, how many entries and why, never who. */
export interface GiveawayRemovalsTable {
  id: Generated<number>;
  giveaway_id: number;
  at: string;
  count: number;
  reason: string;
  /** The round whose winner was disqualified and drawn again at once; null before the draw. */
  round: number | null;
}

/** What the winner gave for delivery when claiming; private, exported and erased with their data. */
export interface GiveawayClaimsTable {
  giveaway_id: number;
  round: number;
  participant_id: number | null;
  full_name: string;
  delivery_address: string;
  /** When the winner agreed that these details are used to deliver the prize. */
  consent_at: string;
}

/**
 * Someone saying an entry of a giveaway was made with their Instagram handle; shown on the desk
 * with the entries holding that handle until the owner marks it handled.
 */
export interface GiveawayHandleReportsTable {
  id: Generated<number>;
  giveaway_id: number;
  /** Without the leading @. */
  instagram_handle: string;
  /** The reporter's address, trimmed and lower-cased. */
  email: string;
  note: string | null;
  created_at: string;
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The admin who marked it handled. */
  handled_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DraftsTable {
  id: Generated<number>;
  title: string;
  slug: string | null;
  description: string;
  category: string;
  author: string;
  /** JSON array of strings. */
  tags: string;
  series: string;
  series_order: number | null;
  body: string;
  /** The cover as `media/<file>` and what it shows; empty for none (migration 180). */
  cover: ColumnType<string, string | undefined, string>;
  cover_alt: ColumnType<string, string | undefined, string>;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** Who last saved the draft (null only for drafts saved before this was recorded). */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The published post this draft edits (slug and ISO date kept on publish), or null. */
  replaces_slug: string | null;
  replaces_date: string | null;
}

/** The change counter of a scope of drawn giveaway pages (migration 111). */
export interface GiveawayPageVersionsTable {
  /** `list`, `giveaway:<id>` or `all`. */
  scope: string;
  version: number;
}

/** A deleted draft: what it was, whose, and who deleted it when (migration 110). */
export interface DraftDeletionsTable {
  id: Generated<number>;
  draft_id: number;
  title: string;
  slug: string | null;
  /** The account that started the draft. */
  created_by: string;
  deleted_by: string;
  deleted_at: string;
}

/** A draft set to publish itself at `publish_at` (ISO UTC); see migration 130. */
export interface DraftSchedulesTable {
  draft_id: number;
  publish_at: string;
  scheduled_by: string;
  scheduled_at: string;
  /** When a server process took the due publish on; null while waiting. */
  claimed_at: string | null;
  /** Why the due publish was refused; null unless it was. */
  failure: string | null;
}

/** A network an account has logged in from (keyed digest); see migration 082. */
export interface LoginAddressesTable {
  user_id: number;
  address_key: string;
  last_login_at: string;
}

export interface PublishJobsTable {
  id: Generated<number>;
  action: 'publish' | 'replace' | 'unpublish';
  /** The post's file name in content/blog/. */
  file: string;
  slug: string;
  title: string;
  mode: 'build' | 'git';
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  log_tail: string;
  requested_by: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The post file this job writes; null for an unpublish. */
  content: string | null;
  /** The file as it was before the job was applied (replace, unpublish), to undo a failed build. */
  previous: string | null;
  /** JSON of the draft row the job came from, returned to the editor if the build fails. */
  draft: string | null;
}

/** One window of the mail limits (see services/mail-limits.ts) when there is no Redis. */
export interface MailLimitsTable {
  /** What is counted: an entry's or enquiry's cool-down, or a hashed mailbox's hour or day. */
  key: string;
  uses: number;
  /** When the window ends and its uses are forgotten. */
  resets_at: string;
}

/** One stored picture: its widths in each format live under DATA_DIR/media/<key>/. */
export interface ImagesTable {
  id: Generated<number>;
  key: string;
  /** Of the largest stored width. */
  width: number;
  height: number;
  /** JSON array of widths, smallest first. */
  widths: string;
  /** JSON array of file extensions, best first (e.g. ["avif","webp","jpg"]). */
  formats: string;
  /** A data: address of a tiny blurred copy. */
  placeholder: string;
  source_bytes: number;
  /** The format the bytes were recognised as (jpeg, png, webp, gif, avif). */
  source_type: string;
  source_url: string | null;
  created_at: string;
}

/**
 * The site's Instagram connection (at most one row, id 1). The access token is kept only sealed
 * (services/instagram/token.ts), bound to this row; dates are ISO 8601 UTC.
 */
export interface InstagramConnectionTable {
  id: number;
  login: 'instagram' | 'facebook';
  /** The Instagram professional account's id on the platform. */
  account_id: string;
  username: string;
  /** The Facebook Page the account is linked to (Facebook Login only). */
  page_id: string | null;
  sealed_token: string;
  token_obtained_at: string;
  /** Null for a token that does not expire. */
  token_expires_at: string | null;
  /** The username of the admin who connected the account. */
  connected_by: string;
  connected_at: string;
  /** The last renewal attempt, and its failure (null when it succeeded). */
  last_refresh_at: string | null;
  last_refresh_error: string | null;
  updated_at: string;
}

export interface Database {
  instagram_connection: InstagramConnectionTable;
  mail_limits: MailLimitsTable;
  images: ImagesTable;
  drafts: DraftsTable;
  draft_deletions: DraftDeletionsTable;
  draft_schedules: DraftSchedulesTable;
  giveaway_page_versions: GiveawayPageVersionsTable;
  publish_jobs: PublishJobsTable;
  giveaways: GiveawaysTable;
  participants: ParticipantsTable;
  giveaway_results_mails: GiveawayResultsMailsTable;
  giveaway_results_recipients: GiveawayResultsRecipientsTable;
  giveaway_seeds: GiveawaySeedsTable;
  giveaway_round_seeds: GiveawayRoundSeedsTable;
  giveaway_rules: GiveawayRulesTable;
  giveaway_frozen_entries: GiveawayFrozenEntriesTable;
  giveaway_draw_rounds: GiveawayDrawRoundsTable;
  giveaway_changes: GiveawayChangesTable;
  giveaway_removals: GiveawayRemovalsTable;
  giveaway_claims: GiveawayClaimsTable;
  giveaway_handle_reports: GiveawayHandleReportsTable;
  users: UsersTable;
  staff_invitations: StaffInvitationsTable;
  sessions: SessionsTable;
  contact_enquiries: ContactEnquiriesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  login_addresses: LoginAddressesTable;
  newsletter_tokens: NewsletterTokensTable;
  outbox: OutboxTable;
  outbox_sealed: OutboxSealedTable;
  outbox_addresses: OutboxAddressesTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_issue_recipients: NewsletterIssueRecipientsTable;
}

export type User = Selectable<UsersTable>;
