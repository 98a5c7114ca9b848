import { Type, type Static } from '@sinclair/typebox';
import { Page } from './pagination';

/**
 * A message kept in the outbox instead of being sent: every message while SMTP_URL is unset,
 * and any message whose SMTP delivery failed.
 */
export const OutboxMessageSchema = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.Union([Type.String(), Type.Null()]),
  headers: Type.Record(Type.String(), Type.String()),
  /** Why it was kept: SMTP not configured, no recipient configured, or delivery failed. */
  reason: Type.Union([
    Type.Literal('no-smtp'),
    Type.Literal('no-recipient'),
    Type.Literal('smtp-failed'),
  ]),
  /** ISO-8601 UTC. */
  created_at: Type.String(),
});
export type OutboxMessage = Static<typeof OutboxMessageSchema>;

/** Admin-only `GET /outbox/?page=&per_page=`, newest first. */
export const OutboxListResponseSchema = Page(OutboxMessageSchema);
export type OutboxListResponse = Static<typeof OutboxListResponseSchema>;

/**
 * Public `GET /mail/status`: whether mail can leave this site now, i.e. a mail server (SMTP_URL)
 * is configured. Without one every message waits in the outbox, so features that need an
 * entrant to receive mail (confirmation by e-mail, a receipt or link sent again) are refused and
 * the site hides their offers.
 */
export const MailStatusResponseSchema = Type.Object({
  mail_available: Type.Boolean(),
});
export type MailStatusResponse = Static<typeof MailStatusResponseSchema>;
