/**
 * Blog post files: the front matter reader, the field rules and the writer. Shared by the Gatsby
 * build (src/features/blog/node) and the API's drafts, so a draft that validates always builds.
 *
 * The blog's own front matter reader. It understands exactly what SPEC §3 promises editors, so a
 * post means the same thing here as in the spec, whatever YAML would make of it:
 *
 * - the file must start with a `---` line, and the block ends at the next `---` line;
 * - each line is `key: value`; blank lines and lines starting with `#` are ignored;
 * - a value in matching single or double quotes is unquoted (so it may contain `:` or `#`);
 * - a value in square brackets becomes a list, split on commas, each item trimmed and unquoted.
 *
 * Values stay strings (or lists of strings); turning them into dates, numbers and booleans is the
 * validator's job, where the message can name the field.
 */

export type FrontMatterValue = string | string[];
export type FrontMatterData = Record<string, FrontMatterValue>;

export interface ParsedSource {
  data: FrontMatterData;
  /** The markdown after the closing `---` line. */
  body: string;
}

export class FrontMatterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrontMatterError';
  }
}

const FENCE = /^---[ \t]*$/;
const KEY_VALUE = /^([A-Za-z_][\w-]*)[ \t]*:(.*)$/;

export function unquote(raw: string): string {
  const value = raw.trim();
  if (value.length >= 2) {
    const first = value[0];
    const last = value[value.length - 1];
    if (first === '"' && last === '"') return value.slice(1, -1).replace(/\\(["\\])/g, '$1');
    if (first === "'" && last === "'") return value.slice(1, -1).replace(/''/g, "'");
  }
  return value;
}

export function parseValue(raw: string): FrontMatterValue {
  const value = raw.trim();
  if (value.startsWith('[') && value.endsWith(']')) {
    return value
      .slice(1, -1)
      .split(',')
      .map(unquote)
      .filter((item) => item.length > 0);
  }
  return unquote(value);
}

export function parseFrontMatter(source: string, filePath: string): ParsedSource {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.length === 0 || !FENCE.test(lines[0] ?? '')) {
    throw new FrontMatterError(
      `No frontmatter found in ${filePath}: the file must start with a line "---", then "key: value" lines, then "---".`,
    );
  }
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) {
    throw new FrontMatterError(
      `No frontmatter found in ${filePath}: the front matter block opened on line 1 is never closed with a "---" line.`,
    );
  }

  const data: FrontMatterData = {};
  for (let index = 1; index < end; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = KEY_VALUE.exec(line);
    if (!match) {
      const hint = line.trimStart().startsWith('-')
        ? ' Lists are written on one line as [first, second].'
        : ' Each line must look like "key: value".';
      throw new FrontMatterError(
        `Front matter line ${index + 1} of ${filePath} cannot be read: "${line.trim()}".${hint}`,
      );
    }
    const key = match[1] as string;
    if (Object.prototype.hasOwnProperty.call(data, key)) {
      throw new FrontMatterError(
        `Front matter of ${filePath} sets "${key}" twice (line ${index + 1}); keep one.`,
      );
    }
    data[key] = parseValue(match[2] ?? '');
  }

  return { data, body: lines.slice(end + 1).join('\n') };
}

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

export interface FieldProblem {
  field: string;
  problem: string;
}

export function readPostFields(data: FrontMatterData, filePath: string): FieldsResult {
  const result = checkPostFields(data);
  if (result.ok) return result;
  return {
    ok: false,
    errors: result.problems.map(
      ({ field, problem }) => `${filePath}: front matter field "${field}" ${problem}`,
    ),
  };
}

/** readPostFields with the problems kept per field, for forms that show them beside the input. */
export function checkPostFields(
  data: FrontMatterData,
): { ok: true; fields: PostFields } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const fail = (field: string, problem: string) => problems.push({ field, problem });

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

  if (problems.length > 0) return { ok: false, problems };
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

/** The fields an editor fills in for a post that is not published yet (the date is set on publish). */
export interface PostDraftFields {
  title: string;
  slug: string;
  description: string;
  category: string;
  author: string | null;
  tags: string[];
  series: string | null;
  series_order: number | null;
}

const PLAIN_LIST_ITEM = /^[A-Za-z0-9][\w.+-]*$/;

function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

function dateValue(iso: string): string {
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/**
 * Writes a post file exactly as an editor would commit it: the front matter block first (in the
 * order of the README, optional fields only when set), a blank line, then the markdown body.
 * Free text is always double-quoted so ":" or "#" in a title survive both this reader and YAML.
 */
export function serializePost(fields: PostFields, body: string): string {
  const lines = [
    '---',
    `title: ${quoted(fields.title)}`,
    `slug: ${fields.slug}`,
    `description: ${quoted(fields.description)}`,
    `date: ${dateValue(fields.date)}`,
    `category: ${fields.category}`,
  ];
  if (fields.author) lines.push(`author: ${quoted(fields.author)}`);
  if (fields.tags.length > 0) {
    const items = fields.tags.map((tag) => (PLAIN_LIST_ITEM.test(tag) ? tag : quoted(tag)));
    lines.push(`tags: [${items.join(', ')}]`);
  }
  if (fields.excerpt) lines.push(`excerpt: ${quoted(fields.excerpt)}`);
  if (fields.series) lines.push(`series: ${quoted(fields.series)}`);
  if (fields.seriesOrder !== null) lines.push(`series_order: ${fields.seriesOrder}`);
  if (fields.draft) lines.push('draft: true');
  lines.push('---', '');
  return `${lines.join('\n')}\n${body.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd()}\n`;
}

/**
 * Checks a draft with the build's own rules, plus what the file format cannot hold (line breaks
 * in a value, commas inside a tag), so that the file written on publish reads back the same.
 */
export function checkPostDraft(
  draft: PostDraftFields,
  date: string,
): { ok: true; fields: PostFields } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const single: [string, string | null][] = [
    ['title', draft.title],
    ['slug', draft.slug],
    ['description', draft.description],
    ['category', draft.category],
    ['author', draft.author],
    ['series', draft.series],
  ];
  for (const [field, value] of single) {
    if (value !== null && /[\r\n]/.test(value)) {
      problems.push({ field, problem: 'must be on a single line.' });
    }
  }
  for (const tag of draft.tags) {
    if (/[,\r\n[\]]/.test(tag)) {
      problems.push({
        field: 'tags',
        problem: `"${tag}" cannot contain commas, brackets or line breaks; split it into separate tags.`,
      });
    }
  }
  const data: FrontMatterData = {
    title: draft.title,
    slug: draft.slug,
    description: draft.description,
    date,
    category: draft.category,
    tags: draft.tags.map((tag) => tag.trim()).filter((tag) => tag.length > 0),
  };
  if (draft.author?.trim()) data.author = draft.author;
  if (draft.series?.trim()) data.series = draft.series;
  if (draft.series_order !== null) data.series_order = String(draft.series_order);
  const result = checkPostFields(data);
  if (!result.ok) problems.push(...result.problems);
  if (problems.length > 0 || !result.ok) return { ok: false, problems };
  return result;
}
