import { Type, type Static } from '@sinclair/typebox';
import { POST_LIMITS, SLUG_PATTERN } from './blog-post';
import { ItemList, Page } from './pagination';
import { PostPictureSchema } from './post-media';

/**
 * A blog post being written: the front matter an editor fills in plus the markdown body. The date
 * is not part of a draft; it is set to the day of publishing. Empty strings mean "not set yet":
 * a draft may be saved half-written, and `problems` lists what must be fixed before publishing.
 */
export const DraftWriteSchema = Type.Object(
  {
    title: Type.String({ maxLength: POST_LIMITS.title }),
    /** Empty or absent: derived from the title. */
    slug: Type.Optional(Type.String({ maxLength: POST_LIMITS.slug })),
    description: Type.String({ maxLength: POST_LIMITS.description }),
    category: Type.String({ maxLength: POST_LIMITS.category }),
    /** The byline shown on the post; empty for none. */
    author: Type.String({ maxLength: POST_LIMITS.author }),
    tags: Type.Array(Type.String({ maxLength: POST_LIMITS.tag }), { maxItems: POST_LIMITS.tags }),
    /** Empty for none; with a series, series_order is required. */
    series: Type.String({ maxLength: POST_LIMITS.series }),
    series_order: Type.Union([
      Type.Integer({ minimum: 1, maximum: POST_LIMITS.seriesOrder }),
      Type.Null(),
    ]),
    body: Type.String({ maxLength: POST_LIMITS.body }),
    /** The cover, `media/<file>` from an upload; empty or absent for none. */
    cover: Type.Optional(Type.String({ maxLength: 100 })),
    /** What the cover shows; required before publishing when there is a cover. */
    cover_alt: Type.Optional(Type.String({ maxLength: POST_LIMITS.coverAlt })),
  },
  { additionalProperties: false },
);
export type DraftWrite = Static<typeof DraftWriteSchema>;

const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });
export type FieldError = Static<typeof FieldErrorSchema>;

export const DraftSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  category: Type.String(),
  author: Type.String(),
  tags: Type.Array(Type.String()),
  series: Type.String(),
  series_order: Type.Union([Type.Integer(), Type.Null()]),
  body: Type.String(),
  /** The cover, `media/<file>`, or empty. */
  cover: Type.String(),
  cover_alt: Type.String(),
  /** Username of the account that created the draft. */
  created_by: Type.String(),
  /** Username of the account that saved it last (the session's, never sent by the client). */
  updated_by: Type.String(),
  /** ISO-8601 UTC. */
  created_at: Type.String(),
  updated_at: Type.String(),
  /** What must be fixed before the draft can be published; empty when it is ready. */
  problems: Type.Array(FieldErrorSchema),
  /**
   * The published post this draft edits (its slug, which stays), or null for a new post.
   * Publishing replaces that post's file and keeps its date.
   */
  replaces_slug: Type.Union([Type.String(), Type.Null()]),
});
export type Draft = Static<typeof DraftSchema>;

const DraftSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  category: Type.String(),
  created_by: Type.String(),
  updated_by: Type.String(),
  updated_at: Type.String(),
  ready: Type.Boolean(),
  replaces_slug: Type.Union([Type.String(), Type.Null()]),
});
export type DraftSummary = Static<typeof DraftSummarySchema>;

/** `GET /drafts?page=&per_page=`, last edited first. */
export const DraftListResponseSchema = Page(DraftSummarySchema);
export type DraftListResponse = Static<typeof DraftListResponseSchema>;

/**
 * A deleted draft, from the record every deletion writes: the draft's id, title and slug when it
 * was deleted, the account that started it, and who deleted it when.
 */
export const DraftDeletionSchema = Type.Object({
  id: Type.Integer(),
  draft_id: Type.Integer(),
  title: Type.String(),
  slug: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.String(),
  deleted_by: Type.String(),
  deleted_at: Type.String(),
});
export type DraftDeletion = Static<typeof DraftDeletionSchema>;

/** `GET /drafts/deletions`: the 20 latest deletions, newest first. */
export const DraftDeletionListResponseSchema = ItemList(DraftDeletionSchema);
export type DraftDeletionListResponse = Static<typeof DraftDeletionListResponseSchema>;

export const DraftIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const PublishJobStatusSchema = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
]);

const PublishActionSchema = Type.Union([
  Type.Literal('publish'),
  Type.Literal('replace'),
  Type.Literal('unpublish'),
]);
export type PublishAction = Static<typeof PublishActionSchema>;

/**
 * One change to the published posts: a new post (publish), an edited one (replace) or one taken
 * down (unpublish), with who asked for it and when, and in build mode the site rebuild. The jobs
 * are the record of who published or unpublished what.
 */
