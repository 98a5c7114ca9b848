import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from './form-fields';
import { PostSlugParamsSchema } from './drafts';
import { ItemList } from './pagination';

/** A newsletter issue and how far its sending has come. */
export const NewsletterIssueSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  subject: Type.String(),
  post_url: Type.String(),
  /** `sending` until every recipient is sent, failed or skipped; `cancelled` when stopped. */
  status: Type.Union([Type.Literal('sending'), Type.Literal('sent'), Type.Literal('cancelled')]),
  created_by: Type.String(),
  created_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  /** Confirmed subscribers when the issue was made. */
  recipients: Type.Integer(),
  queued: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  /** Unsubscribed (or erased) after the issue was made. */
  skipped: Type.Integer(),
  /** Not sent because the issue was cancelled. */
  cancelled: Type.Integer(),
});
export type NewsletterIssue = Static<typeof NewsletterIssueSchema>;

export const NewsletterIssueListResponseSchema = ItemList(NewsletterIssueSchema);
export type NewsletterIssueListResponse = Static<typeof NewsletterIssueListResponseSchema>;

const Slug = PostSlugParamsSchema.properties.slug;

/** `POST /newsletter/issues`: mail a published post to every confirmed subscriber. */
export const CreateNewsletterIssueRequestSchema = Type.Object(
  { slug: Slug },
  { additionalProperties: false },
);

/**
 * `POST /newsletter/issues/test`: the same mail to one address only; `to` defaults to the
 * address the caller's invitation went to.
 */
export const NewsletterTestRequestSchema = Type.Object(
  {
    slug: Slug,
    to: Type.Optional(Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH })),
  },
  { additionalProperties: false },
);

/** `GET /newsletter/issues/preview/:slug`: what "Email to subscribers" would send. */
export const NewsletterIssuePreviewSchema = Type.Object({
  slug: Type.String(),
  subject: Type.String(),
  post_url: Type.String(),
  /** Confirmed subscribers right now. */
  recipients: Type.Integer(),
  /** The caller's own address for a test, or null (then the test needs `to`). */
  test_address: Type.Union([Type.String(), Type.Null()]),
  /** The issue already made of this post (not cancelled), if any. */
  issue: Type.Union([NewsletterIssueSchema, Type.Null()]),
});
export type NewsletterIssuePreview = Static<typeof NewsletterIssuePreviewSchema>;
