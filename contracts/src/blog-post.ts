import { Type, type Static } from '@sinclair/typebox';
import { Value, ValueErrorType } from '@sinclair/typebox/value';

/**
 * The front matter of a blog post file (`content/blog/*.md`): the one schema that the Gatsby
 * build, the drafts API and the editor all check posts against.
 *
 * Files are read as YAML with the failsafe schema (see @site/pipeline's post reader), so every
 * scalar arrives as the exact text the author typed; this schema says what that text may be, and
 * `checkPostFields` turns it into typed fields with one sentence per problem that names the field.
 */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
/** YYYY-MM-DD, or a full ISO date-time with an optional zone. */
const DATE_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})?)?$';

export const POST_LIMITS = {
  title: 200,
  slug: 100,
  description: 500,
  category: 60,
  author: 100,
  tag: 60,
  tags: 20,
  series: 200,
  excerpt: 500,
  coverAlt: 300,
  /** The highest part number of a series. */
  seriesOrder: 9999,
  body: 60_000,
} as const;

/** A post's own picture as front matter names it (the pipeline's OWN_MEDIA_FILE after `media/`). */
export const COVER_PATTERN = '^media/[a-z0-9][a-z0-9-]{0,80}\\.(?:jpg|png)$';

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const PostFrontMatterSchema = Type.Object(
  {
    title: text(POST_LIMITS.title),
    slug: Type.String({ pattern: SLUG_PATTERN, maxLength: POST_LIMITS.slug }),
    description: text(POST_LIMITS.description),
    date: Type.String({ pattern: DATE_PATTERN }),
    category: text(POST_LIMITS.category),
    author: Type.Optional(text(POST_LIMITS.author)),
    /** A list; a single value is read as a one-item list. */
    tags: Type.Optional(
      Type.Union([
        text(POST_LIMITS.tag),
        Type.Array(text(POST_LIMITS.tag), { maxItems: POST_LIMITS.tags }),
      ]),
    ),
    excerpt: Type.Optional(text(POST_LIMITS.excerpt)),
    series: Type.Optional(text(POST_LIMITS.series)),
    series_order: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$' })),
    draft: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    /** The post's cover: one of its own pictures, `media/<file>` (content/blog-media/<slug>/). */
    cover: Type.Optional(Type.String({ pattern: COVER_PATTERN })),
    /** What the cover shows, for people who cannot see it; required with a cover. */
    cover_alt: Type.Optional(text(POST_LIMITS.coverAlt)),
  },
  { additionalProperties: false },
);
type PostFrontMatter = Static<typeof PostFrontMatterSchema>;

/** What the front matter means once checked. */
export interface PostFields {
  title: string;
  slug: string;
  description: string;
  /** ISO 8601, UTC midnight for a plain date. */
  date: string;
  category: string;
  author: string | null;
  tags: string[];
  excerpt: string | null;
  series: string | null;
  seriesOrder: number | null;
  draft: boolean;
  /** `media/<file>` or null; coverAlt is set whenever cover is. */
  cover: string | null;
  coverAlt: string | null;
}

export interface FieldProblem {
  field: string;
  problem: string;
}

type FieldsCheck = { ok: true; fields: PostFields } | { ok: false; problems: FieldProblem[] };

const KNOWN_KEYS = Object.keys(PostFrontMatterSchema.properties);
const REQUIRED_KEYS = PostFrontMatterSchema.required ?? [];
/** Slugs the site itself uses under /blog/. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['new']);

/** The sentence for one schema error at a top-level field (or an item of the tags list). */
function describe(field: string, type: ValueErrorType, value: unknown): string {
  const shown = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  if (value === null || value === undefined || value === '') {
    return 'is required and missing or empty.';
  }
  switch (field) {
    case 'slug':
      if (type === ValueErrorType.StringMaxLength) {
        return `must be at most ${POST_LIMITS.slug} characters.`;
      }
      return `${shown} must use lowercase letters, digits and single hyphens only (for example "my-first-post").`;
    case 'date':
      return `${shown} is not a valid date; write it as YYYY-MM-DD.`;
    case 'series_order':
      return `must be a whole number from 1 to ${POST_LIMITS.seriesOrder} (got ${shown}).`;
    case 'draft':
      return `must be true or false (got ${shown}).`;
    case 'cover':
      return `${shown} must name one of the post's own pictures, as media/<file>.jpg or .png (upload it in the editor).`;
    case 'tags':
      if (Array.isArray(value) && value.length > POST_LIMITS.tags) {
        return `has ${value.length} tags; at most ${POST_LIMITS.tags} are allowed.`;
      }
      return `must be a list of short texts, each at most ${POST_LIMITS.tag} characters (for example [agents, security]).`;
    default:
      break;
  }
  if (type === ValueErrorType.StringMaxLength && typeof value === 'string') {
    const limit = POST_LIMITS[field as keyof typeof POST_LIMITS];
    return `is ${value.length} characters long; at most ${limit} are allowed.`;
  }
  if (typeof value !== 'string') return 'must be a single line of text, not a list or a mapping.';
  return `${shown} is not allowed here.`;
}

