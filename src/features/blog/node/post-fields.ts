import type { FrontMatterData, FrontMatterValue } from './front-matter';

/**
 * Front matter rules (documented for editors in src/features/blog/README.md):
 *
 * required  title, slug, description, date, category
 * optional  author, tags, excerpt, series + series_order (together), draft
 *
 * - slug: lowercase letters, digits and single hyphens; "new" is reserved for the editor screen.
 * - date: YYYY-MM-DD (a full ISO date-time is accepted too).
 * - tags: a list ([a, b]); a single value becomes a one-item list.
 * - series_order: a whole number from 1, required when series is set and refused without it.
 * - draft: true or false.
 * Any other key is refused, so a misspelt field is caught instead of silently ignored.
 */

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
}

export type FieldsResult = { ok: true; fields: PostFields } | { ok: false; errors: string[] };

const KNOWN_KEYS = new Set([
  'title',
  'slug',
  'description',
  'date',
  'category',
  'author',
  'tags',
  'excerpt',
  'series',
  'series_order',
  'draft',
]);
const REQUIRED_KEYS = ['title', 'slug', 'description', 'date', 'category'] as const;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RESERVED_SLUGS = new Set(['new']);
const DATE = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** The trimmed single value of a field, or undefined when it is absent, blank or a list. */
function scalar(value: FrontMatterValue | undefined): string | undefined {
  if (value === undefined || Array.isArray(value)) return undefined;
  return value.trim() || undefined;
}

export function parseDate(raw: string): string | null {
  const match = DATE.exec(raw);
  if (!match) return null;
  const iso = match[4] ? raw : `${raw}T00:00:00.000Z`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // Rejects dates that Date silently rolls over, such as 2025-02-30.
  if (!match[4] && date.toISOString().slice(0, 10) !== raw) return null;
  return date.toISOString();
}

export function readPostFields(data: FrontMatterData, filePath: string): FieldsResult {
  const errors: string[] = [];
  const fail = (field: string, problem: string) =>
    errors.push(`${filePath}: front matter field "${field}" ${problem}`);

  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.has(key)) {
      fail(key, `is not a known field; use one of ${[...KNOWN_KEYS].join(', ')}.`);
    }
  }
  for (const key of REQUIRED_KEYS) {
    const value = data[key];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
      fail(key, 'is required and missing or empty.');
    } else if (Array.isArray(value)) {
      fail(key, 'must be a single value, not a list.');
    }
  }

  const slug = scalar(data.slug);
  if (slug && !SLUG.test(slug)) {
    fail(
      'slug',
      `"${slug}" must use lowercase letters, digits and single hyphens only (for example "my-first-post").`,
    );
  } else if (slug && RESERVED_SLUGS.has(slug)) {
    fail('slug', `"${slug}" is reserved for a site page; choose another slug.`);
  }

  const rawDate = scalar(data.date);
  const date = rawDate ? parseDate(rawDate) : null;
  if (rawDate && !date) fail('date', `"${rawDate}" is not a valid date; write it as YYYY-MM-DD.`);

  const tagsValue = data.tags;
  const tags =
    tagsValue === undefined
      ? []
      : Array.isArray(tagsValue)
        ? tagsValue
        : tagsValue
          ? [tagsValue]
          : [];

  const series = scalar(data.series) ?? null;
  if (Array.isArray(data.series)) fail('series', 'must be a single value, not a list.');
  const rawOrder = data.series_order;
  let seriesOrder: number | null = null;
  if (rawOrder !== undefined) {
    if (Array.isArray(rawOrder) || !/^\d+$/.test(rawOrder) || Number(rawOrder) < 1) {
      fail('series_order', `must be a whole number from 1 (got "${String(rawOrder)}").`);
    } else {
      seriesOrder = Number(rawOrder);
    }
    if (!series)
      fail(
        'series_order',
        'is set but "series" is missing; add the series name or remove series_order.',
      );
  }
  if (series && rawOrder === undefined) {
    fail('series_order', `is required because the post belongs to the series "${series}".`);
  }

  const rawDraft = data.draft;
  if (rawDraft !== undefined && rawDraft !== 'true' && rawDraft !== 'false') {
    fail('draft', `must be true or false (got "${String(rawDraft)}").`);
  }
  const author = scalar(data.author) ?? null;
  const excerpt = scalar(data.excerpt) ?? null;
  if (Array.isArray(data.author)) fail('author', 'must be a single value, not a list.');
  if (Array.isArray(data.excerpt)) fail('excerpt', 'must be a single value, not a list.');

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    fields: {
      title: scalar(data.title) as string,
      slug: slug as string,
      description: scalar(data.description) as string,
      date: date as string,
      category: scalar(data.category) as string,
      author,
      tags,
      excerpt,
      series,
      seriesOrder,
      draft: rawDraft === 'true',
    },
  };
}

export interface CollectionEntry {
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
