import type { Insertable, Kysely, Selectable } from 'kysely';
import {
  checkPostDraft,
  RESERVED_SLUGS,
  type Draft,
  type DraftSummary,
  type DraftWrite,
  type FieldError,
  type PostFields,
} from '@site/contracts';
import {
  checkBody,
  collectImages,
  CompileError,
  type Compiled,
  normaliseBody,
  readPostFile,
  writePostFile,
} from '@site/pipeline';
import type { Database, DraftsTable } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import { paginate } from '../../lib/pagination';
import { readCategoryNames, readPublishedFiles, readPublishedSlugs } from '../posts/store';

/** A draft the API refuses, with the problems per field (400) or a slug already taken (409). */
export class DraftRejected extends Error {
  constructor(
    public readonly statusCode: 400 | 409,
    message: string,
    public readonly errors: FieldError[],
  ) {
    super(message);
    this.name = 'DraftRejected';
  }
}

const MAX_SLUG = 80;

/** "Agents: a 2026 Field Guide!" → "agents-a-2026-field-guide". */
function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
}

interface Context {
  db: Kysely<Database>;
  contentDir: string;
  /** YYYY-MM-DD in the site's time zone: the date a post published now would carry. */
  today: string;
  /** The pipeline's compileMarkdown, run off the event loop with a time limit (app.compiler). */
  compile: (body: string) => Promise<Compiled>;
  /** DATA_DIR/post-media/: the editor's uploads, copied into the post's folder on publish. */
  uploadsDir?: string;
}

type DraftRow = Selectable<DraftsTable>;

function problem(field: string, message: string): FieldError {
  return { field, message };
}

/** Body lines a file could not carry faithfully, as field errors that name the line. */
function bodyProblems(body: string): FieldError[] {
  return checkBody(body).map((p) => problem('body', `line ${p.line} ${p.message}`));
}

/**
 * Pictures without a description: each is listed under "Before publishing", so a post never goes
 * out with an image that says nothing to a screen reader. Only bodies with an image are parsed
 * (after the nesting check, which keeps the parser's depth bounded).
 */
function pictureProblems(body: string): FieldError[] {
  if (!body.includes('![')) return [];
  return collectImages(body)
    .filter((image) => image.alt.trim() === '')
    .map((image) =>
      problem(
        'body',
        `line ${image.line}: the picture ${image.src} has no alternative text; write what it shows between the brackets of ![…](${image.src}).`,
      ),
    );
}

/** Every reason the draft cannot be published yet, with the build's rules. */
async function allProblems(
  ctx: Context,
  input: DraftWrite & { slug: string },
  date: string = ctx.today,
) {
  const result = checkPostDraft(
    {
      title: input.title,
      slug: input.slug,
      description: input.description,
      category: input.category,
      author: input.author || null,
      tags: input.tags,
      series: input.series || null,
      series_order: input.series_order,
      cover: input.cover ?? '',
      cover_alt: input.cover_alt ?? '',
    },
    date,
  );
  const problems = result.ok ? [] : result.problems.map((p) => problem(p.field, p.problem));
  const lines = bodyProblems(input.body);
  problems.push(...lines);
  if (lines.length === 0) problems.push(...pictureProblems(input.body));
  const category = input.category.trim();
  if (category) {
    const known = await readCategoryNames(ctx.contentDir);
    if (!known.includes(category)) {
      problems.push(
        problem(
          'category',
          `"${category}" is not in content/categories.yaml (known: ${known.join(', ') || 'none'}).`,
        ),
      );
    }
  }
  const series = input.series.trim();
  if (series && input.series_order !== null) {
    // The build refuses two built posts at one place in a series; say so before publishing.
    const holder = (await readPublishedFiles(ctx.contentDir)).find(
      (file) =>
        file.fields &&
        !file.fields.draft &&
        file.fields.slug !== input.slug &&
        file.fields.series === series &&
        file.fields.seriesOrder === input.series_order,
    );
    if (holder?.fields) {
      problems.push(
        problem(
          'series_order',
          `${input.series_order} is already taken in the series "${series}" by the published post "${holder.fields.title}"; choose another number.`,
        ),
      );
    }
  }
  return { problems, fields: result.ok ? result.fields : null };
}

/**
 * A draft may be saved half-written: a field left empty (or a series waiting for its number) is
 * only reported, while a value that is present and wrong is refused, so nothing unbuildable is kept.
 */
function isPending(error: FieldError, input: DraftWrite & { slug: string }): boolean {
  switch (error.field) {
    case 'title':
    case 'description':
    case 'category':
    case 'slug':
      return input[error.field].trim() === '';
    case 'series_order':
      return input.series.trim() === '' || input.series_order === null;
    case 'cover_alt':
      return (input.cover_alt ?? '').trim() === '';
    case 'body':
      // A picture without alternative text may be saved; it is listed until described.
      return error.message.includes('has no alternative text');
    default:
      return false;
  }
}

/**
 * Slugs a new post cannot have: published posts, other drafts, posts waiting to be published
 * (their files are written when their build starts) and the site's own pages.
 */
