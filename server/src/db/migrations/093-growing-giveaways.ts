import { type Kysely, sql } from 'kysely';

/*
 * Giveaways that grow: several winners, bonus entries for referrals, entries confirmed by mail.
 *
 * - `giveaways.winner_count`: how many distinct entries one draw picks (1–100).
 * - `giveaways.referral_cap`: the most bonus entries one entrant can earn by referring others;
 *   0 turns referrals off.
 * - `giveaways.confirm_entries`: 1 when an entry counts only once its address is confirmed
 *   through a mailed link.
 * - `participants.bonus_entries`: bonus entries earned by referrals (the entry's weight in the
 *   draw is 1 + bonus_entries).
 * - `participants.referral_code`: the code in the entrant's personal link to share; unique.
 * - `participants.referred_by`: the entry whose link brought this entrant; never public.
 * - `participants.confirmed_at`: when the address was confirmed; null while unconfirmed.
 * - `participants.confirm_token_hash` / `confirm_expires_at`: SHA-256 of the mailed link's token
 *   and when an unconfirmed entry expires.
 *
 * Existing data: every giveaway keeps one winner, no referrals (its rules never offered them)
 * and no confirmation step; every existing entry counts as confirmed when it was made.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('giveaways')
    .addColumn('winner_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('giveaways')
    .addColumn('referral_cap', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('giveaways')
    .addColumn('confirm_entries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('participants')
    .addColumn('bonus_entries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('participants').addColumn('referral_code', 'text').execute();
  await db.schema
    .alterTable('participants')
    .addColumn('referred_by', 'integer', (c) =>
      c.references('participants.id').onDelete('set null'),
    )
    .execute();
  await db.schema.alterTable('participants').addColumn('confirmed_at', 'text').execute();
  await db.schema.alterTable('participants').addColumn('confirm_token_hash', 'text').execute();
  await db.schema.alterTable('participants').addColumn('confirm_expires_at', 'text').execute();
  await sql`update participants set confirmed_at = created_at`.execute(db);

  await db.schema
    .createIndex('participants_referral_code_idx')
    .on('participants')
    .column('referral_code')
    .unique()
    .execute();
  await db.schema
    .createIndex('participants_referred_by_idx')
    .on('participants')
    .column('referred_by')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('participants_referred_by_idx').execute();
  await db.schema.dropIndex('participants_referral_code_idx').execute();
  for (const column of [
    'confirm_expires_at',
    'confirm_token_hash',
    'confirmed_at',
    'referred_by',
    'referral_code',
    'bonus_entries',
  ]) {
    await db.schema.alterTable('participants').dropColumn(column).execute();
  }
  for (const column of ['confirm_entries', 'referral_cap', 'winner_count']) {
    await db.schema.alterTable('giveaways').dropColumn(column).execute();
  }
}