/** "2025-02-30" passes the pattern but is no date; this catches what Date would roll over. */
function parseDate(raw: string): string | null {
  if (!new RegExp(DATE_PATTERN).test(raw)) return null;
  const plain = raw.length === 10;
  const date = new Date(plain ? `${raw}T00:00:00.000Z` : raw);
  if (Number.isNaN(date.getTime())) return null;
  if (plain && date.toISOString().slice(0, 10) !== raw) return null;
  return date.toISOString();
}

/**
 * Checks front matter as read from a file (YAML failsafe values: strings, lists, mappings) and
 * returns the typed fields, or every problem with the field it belongs to.
 */
export function checkPostFields(data: unknown): FieldsCheck {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return {
      ok: false,
      problems: [{ field: 'front matter', problem: 'must be a list of "key: value" lines.' }],
    };
  }
  const record = data as Record<string, unknown>;
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const fail = (field: string, problem: string) => {
    if (seen.has(field)) return;
    seen.add(field);
    problems.push({ field, problem });
  };

  for (const key of Object.keys(record)) {
    if (!KNOWN_KEYS.includes(key)) {
      fail(key, `is not a known field; use one of ${KNOWN_KEYS.join(', ')}.`);
    }
  }
  for (const key of REQUIRED_KEYS) {
    const value = record[key];
    if (value === undefined || value === null || value === '') {
      fail(key, 'is required and missing or empty.');
    }
  }
  for (const error of Value.Errors(PostFrontMatterSchema, record)) {
    const field = error.path.split('/')[1];
    if (!field || !KNOWN_KEYS.includes(field)) continue;
    fail(field, describe(field, error.type, record[field]));
  }

  const slug = record.slug;
  if (typeof slug === 'string' && RESERVED_SLUGS.has(slug)) {
    fail('slug', `"${slug}" is reserved for a site page; choose another slug.`);
  }
  const rawDate = record.date;
  const date = typeof rawDate === 'string' ? parseDate(rawDate) : null;
  if (typeof rawDate === 'string' && !date) {
    fail('date', `"${rawDate}" is not a valid date; write it as YYYY-MM-DD.`);
  }
  const series = record.series;
  const order = record.series_order;
  if (order !== undefined && order !== null && (series === undefined || series === null)) {
    fail(
      'series_order',
      'is set but "series" is missing; add the series name or remove series_order.',
    );
  }
  if (typeof series === 'string' && series !== '' && (order === undefined || order === null)) {
    fail('series_order', `is required because the post belongs to the series "${series}".`);
  }
  const cover = record.cover;
  const coverAlt = record.cover_alt;
  if (typeof cover === 'string' && cover !== '' && (coverAlt === undefined || coverAlt === null)) {
    fail('cover_alt', 'is required with a cover: say what the picture shows.');
  }
  if (coverAlt !== undefined && coverAlt !== null && (cover === undefined || cover === null)) {
    fail('cover_alt', 'is set but there is no cover; add the cover or remove cover_alt.');
  }
  for (const field of [
    'title',
    'description',
    'author',
    'series',
    'excerpt',
    'cover_alt',
  ] as const) {
    const value = record[field];
    if (typeof value === 'string' && value !== value.trim()) {
      fail(field, 'must not start or end with spaces.');
    }
  }

  if (problems.length > 0) return { ok: false, problems };
  const fields = record as PostFrontMatter;
  const tags =
    fields.tags === undefined ? [] : Array.isArray(fields.tags) ? fields.tags : [fields.tags];
  return {
    ok: true,
    fields: {
      title: fields.title,
      slug: fields.slug,
      description: fields.description,
      date: date as string,
      category: fields.category,
      author: fields.author ?? null,
      tags,
      excerpt: fields.excerpt ?? null,
      series: fields.series ?? null,
      seriesOrder: fields.series_order === undefined ? null : Number(fields.series_order),
      draft: fields.draft === 'true',
      cover: fields.cover ?? null,
      coverAlt: fields.cover_alt ?? null,
    },
  };
}