export const PublishJobSchema = Type.Object({
  id: Type.Integer(),
  action: PublishActionSchema,
  slug: Type.String(),
  title: Type.String(),
  /** `build`: file written and the site rebuilt here; `git`: file committed, no rebuild. */
  mode: Type.Union([Type.Literal('build'), Type.Literal('git')]),
  status: PublishJobStatusSchema,
  /** The last lines of the build's output, or why it failed. */
  log_tail: Type.String(),
  requested_by: Type.String(),
  created_at: Type.String(),
  started_at: Type.Union([Type.String(), Type.Null()]),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type PublishJob = Static<typeof PublishJobSchema>;

export const PublishJobListResponseSchema = ItemList(PublishJobSchema);
export type PublishJobListResponse = Static<typeof PublishJobListResponseSchema>;

/** `POST /drafts/preview`: a body as the editor has it now, compiled by the publishing pipeline. */
export const DraftPreviewRequestSchema = Type.Object(
  {
    body: Type.String({ maxLength: POST_LIMITS.body }),
    /** The draft's cover (`media/<file>`), drawn above the body when given. */
    cover: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type DraftPreviewRequest = Static<typeof DraftPreviewRequestSchema>;

const BodyProblemSchema = Type.Object({ line: Type.Integer(), message: Type.String() });
export type BodyProblem = Static<typeof BodyProblemSchema>;

export const DraftPreviewSchema = Type.Object({
  /** The body exactly as the built post page will show it (sanitised HTML). */
  html: Type.String(),
  headings: Type.Array(
    Type.Object({ level: Type.Integer(), text: Type.String(), id: Type.String() }),
  ),
  reading_time: Type.Integer(),
  word_count: Type.Integer(),
  /** Lines that keep the body from being published; html is empty when there are any. */
  problems: Type.Array(BodyProblemSchema),
  /** The cover as the page draws it, when the request named one that is stored. */
  cover: Type.Optional(Type.Union([PostPictureSchema, Type.Null()])),
});
export type DraftPreview = Static<typeof DraftPreviewSchema>;

export const PostSlugParamsSchema = Type.Object({
  slug: Type.String({ pattern: SLUG_PATTERN, maxLength: POST_LIMITS.slug }),
});

/** A post that is live (a file in content/blog/), with the last change made to it from the site. */
const PublishedPostSchema = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  /** ISO-8601 publication date from the front matter. */
  date: Type.String(),
  category: Type.String(),
  /** `md` posts can be edited and unpublished here; `mdx` posts only through git. */
  format: Type.Union([Type.Literal('md'), Type.Literal('mdx')]),
  /** The last publish/replace job for this slug, or null for a post committed through git. */
  last_change: Type.Union([PublishJobSchema, Type.Null()]),
  /** An open draft that edits this post, if any. */
  editing_draft_id: Type.Union([Type.Integer(), Type.Null()]),
  /** A publish, replace or unpublish for this post is queued or building. */
  pending: Type.Boolean(),
});
export type PublishedPost = Static<typeof PublishedPostSchema>;

export const PublishedPostListResponseSchema = ItemList(PublishedPostSchema);
export type PublishedPostListResponse = Static<typeof PublishedPostListResponseSchema>;

/**
 * `PUT /drafts/{id}/schedule`: when the draft publishes itself. A wall-clock time without an
 * offset ("2026-12-01T09:30") is read in the site's time zone; one with `Z` or an offset
 * ("2026-12-01T08:30:00Z") is that moment.
 */
export const DraftScheduleWriteSchema = Type.Object(
  { publish_at: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type DraftScheduleWrite = Static<typeof DraftScheduleWriteSchema>;

/** A draft waiting to publish itself. */
export const DraftScheduleSchema = Type.Object({
  draft_id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  replaces_slug: Type.Union([Type.String(), Type.Null()]),
  /** ISO-8601 UTC. */
  publish_at: Type.String(),
  /** The same moment on the site's clock, to the minute ("2026-12-01T09:30"). */
  local_time: Type.String(),
  scheduled_by: Type.String(),
  scheduled_at: Type.String(),
  /**
   * `waiting` until its time; `publishing` while a server process starts the publish; `failed`
   * when the publish was refused then (the draft stays, see `failure`).
   */
  status: Type.Union([Type.Literal('waiting'), Type.Literal('publishing'), Type.Literal('failed')]),
  failure: Type.Union([Type.String(), Type.Null()]),
});
export type DraftSchedule = Static<typeof DraftScheduleSchema>;

/** `GET|PUT /drafts/{id}/schedule`: the site's time zone and the draft's schedule, if any. */
export const DraftScheduleAnswerSchema = Type.Object({
  /** IANA name of the site's time zone (SITE_TIMEZONE), in which times are typed and shown. */
  time_zone: Type.String(),
  schedule: Type.Union([DraftScheduleSchema, Type.Null()]),
});
export type DraftScheduleAnswer = Static<typeof DraftScheduleAnswerSchema>;

/** `GET /drafts/scheduled`: every scheduled draft, soonest first. */
export const ScheduledDraftListResponseSchema = Type.Object({
  time_zone: Type.String(),
  items: Type.Array(DraftScheduleSchema),
});
export type ScheduledDraftListResponse = Static<typeof ScheduledDraftListResponseSchema>;
