import type { GiveawayRules, RulesSection } from '@site/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, GiveawaysTable } from '../../db/database';
import type { GiveawayRulesWriter } from '../../db/migrations';
import { notFound } from '../../lib/http-error';
import { type Actor, logChange } from './change-log';
import { renderRules } from './official-rules';

type Db = Kysely<Database>;
type Row = Selectable<GiveawaysTable>;

/**
 * Writes the rules for the giveaway's current fields. Before anyone has entered, the current
 * version is rewritten in place (nobody has accepted it yet); once entries exist, a changed text
 * becomes a new version, so every entry keeps pointing at the words its entrant accepted. Runs
 * inside the caller's transaction, after the giveaway row itself was written.
 */
export async function writeRules(
  trx: Db,
  row: Row,
  context: { timeZone: string; at: string; actor: Actor },
): Promise<number> {
  const json = JSON.stringify(renderRules(row, context.timeZone));
  const current = await trx
    .selectFrom('giveaway_rules')
    .select('sections')
    .where('giveaway_id', '=', row.id)
    .where('version', '=', row.rules_version)
    .executeTakeFirst();
  if (!current) {
    await trx
      .insertInto('giveaway_rules')
      .values({
        giveaway_id: row.id,
        version: row.rules_version,
        sections: json,
        created_at: context.at,
      })
      .execute();
    return row.rules_version;
  }
  if (current.sections === json) return row.rules_version;
  // Anyone who entered accepted this version, counted or not (an entry waiting for confirmation,
  // or disqualified, accepted it too): only with no entry at all may it be rewritten in place.
  const made = await trx
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('giveaway_id', '=', row.id)
    .executeTakeFirstOrThrow();
  const entered = Number(made.n);
  if (entered === 0) {
    await trx
      .updateTable('giveaway_rules')
      .set({ sections: json, created_at: context.at })
      .where('giveaway_id', '=', row.id)
      .where('version', '=', row.rules_version)
      .execute();
    return row.rules_version;
  }
  const version = row.rules_version + 1;
  await trx
    .insertInto('giveaway_rules')
    .values({ giveaway_id: row.id, version, sections: json, created_at: context.at })
    .execute();
  await trx
    .updateTable('giveaways')
    .set({ rules_version: version })
    .where('id', '=', row.id)
    .execute();
  const entries = `${entered} ${entered === 1 ? 'entry' : 'entries'}`;
  await logChange(trx, {
    giveawayId: row.id,
    actor: context.actor,
    action: 'rules_version',
    summary: `The rules changed after ${entries}: version ${version} published (earlier entries accepted version ${row.rules_version}).`,
    fields: [{ field: 'rules_version', before: String(row.rules_version), after: String(version) }],
    at: context.at,
  });
  return version;
}

/** One version of the rules (the current one when `version` is not given). */
export async function getRules(db: Db, id: number, version?: number): Promise<GiveawayRules> {
  const giveaway = await db
    .selectFrom('giveaways')
    .select(['id', 'title', 'min_age', 'rules_version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!giveaway) throw notFound(`There is no giveaway with id ${id}; it may have been deleted.`);
  const versions = await db
    .selectFrom('giveaway_rules')
    .select(['version', 'created_at', 'sections'])
    .where('giveaway_id', '=', id)
    .orderBy('version')
    .execute();
  const wanted = version ?? giveaway.rules_version;
  const chosen = versions.find((v) => v.version === wanted);
  if (!chosen) {
    throw notFound(
      `This giveaway has no rules version ${wanted}; its current version is ${giveaway.rules_version}.`,
    );
  }
  return {
    giveaway_id: giveaway.id,
    title: giveaway.title,
    min_age: giveaway.min_age,
    version: chosen.version,
    current_version: giveaway.rules_version,
    created_at: chosen.created_at,
    versions: versions.map((v) => ({ version: v.version, created_at: v.created_at })),
    sections: JSON.parse(chosen.sections) as RulesSection[],
  };
}

/**
 * What the database migration that writes the rules of older giveaways needs: this renderer and
 * the site's time zone (see db/migrations/092-giveaway-rules-backfill).
 */
export function rulesWriter(timeZone: string): GiveawayRulesWriter {
  return { timeZone, render: renderRules };
}
