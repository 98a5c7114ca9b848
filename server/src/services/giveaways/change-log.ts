import type { GiveawayChange, GiveawayChangeAction } from '@site/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, GiveawayChangesTable } from '../../db/database';

/** Who made a change: an admin, or the server itself (entries closing at the end date or when full). */
export interface Actor {
  id: number | null;
  username: string;
}

export const SYSTEM: Actor = { id: null, username: 'system' };

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** The fields whose values differ, in the order of `fields`. */
export function diffFields<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  return fields
    .filter((field) => asText(before[field]) !== asText(after[field]))
    .map((field) => ({ field, before: asText(before[field]), after: asText(after[field]) }));
}

/** Appends one line to a giveaway's change log; call it inside the change's own transaction. */
export async function logChange(
  db: Kysely<Database>,
  entry: {
    giveawayId: number;
    actor: Actor;
    action: GiveawayChangeAction;
    summary: string;
    fields?: FieldChange[];
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('giveaway_changes')
    .values({
      giveaway_id: entry.giveawayId,
      at: entry.at,
      actor_user_id: entry.actor.id,
      actor: entry.actor.username,
      action: entry.action,
      summary: entry.summary,
      fields: JSON.stringify(entry.fields ?? []),
    })
    .execute();
}

export function toChange(row: Selectable<GiveawayChangesTable>): GiveawayChange {
  return {
    id: row.id,
    at: row.at,
    actor: row.actor,
    action: row.action as GiveawayChangeAction,
    summary: row.summary,
    fields: JSON.parse(row.fields) as FieldChange[],
  };
}

/** Oldest first. Empty for a giveaway that never existed. */
export async function listChanges(
  db: Kysely<Database>,
  giveawayId: number,
): Promise<GiveawayChange[]> {
  const rows = await db
    .selectFrom('giveaway_changes')
    .selectAll()
    .where('giveaway_id', '=', giveawayId)
    .orderBy('id')
    .execute();
  return rows.map(toChange);
}
