import type { Kysely, Selectable } from 'kysely';
import {
  checkPostDraft,
  type Draft,
  type DraftSummary,
  type DraftWrite,
  type FieldError,
  type PostFields,
} from '@site/contracts';
import type { Database, DraftsTable } from '../../db/database';
import { paginate } from '../../lib/pagination';
import { readCategoryNames, readPublishedSlugs } from './content';

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
/** Slugs the site itself uses under /blog/. */
const RESERVED = new Set(['new']);

/** "Agents: a 2026 Field Guide!" → "agents-a-2026-field-guide". */
export function slugify(title: string): string {
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
}

type DraftRow = Selectable<DraftsTable>;

function problem(field: string, message: string): FieldError {
  return { field, message };
}

/** Every reason the draft cannot be published yet, with the build's rules. */
async function allProblems(ctx: Context, input: DraftWrite & { slug: string }) {
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
    },
    ctx.today,
  );
  const problems = result.ok ? [] : result.problems.map((p) => problem(p.field, p.problem));
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
    default:
      return false;
  }
}

async function takenSlugs(ctx: Context, exceptId: number | null): Promise<Set<string>> {
  const taken = await readPublishedSlugs(ctx.contentDir);
  let query = ctx.db.selectFrom('drafts').select('slug').where('slug', 'is not', null);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  for (const row of await query.execute()) if (row.slug) taken.add(row.slug);
  for (const slug of RESERVED) taken.add(slug);
  return taken;
}

/** The slug to store: the editor's own (refused when taken) or one derived from the title. */
async function chooseSlug(ctx: Context, input: DraftWrite, exceptId: number | null) {
  const own = (input.slug ?? '').trim();
  const taken = await takenSlugs(ctx, exceptId);
  if (own) {
    if (taken.has(own)) {
      const where = RESERVED.has(own)
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
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    problems,
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
async function prepare(ctx: Context, input: DraftWrite, exceptId: number | null) {
  const slug = await chooseSlug(ctx, input, exceptId);
  const full = { ...input, slug };
  const { problems } = await allProblems(ctx, full);
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

export async function createDraft(
  ctx: Context,
  input: DraftWrite,
  username: string,
): Promise<Draft> {
  const { values, problems } = await prepare(ctx, input, null);
  const now = new Date().toISOString();
  const row = await write(
    () =>
      ctx.db
        .insertInto('drafts')
        .values({ ...values, created_by: username, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow(),
    values.slug,
  );
  return toDraft(row, problems);
}

export async function updateDraft(
  ctx: Context,
  id: number,
  input: DraftWrite,
): Promise<Draft | undefined> {
  const existing = await ctx.db
    .selectFrom('drafts')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!existing) return undefined;
  const { values, problems } = await prepare(ctx, input, id);
  const row = await write(
    () =>
      ctx.db
        .updateTable('drafts')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    values.slug,
  );
  return row && toDraft(row, problems);
}

export async function getDraft(ctx: Context, id: number): Promise<Draft | undefined> {
  const row = await ctx.db.selectFrom('drafts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return toDraft(row, (await allProblems(ctx, rowInput(row))).problems);
}

/** The draft as the post file it would become today, or its problems when it is not ready. */
export async function readyToPublish(
  ctx: Context,
  id: number,
): Promise<{ draft: Draft; fields: PostFields | null } | undefined> {
  const row = await ctx.db.selectFrom('drafts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const input = rowInput(row);
  const { problems, fields } = await allProblems(ctx, input);
  // A post published since the draft was last saved may have taken its slug.
  if (input.slug && (await readPublishedSlugs(ctx.contentDir)).has(input.slug)) {
    problems.push(
      problem('slug', `"${input.slug}" is already used by a published post; choose another.`),
    );
  }
  return { draft: toDraft(row, problems), fields: problems.length === 0 ? fields : null };
}

export async function deleteDraft(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('drafts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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
      updated_at: row.updated_at,
      ready: (await allProblems(ctx, rowInput(row))).problems.length === 0,
    }),
  );
}

export type { Context as DraftsContext };
