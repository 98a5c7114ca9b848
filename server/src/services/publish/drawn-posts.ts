import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { PostFields } from '@site/contracts';
import type { PostCardText } from '@site/contracts/blog/types';
import { type Compiled, readPostFile } from '@site/pipeline';
import type { Database } from '../../db/database';

/**
 * Posts drawn at request time until the build that holds them is served.
 *
 * A publish, an update or an unpublish is accepted at once (a job in the database) but reaches
 * the built site only when its build is switched in, a minute later or more. Meanwhile every
 * server process draws the changed pages from the jobs themselves: the post's page from the job's
 * file (its markdown compiled by the same pipeline, on the worker pool), /blog's list from the
 * served build's own list with the change put in, and a post taken down as the post-not-found
 * page. Which changes a process draws depends only on the database and on the build it serves:
 * the jobs waiting or building, and those that succeeded after its build (a build `build-N` holds
 * every job up to N; SITE_DIR holds those finished before it was written). So when a process
 * switches to the build with the change, it stops drawing it and serves the built pages; a failed
 * build's job leaves the set, and the change is no longer drawn anywhere.
 */

/** A change that a served build does not hold yet, oldest first. */
export interface DrawnChange {
  id: number;
  action: 'publish' | 'replace' | 'unpublish';
  /** The post's slug after the change. */
  slug: string;
  /** The slug the post had before, when a replacement moved it to another slug. */
  movedFrom: string | null;
  /** The post's file after the change (null for an unpublish). */
  content: string | null;
}

/** The job whose build `siteDir` is (DATA_DIR/site-builds/build-N/public), or null. */
export function buildJobOf(siteDir: string): number | null {
  const parts = path.resolve(siteDir).split(path.sep);
  if (parts.at(-1) !== 'public') return null;
  const match = /^build-(\d+)$/.exec(parts.at(-2) ?? '');
  return match ? Number(match[1]) : null;
}

async function builtAt(siteDir: string): Promise<string | null> {
  try {
    return (await fs.stat(path.join(siteDir, 'index.html'))).mtime.toISOString();
  } catch {
    return null;
  }
}

/** The slug a replacement's draft was opened from (its saved draft row), if any. */
function replacedSlug(draft: string | null): string | null {
  if (!draft) return null;
  try {
    const saved = JSON.parse(draft) as { replaces_slug?: unknown };
    return typeof saved.replaces_slug === 'string' ? saved.replaces_slug : null;
  } catch {
    return null;
  }
}

/** The accepted changes that the build served from `siteDir` does not hold, oldest first. */
export async function changesAfterBuild(
  db: Kysely<Database>,
  siteDir: string,
): Promise<DrawnChange[]> {
  const job = buildJobOf(siteDir);
  const since = job === null ? await builtAt(siteDir) : null;
  const rows = await db
    .selectFrom('publish_jobs')
    .select(['id', 'action', 'slug', 'content', 'draft'])
    .where('mode', '=', 'build')
    .where((eb) => {
      // Jobs still to build, and those built after the served build (none without a build: a
      // boolean cannot be bound on SQLite, so that case adds no condition).
      const pending = [eb('status', 'in', ['queued', 'running'])];
      if (job !== null) pending.push(eb.and([eb('status', '=', 'succeeded'), eb('id', '>', job)]));
      else if (since !== null)
        pending.push(eb.and([eb('status', '=', 'succeeded'), eb('finished_at', '>', since)]));
      return eb.or(pending);
    })
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const before = row.action === 'replace' ? replacedSlug(row.draft) : null;
    return {
      id: row.id,
      action: row.action,
      slug: row.slug,
      movedFrom: before !== null && before !== row.slug ? before : null,
      content: row.action === 'unpublish' ? null : row.content,
    };
  });
}

/**
 * A number that moves whenever the set of drawn changes does (a change accepted, or one whose
 * build failed), so a page drawn from the set before is drawn again.
 */
export function versionOf(changes: readonly DrawnChange[]): number {
  let hash = 2166136261;
  for (const char of changes.map((change) => change.id).join(',')) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  }
  return (hash >>> 0) % 2_147_483_647;
}

/** What a changed slug shows: the post as changed, or nothing (taken down or moved away). */
export type SlugState = { kind: 'post'; change: DrawnChange } | { kind: 'gone' } | null;

/** The last change to `slug`, if any: the post after it, or "gone". */
export function stateOfSlug(changes: readonly DrawnChange[], slug: string): SlugState {
  let state: SlugState = null;
  for (const change of changes) {
    if (change.slug === slug) {
      state = change.action === 'unpublish' ? { kind: 'gone' } : { kind: 'post', change };
    } else if (change.movedFrom === slug) {
      state = { kind: 'gone' };
    }
  }
  return state;
}

/** A post card as /blog's list and the search index hold it (a drawn post shows no cover). */
export type Card = PostCardText;

/** A post read from a job's file and compiled, with what its page and its card need. */
export interface ReadPost {
  fields: PostFields;
  compiled: Compiled;
  card: Card;
}

/**
 * A date as the build's data layer gives it (an ISO date-time in UTC), so drawn cards sort with
 * the built ones.
 */
export function isoDate(date: string): string {
  const at = new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  return Number.isNaN(at.getTime()) ? date : at.toISOString();
}

/** Reads a job's file and compiles its body; null when the file does not pass (never drawn). */
export async function readChange(
  change: DrawnChange,
  compile: (body: string) => Promise<Compiled>,
): Promise<ReadPost | null> {
  if (change.content === null) return null;
  const read = readPostFile(change.content, `${change.slug}.md`);
  if (!read.ok) return null;
  const compiled = await compile(read.body);
  const { fields } = read;
  return {
    fields,
    compiled,
    card: {
      id: `drawn-${change.id}`,
      slug: fields.slug,
      title: fields.title,
      excerpt: fields.excerpt ?? compiled.excerpt,
      date: isoDate(fields.date),
      category: fields.category,
      series: fields.series ?? null,
      tags: [...(fields.tags ?? [])],
    },
  };
}

/** Newest first, then by slug: the order of the build's lists. */
export function compareNewestFirst(a: Card, b: Card): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.slug.localeCompare(b.slug);
}

/**
 * The served build's posts with the changes put in: a changed post's card replaces its built
 * one (or is added), a post taken down or moved to another slug leaves. `read` gives the card of
 * a post's change, or null when it cannot be drawn (the built card then stays as it is).
 */
export function withChanges(
  built: readonly Card[],
  changes: readonly DrawnChange[],
  cardOf: (change: DrawnChange) => Card | null,
): Card[] {
  const bySlug = new Map(built.map((card) => [card.slug, card]));
  for (const change of changes) {
    if (change.action === 'unpublish') {
      bySlug.delete(change.slug);
      continue;
    }
    const card = cardOf(change);
    if (!card) continue;
    if (change.movedFrom !== null) bySlug.delete(change.movedFrom);
    const before = bySlug.get(change.slug);
    // A changed post keeps its place in the build's data (its id), so related lists match.
    bySlug.set(change.slug, before ? { ...card, id: before.id } : card);
  }
  return [...bySlug.values()].sort(compareNewestFirst);
}

/** Counts per value, as Gatsby's `group` gives them: by value, ascending. */
export function groupCounts(
  values: ReadonlyArray<string | null>,
): Array<{ fieldValue: string; totalCount: number }> {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([fieldValue, totalCount]) => ({ fieldValue, totalCount }));
}