async function takenSlugs(ctx: Context, exceptId: number | null): Promise<Set<string>> {
  const taken = await readPublishedSlugs(ctx.contentDir);
  let query = ctx.db.selectFrom('drafts').select('slug').where('slug', 'is not', null);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  for (const row of await query.execute()) if (row.slug) taken.add(row.slug);
  const waiting = await ctx.db
    .selectFrom('publish_jobs')
    .select('slug')
    .where('status', 'in', ['queued', 'running'])
    .where('action', '=', 'publish')
    .execute();
  for (const row of waiting) taken.add(row.slug);
  for (const slug of RESERVED_SLUGS) taken.add(slug);
  return taken;
}

/**
 * The slug to store: a draft that edits a published post keeps that post's slug; otherwise the
 * editor's own (refused when taken) or one derived from the title.
 */
async function chooseSlug(
  ctx: Context,
  input: DraftWrite,
  exceptId: number | null,
  replacesSlug: string | null,
) {
  if (replacesSlug) return replacesSlug;
  const own = (input.slug ?? '').trim();
  const taken = await takenSlugs(ctx, exceptId);
  if (own) {
    if (taken.has(own)) {
      const where = RESERVED_SLUGS.has(own)
        ? 'reserved for a site page'
        : 'already used by a published post or another draft';
      throw new DraftRejected(409, `The slug "${own}" is ${where}; choose another.`, [
        problem('slug', `"${own}" is ${where}; choose another.`),
      ]);
    }
    return own;
  }
  const base = slugify(input.title);
  if (!base) return '';
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base.slice(0, MAX_SLUG - 4)}-${n}`;
  return candidate;
}

function toDraft(row: DraftRow, problems: FieldError[]): Draft {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug ?? '',
    description: row.description,
    category: row.category,
    author: row.author,
    tags: JSON.parse(row.tags) as string[],
    series: row.series,
    series_order: row.series_order,
    body: row.body,
    cover: row.cover,
    cover_alt: row.cover_alt,
    created_by: row.created_by,
    updated_by: row.updated_by ?? row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    problems,
    replaces_slug: row.replaces_slug,
  };
}

function rowInput(row: DraftRow): DraftWrite & { slug: string } {
  return { ...toDraft(row, []), slug: row.slug ?? '' };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Validates, picks the slug and returns the columns to store plus what is still missing. */
async function prepare(
  ctx: Context,
  input: DraftWrite,
  exceptId: number | null,
  replaces: { slug: string | null; date: string | null } = { slug: null, date: null },
) {
  const slug = await chooseSlug(ctx, input, exceptId, replaces.slug);
  const full = { ...input, slug };
  const { problems } = await allProblems(ctx, full, replaces.date ?? ctx.today);
  const refused = problems.filter((p) => !isPending(p, full));
  const first = refused[0];
  if (first) {
    throw new DraftRejected(
      400,
      `Please check the draft: ${first.field} ${first.message}`,
      refused,
    );
  }
  const values = {
    title: input.title.trim(),
    slug: slug || null,
    description: input.description.trim(),
    category: input.category.trim(),
    author: input.author.trim(),
    tags: JSON.stringify(input.tags.map((tag) => tag.trim()).filter(Boolean)),
    series: input.series.trim(),
    series_order: input.series_order,
    body: input.body,
    cover: (input.cover ?? '').trim(),
    cover_alt: (input.cover_alt ?? '').trim(),
  };
  return { values, problems };
}

async function write<T>(run: () => Promise<T>, slug: string | null): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Two saves raced for the same slug; the unique index kept only one.
    if (slug && isUniqueViolation(error)) {
      throw new DraftRejected(
        409,
        `The slug "${slug}" was just taken by another draft; choose another.`,
        [problem('slug', `"${slug}" is already used by another draft; choose another.`)],
      );
    }
    throw error;
  }
}

/** Adds a draft that `username` makes now; a slug taken meanwhile is refused as `write` says. */
function insertDraft(
  ctx: Context,
  values: Omit<Insertable<DraftsTable>, 'created_by' | 'updated_by' | 'created_at' | 'updated_at'>,
  username: string,
) {
  const now = new Date().toISOString();
  return write(
    () =>
      ctx.db
        .insertInto('drafts')
        .values({
          ...values,
          created_by: username,
          updated_by: username,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    values.slug ?? null,
  );
}

export async function createDraft(
  ctx: Context,
  input: DraftWrite,
  username: string,
): Promise<Draft> {
  const { values, problems } = await prepare(ctx, input, null);
  const row = await insertDraft(ctx, values, username);
  return toDraft(row, problems);
}

export async function updateDraft(
  ctx: Context,
  id: number,
  input: DraftWrite,
  username: string,
): Promise<Draft | undefined> {
  const existing = await ctx.db
    .selectFrom('drafts')
    .select(['id', 'replaces_slug', 'replaces_date'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!existing) return undefined;
  const { values, problems } = await prepare(ctx, input, id, {
    slug: existing.replaces_slug,
    date: existing.replaces_date,
  });
  const row = await write(
    () =>
      ctx.db
        .updateTable('drafts')
        .set({ ...values, updated_by: username, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    values.slug,
  );
  return row && toDraft(row, problems);
}

/** Is there a draft `id` (not yet published or deleted)? */
export async function draftExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('drafts').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function getDraft(ctx: Context, id: number): Promise<Draft | undefined> {
  const row = await ctx.db.selectFrom('drafts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return toDraft(
    row,
    (await allProblems(ctx, rowInput(row), row.replaces_date ?? ctx.today)).problems,
  );
}

export interface ReadyDraft {
  draft: Draft;
  row: DraftRow;
  /** Null while there are problems. */
  ready: { fields: PostFields; file: string } | null;
}

/**
 * The draft as the post file it would become now, checked exactly as the build will read it: the
 * file is written, read back with the build's reader and its body compiled by the build's
 * compiler. Any difference or failure is a problem that names the field or the line.
 */
export async function readyToPublish(ctx: Context, id: number): Promise<ReadyDraft | undefined> {
  const row = await ctx.db.selectFrom('drafts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const input = rowInput(row);
  const { problems, fields } = await allProblems(ctx, input, row.replaces_date ?? ctx.today);
  const published = await readPublishedSlugs(ctx.contentDir);
  if (row.replaces_slug) {
    // The post being edited may have been unpublished (or removed in git) meanwhile.
    if (!published.has(row.replaces_slug)) {
      problems.push(
        problem(
          'slug',
          `"${row.replaces_slug}" is no longer published; delete this draft or start a new post from it.`,
        ),
      );
    }
  } else if (input.slug && published.has(input.slug)) {
    // A post published since the draft was last saved may have taken its slug.
    problems.push(
      problem('slug', `"${input.slug}" is already used by a published post; choose another.`),
    );
  }
  let file: string | null = null;
  if (fields && problems.length === 0) {
    file = writePostFile(fields, row.body);
    const read = readPostFile(file, `${fields.slug}.md`);
    if (!read.ok || JSON.stringify(read.fields) !== JSON.stringify(fields)) {
      problems.push(
        problem('title', 'cannot be written to a post file and read back the same; simplify it.'),
      );
    } else if (normaliseBody(read.body) !== normaliseBody(row.body)) {
      problems.push(problem('body', 'cannot be written to a post file and read back the same.'));
    } else {
      try {
        await ctx.compile(read.body);
      } catch (error) {
        if (!(error instanceof CompileError)) throw error;
        problems.push(...error.problems.map((p) => problem('body', `line ${p.line} ${p.message}`)));
      }
    }
  }
  return {
    draft: toDraft(row, problems),
    row,
    ready: fields && file && problems.length === 0 ? { fields, file } : null,
  };
}

/**
 * Opens a published post for editing: a draft with the post's fields and body that keeps its slug
 * and date, or the draft already open for it. MDX posts are code and are edited through git.
 */
export async function draftFromPost(
  ctx: Context,
  slug: string,
  username: string,
): Promise<{ draft: Draft; created: boolean }> {
  const open = await ctx.db
    .selectFrom('drafts')
    .selectAll()
    .where('replaces_slug', '=', slug)
    .executeTakeFirst();
  if (open) return { draft: toDraft(open, []), created: false };
  const file = (await readPublishedFiles(ctx.contentDir)).find((item) => item.slug === slug);
  if (!file) throw notFound(`There is no published post "${slug}".`);
  if (file.format === 'mdx') {
    throw conflict(`"${slug}" is an MDX post; MDX is code and is edited through git only.`);
  }
  if (!file.fields) {
    throw conflict(
      `The file of "${slug}" does not pass the front matter rules; fix it in content/blog/${file.name} first.`,
    );
  }
  const { fields } = file;
  const row = await insertDraft(
    ctx,
    {
      title: fields.title,
      slug: fields.slug,
      description: fields.description,
      category: fields.category,
      author: fields.author ?? '',
      tags: JSON.stringify(fields.tags),
      series: fields.series ?? '',
      series_order: fields.seriesOrder,
      cover: fields.cover ?? '',
      cover_alt: fields.coverAlt ?? '',
      body: file.body.replace(/^(?:[ \t]*\r?\n)+/, ''),
      replaces_slug: fields.slug,
      replaces_date: fields.date,
    },
    username,
  );
  return { draft: toDraft(row, []), created: true };
}

/** Last edited first, one page of the drafts. */
export function listDrafts(ctx: Context, page: number, perPage: number) {
  return paginate(
    ctx.db.selectFrom('drafts'),
    (from) => from.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'),
    { page, perPage },
    async (row): Promise<DraftSummary> => ({
      id: row.id,
      title: row.title,
      slug: row.slug ?? '',
      category: row.category,
      created_by: row.created_by,
      updated_by: row.updated_by ?? row.created_by,
      updated_at: row.updated_at,
      ready:
        (await allProblems(ctx, rowInput(row), row.replaces_date ?? ctx.today)).problems.length ===
        0,
      replaces_slug: row.replaces_slug,
    }),
  );
}

export type { Context as DraftsContext };
