import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings in both dialects, so they sort as text and
 * map to the API without conversion. Booleans are stored as integers 0/1 (SQLite has no boolean).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: 'admin' | 'editor';
  /** Bumped on logout and password change; tokens carry it and are refused when it differs. */
  token_version: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
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

export interface GiveawaysTable {
  id: Generated<number>;
  title: string;
  description: string;
  prize: string;
  prize_image: string | null;
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
}

export interface ParticipantsTable {
  id: Generated<number>;
  giveaway_id: number;
  /** Trimmed and lower-cased. */
  email: string;
  /** Without the leading @. */
  instagram_handle: string;
  created_at: string;
}

export interface GiveawayDrawsTable {
  giveaway_id: number;
  participant_id: number;
  entrant_count: number;
  fingerprint: string;
  drawn_index: number;
  drawn_by_user_id: number | null;
  drawn_by: string;
  drawn_at: string;
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
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface PublishJobsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  mode: 'build' | 'git';
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  log_tail: string;
  requested_by: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface Database {
  drafts: DraftsTable;
  publish_jobs: PublishJobsTable;
  giveaways: GiveawaysTable;
  participants: ParticipantsTable;
  giveaway_draws: GiveawayDrawsTable;
  users: UsersTable;
  contact_enquiries: ContactEnquiriesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_tokens: NewsletterTokensTable;
  outbox: OutboxTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
