import type { Kysely } from 'kysely';
import { Migrator } from 'kysely';
import type { Db } from '../../src/db/connect';
import { ALLOW_UNORDERED_MIGRATIONS, migrationProviderWith } from '../../src/db/migrations';
import { renderRules } from '../../src/services/giveaways/official-rules';
import { rulesWriter } from '../../src/services/giveaways/rules-store';
import { openMigrationTestDb } from '../helpers/migration-db';

/*
 * Giveaways stored before their rules were: the migration writes each one's current rules version
 * once, in the site's time zone given by the program, and leaves rules already written alone.
 * Without the time zone it refuses (and is not recorded as done) rather than skip them.
 */

jest.setTimeout(60_000);

let connection: Db;
let schema: string | undefined;
let dropAndClose: () => Promise<void>;

beforeAll(async () => {
  ({ connection, schema, dropAndClose } = await openMigrationTestDb());
});

afterAll(() => dropAndClose());

const migrator = (giveawayRules?: ReturnType<typeof rulesWriter>) =>
  new Migrator({
    db: connection.db,
    provider: migrationProviderWith({ giveawayRules }),
    allowUnorderedMigrations: ALLOW_UNORDERED_MIGRATIONS,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });

test('older giveaways get their rules once, in the site time zone; written rules stay', async () => {
  const db = connection.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  // As a database upgraded before 092 existed: every other migration ran, 092 did not.
  await db
    .deleteFrom('kysely_migration')
    .where('name', '=', '092-giveaway-rules-backfill')
    .execute();

  const at = '2026-01-10T10:00:00.000Z';
  const giveaway = async (title: string, version: number) => {
    const row = await connection.db
      .insertInto('giveaways')
      .values({
        title,
        description: 'D',
        prize: 'A lamp',
        prize_image: null,
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        max_participants: null,
        is_accepting: 1,
        participant_count: 0,
        created_at: at,
        updated_at: at,
        min_age: 21,
        region: 'Portugal',
        claim_days: 7,
        external_randomness: null,
        extra_terms: '',
        commitment: 'c'.repeat(64),
        committed_at: at,
        rules_version: version,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const bare = await giveaway('Without rules', 1);
  const bumped = await giveaway('Without its current version', 2);
  const written = await giveaway('With rules', 1);
  const kept = JSON.stringify([{ heading: 'Kept', paragraphs: ['as written'] }]);
  await connection.db
    .insertInto('giveaway_rules')
    .values([
      { giveaway_id: bumped, version: 1, sections: kept, created_at: at },
      { giveaway_id: written, version: 1, sections: kept, created_at: at },
    ])
    .execute();

  // Without the program's time zone the migration refuses, and is not recorded as done.
  const refused = await migrator().migrateToLatest();
  expect(String(refused.error)).toMatch(/2 giveaway\(s\) have no official rules yet/);
  const again = await migrator().migrateToLatest();
  expect(again.results?.map((r) => r.migrationName)).toEqual(['092-giveaway-rules-backfill']);
  expect(again.error).toBeDefined();

  const zone = 'America/New_York';
  const up = await migrator(rulesWriter(zone)).migrateToLatest();
  expect(up.error).toBeUndefined();
  expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([
    ['092-giveaway-rules-backfill', 'Success'],
  ]);

  const rules = await db
    .selectFrom('giveaway_rules')
    .select(['giveaway_id', 'version', 'sections'])
    .orderBy('giveaway_id')
    .orderBy('version')
    .execute();
  const source = (id: number) =>
    connection.db
      .selectFrom('giveaways')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  expect(rules).toEqual([
    {
      giveaway_id: bare,
      version: 1,
      sections: JSON.stringify(renderRules(await source(bare), zone)),
    },
    { giveaway_id: bumped, version: 1, sections: kept },
    {
      giveaway_id: bumped,
      version: 2,
      sections: JSON.stringify(renderRules(await source(bumped), zone)),
    },
    { giveaway_id: written, version: 1, sections: kept },
  ]);
  // The site's time zone is in the words written.
  expect(rules[0]?.sections).toContain(`(${zone} time)`);

  // Applied once: nothing runs again, nothing changes.
  const later = await migrator(rulesWriter('UTC')).migrateToLatest();
  expect(later.results).toEqual([]);
  expect(await db.selectFrom('giveaway_rules').select('sections').execute()).toHaveLength(4);
});