/** The front matter a file would carry for these fields: the inverse of checkPostFields. */
export function toFrontMatter(fields: PostFields): PostFrontMatter {
  const data: PostFrontMatter = {
    title: fields.title,
    slug: fields.slug,
    description: fields.description,
    date: fields.date.endsWith('T00:00:00.000Z') ? fields.date.slice(0, 10) : fields.date,
    category: fields.category,
  };
  if (fields.author) data.author = fields.author;
  if (fields.tags.length > 0) data.tags = [...fields.tags];
  if (fields.excerpt) data.excerpt = fields.excerpt;
  if (fields.series) data.series = fields.series;
  if (fields.seriesOrder !== null) data.series_order = String(fields.seriesOrder);
  if (fields.draft) data.draft = 'true';
  if (fields.cover) {
    data.cover = fields.cover;
    data.cover_alt = fields.coverAlt ?? '';
  }
  return data;
}

interface CollectionEntry {
  filePath: string;
  slug: string;
  category: string;
  series: string | null;
  seriesOrder: number | null;
}

/** Checks that need every post at once: known categories, unique slugs, unique series positions. */
export function findCollectionErrors(
  posts: readonly CollectionEntry[],
  categoryNames: readonly string[],
): string[] {
  const errors: string[] = [];
  const known = new Set(categoryNames);
  const bySlug = new Map<string, string>();
  const bySeriesOrder = new Map<string, string>();

  for (const post of [...posts].sort((a, b) => a.filePath.localeCompare(b.filePath))) {
    if (!known.has(post.category)) {
      errors.push(
        `${post.filePath}: front matter field "category" is "${post.category}", which is not in content/categories.yaml (known: ${[...known].join(', ') || 'none'}).`,
      );
    }
    const other = bySlug.get(post.slug);
    if (other) {
      errors.push(
        `${post.filePath}: front matter field "slug" is "${post.slug}", already used by ${other}; slugs must be unique.`,
      );
    } else {
      bySlug.set(post.slug, post.filePath);
    }
    if (post.series && post.seriesOrder !== null) {
      const key = `${post.series}\u0000${post.seriesOrder}`;
      const sibling = bySeriesOrder.get(key);
      if (sibling) {
        errors.push(
          `${post.filePath}: front matter field "series_order" is ${post.seriesOrder}, already used in the series "${post.series}" by ${sibling}.`,
        );
      } else {
        bySeriesOrder.set(key, post.filePath);
      }
    }
  }
  return errors;
}

/** Drafts exist only while developing; a production build leaves them out of everything. */
export function isBuilt(post: { draft: boolean }, mode: 'development' | 'production'): boolean {
  return mode === 'development' || !post.draft;
}

/** The fields an editor fills in for a post that is not published yet (the date is set on publish). */
interface PostDraftFields {
  title: string;
  slug: string;
  description: string;
  category: string;
  author: string | null;
  tags: string[];
  series: string | null;
  series_order: number | null;
  /** Empty or absent: no cover. */
  cover?: string;
  cover_alt?: string;
}

/**
 * Checks a draft with the files' own rules (the date is the day it would be published), plus what
 * a front matter line cannot hold: line breaks in a value.
 */
export function checkPostDraft(draft: PostDraftFields, date: string): FieldsCheck {
  const problems: FieldProblem[] = [];
  const single: [string, string | null][] = [
    ['title', draft.title],
    ['slug', draft.slug],
    ['description', draft.description],
    ['category', draft.category],
    ['author', draft.author],
    ['series', draft.series],
    ['cover_alt', draft.cover_alt ?? null],
  ];
  for (const [field, value] of single) {
    if (value !== null && /[\r\n]/.test(value)) {
      problems.push({ field, problem: 'must be on a single line.' });
    }
  }
  for (const tag of draft.tags) {
    if (/[\r\n]/.test(tag)) {
      problems.push({ field: 'tags', problem: `"${tag}" must be on a single line.` });
    }
  }
  const data: Record<string, unknown> = {
    title: draft.title.trim(),
    slug: draft.slug.trim(),
    description: draft.description.trim(),
    date,
    category: draft.category.trim(),
  };
  const tags = draft.tags.map((tag) => tag.trim()).filter((tag) => tag.length > 0);
  if (tags.length > 0) data.tags = tags;
  if (draft.author?.trim()) data.author = draft.author.trim();
  if (draft.series?.trim()) data.series = draft.series.trim();
  if (draft.series_order !== null) data.series_order = String(draft.series_order);
  if (draft.cover?.trim()) {
    data.cover = draft.cover.trim();
    // An empty description of the cover is listed under "Before publishing".
    data.cover_alt = draft.cover_alt?.trim() ?? '';
  }
  const result = checkPostFields(data);
  if (!result.ok) problems.push(...result.problems);
  if (problems.length > 0 || !result.ok) return { ok: false, problems };
  return result;
}
