import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Change counters of the giveaway pages each server process draws and keeps: the list (`list`),
 * each giveaway (`giveaway:<id>`), and everything at once (`all`, for an erasure, which may touch
 * any giveaway). A change raises its scopes' counters before its request answers; a process
 * serving a kept page reads the counter first and draws the page again when it moved.
 */

const LIST = 'list';
const ALL = 'all';
const giveawayScope = (id: number) => `giveaway:${id}`;

/** What a change touched: one giveaway (and so the list), the list alone, or everything. */
export type GiveawayChange = { giveawayId: number } | 'list' | 'all';

export async function recordGiveawayChange(
  db: Kysely<Database>,
  change: GiveawayChange,
): Promise<void> {
  const scopes =
    change === 'all'
      ? [ALL]
      : change === 'list'
        ? [LIST]
        : [giveawayScope(change.giveawayId), LIST];
  for (const scope of scopes) {
    await db
      .insertInto('giveaway_page_versions')
      .values({ scope, version: 1 })
      .onConflict((oc) =>
        oc.column('scope').doUpdateSet({ version: sql`giveaway_page_versions.version + 1` }),
      )
      .execute();
  }
}

/**
 * The scope a public API address of a drawn page reads: the list (`/api/v1/giveaway`), or one
 * giveaway (`/api/v1/giveaway/<id>` and the addresses below it, such as its rules); null for an
 * address no counter follows.
 */
export function scopeOfAddress(address: string): string | null {
  const [pathname = ''] = address.split('?');
  if (pathname === '/api/v1/giveaway') return LIST;
  const id = /^\/api\/v1\/giveaway\/([1-9]\d*)(?:\/|$)/.exec(pathname)?.[1];
  return id === undefined ? null : giveawayScope(Number(id));
}

/** The version of a scope: its counter and that of `all` together (both only ever grow). */
export async function pageVersion(db: Kysely<Database>, scope: string): Promise<number> {
  const row = await db
    .selectFrom('giveaway_page_versions')
    .select((eb) => eb.fn.sum<number | string | null>('version').as('version'))
    .where('scope', 'in', [scope, ALL])
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Writes under a giveaway that change nothing its pages show: an entrant's receipt looked up or
 * mailed, a taken handle reported to the owner (shown on the desk only).
 */
const READ_ONLY = /^\/api\/v1\/giveaway\/:id\/(?:receipt(?:\/|$)|handle-reports$)/;

/** The giveaway page's own entry form, sent without script (routes/site/giveaway-entry.ts). */
const ENTRY_FORM = '/giveaway/:id/enter';

/**
 * What a request that succeeded changed, from its route: a write under `/api/v1/giveaway`, or the
 * page's entry form, changes the giveaway of its `:id` (a new giveaway: the list), except the
 * receipt's lookups and mails; an erasure of personal data may change any. Null for every other request.
 */
export function changeOfRequest(
  method: string,
  routeUrl: string | undefined,
  params: unknown,
): GiveawayChange | null {
  if (method === 'GET' || method === 'HEAD' || !routeUrl) return null;
  if (routeUrl === '/api/v1/personal-data/erase') return 'all';
  if (
    routeUrl !== ENTRY_FORM &&
    routeUrl !== '/api/v1/giveaway' &&
    !routeUrl.startsWith('/api/v1/giveaway/')
  )
    return null;
  if (READ_ONLY.test(routeUrl)) return null;
  const id = Number((params as { id?: unknown } | undefined)?.id);
  return Number.isInteger(id) && id > 0 ? { giveawayId: id } : 'list';
}
