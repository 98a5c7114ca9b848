import type { Kysely, Migration, Selectable } from 'kysely';
import type { GiveawaysTable } from '../database';

/*
 * The official rules of giveaways created before rules were stored: each giveaway whose current
 * rules version has no text gets that version written from its fields, once.
 *
 * The wording is the site's (the services' renderer) and names dates in the site's time zone, so
 * both come from the program that runs the migration (`connect()`'s `giveawayRules` option, from
 * the configuration of that start). The text is written once and kept, as every rules version is:
 * a later change of SITE_TIMEZONE does not rewrite it. Run without them, the migration writes
 * nothing and fails when a giveaway is missing its rules, so it is not recorded as done.
 *
 * Down: nothing to undo (the rules written are the ones the giveaways show from now on).
 */

/** What the migration needs from the program: the site's time zone and the rules' wording. */
export interface GiveawayRulesWriter {
  timeZone: string;
  /** Reads the fields it writes the rules from (all of them exist by this migration). */
  render(giveaway: Selectable<GiveawaysTable>, timeZone: string): unknown;
}

// Kysely<any>: a migration sees the schema as it is at this point, not today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function giveawayRulesBackfill(writer: GiveawayRulesWriter | undefined): Migration {
  return {
    async up(db: AnyDb): Promise<void> {
      const missing = (await db
        .selectFrom('giveaways as g')
        .leftJoin('giveaway_rules as r', (join) =>
          join.onRef('r.giveaway_id', '=', 'g.id').onRef('r.version', '=', 'g.rules_version'),
        )
        .selectAll('g')
        .where('r.giveaway_id', 'is', null)
        .orderBy('g.id')
        .execute()) as Selectable<GiveawaysTable>[];
      if (missing.length === 0) return;
      if (!writer) {
        throw new Error(
          `${missing.length} giveaway(s) have no official rules yet, and writing them needs the site's time zone: start the server (npm start) to apply this migration.`,
        );
      }
      const at = new Date().toISOString();
      for (const giveaway of missing) {
        await db
          .insertInto('giveaway_rules')
          .values({
            giveaway_id: giveaway.id,
            version: giveaway.rules_version,
            sections: JSON.stringify(writer.render(giveaway, writer.timeZone)),
            created_at: at,
          })
          .execute();
      }
    },
    async down(): Promise<void> {},
  };
}
