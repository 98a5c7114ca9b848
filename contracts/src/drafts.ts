import { Type, type Static } from '@sinclair/typebox';
import { Page } from './pagination';

/**
 * A blog post being written: the front matter an editor fills in plus the markdown body. The date
 * is not part of a draft; it is set to the day of publishing. Empty strings mean "not set yet":
 * a draft may be saved half-written, and `problems` lists what must be fixed before publishing.
 */
export const DraftWriteSchema = Type.Object(
  {
    title: Type.String({ maxLength: 200 }),
    /** Empty or absent: derived from the title. */
    slug: Type.Optional(Type.String({ maxLength: 100 })),
    description: Type.String({ maxLength: 500 }),
    category: Type.String({ maxLength: 60 }),
    /** The byline shown on the post; empty for none. */
    author: Type.String({ maxLength: 100 }),
    tags: Type.Array(Type.String({ maxLength: 60 }), { maxItems: 20 }),
    /** Empty for none; with a series, series_order is required. */
    series: Type.String({ maxLength: 200 }),
    series_order: Type.Union([Type.Integer({ minimum: 1, maximum: 10_000 }), Type.Null()]),
    body: Type.String({ maxLength: 60_000 }),
  },
  { additionalProperties: false },
);
export type DraftWrite = Static<typeof DraftWriteSchema>;

export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });
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
  /** Username of the account that created the draft. */
  created_by: Type.String(),
  /** ISO-8601 UTC. */
  created_at: Type.String(),
  updated_at: Type.String(),
  /** What must be fixed before the draft can be published; empty when it is ready. */
  problems: Type.Array(FieldErrorSchema),
});
export type Draft = Static<typeof DraftSchema>;

export const DraftSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  category: Type.String(),
  created_by: Type.String(),
  updated_at: Type.String(),
  ready: Type.Boolean(),
});
export type DraftSummary = Static<typeof DraftSummarySchema>;

/** `GET /drafts?page=&per_page=`, last edited first. */
export const DraftListResponseSchema = Page(DraftSummarySchema);
export type DraftListResponse = Static<typeof DraftListResponseSchema>;

export const DraftIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type DraftIdParams = Static<typeof DraftIdParamsSchema>;

export const PublishJobStatusSchema = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
]);
export type PublishJobStatus = Static<typeof PublishJobStatusSchema>;

/** One publish: the file written (or committed) and, in build mode, the site rebuild. */
export const PublishJobSchema = Type.Object({
  id: Type.Integer(),
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

export const PublishJobListResponseSchema = Type.Object({ items: Type.Array(PublishJobSchema) });
export type PublishJobListResponse = Static<typeof PublishJobListResponseSchema>;
