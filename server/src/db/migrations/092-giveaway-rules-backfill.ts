import type { Kysely, Migration } from 'kysely';

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

/** A giveaway's fields as the rules are written from them (see services/giveaways/official-rules). */
export interface RulesSource {
  title: string;
  prize: string;
  start_date: string;
  end_date: string | null;
  max_participants: number | null;
  min_age: number;
  region: string;
  claim_days: number;
  external_randomness: string | null;
  extra_terms: string;
  commitment: string | null;
}

/** What the migration needs from the program: the site's time zone and the rules' wording. */
export interface GiveawayRulesWriter {
  timeZone: string;
  render(fields: RulesSource, timeZone: string): unknown;
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
        .select([
          'g.id',
          'g.rules_version',
          'g.title',
          'g.prize',
          'g.start_date',
          'g.end_date',
          'g.max_participants',
          'g.min_age',
          'g.region',
          'g.claim_days',
          'g.external_randomness',
          'g.extra_terms',
          'g.commitment',
        ])
        .where('r.giveaway_id', 'is', null)
        .orderBy('g.id')
        .execute()) as Array<RulesSource & { id: number; rules_version: number }>;
      if (missing.length === 0) return;
      if (!writer) {
        throw new Error(
          `${missing.length} giveaway(s) have no official rules yet, and writing them needs the site's time zone: start the server (npm start) to apply this migration.`,
        );
      }
      const at = new Date().toISOString();
      for (const { id, rules_version, ...fields } of missing) {
        await db
          .insertInto('giveaway_rules')
          .values({
            giveaway_id: id,
            version: rules_version,
            sections: JSON.stringify(writer.render(fields, writer.timeZone)),
            created_at: at,
          })
          .execute();
      }
    },
    async down(): Promise<void> {},
  };
}
