import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { DatabaseMailWindows } from './mail-limits';

const DAY_MS = 86_400_000;

/** What one run of the retention schedule erased. */
export interface RetentionOutcome {
  /** Giveaways whose entrants were erased in this run. */
  giveaways: number;
  entries: number;
  claims: number;
  /** Reports of a taken handle, erased with their giveaway's entrants. */
  handleReports: number;
  enquiries: number;
  mail: number;
}

/**
 * Erases personal data kept longer than it is needed, as of `now`:
 * - a giveaway's entrants (address, mailbox, handle, referral code, who referred them and the
 *   digests of their network and browser) and
 *   the winners' delivery details, `entryDays` after its claim period ended (the latest claim
 *   deadline of its draw), with the reports of a taken handle sent about its entries. The entries keep their rows, receipt hashes and weights, so the
 *   frozen list (receipt hashes only), the draw and its record stay verifiable;
 * - enquiries `enquiryDays` after they arrived;
 * - outbox mail `outboxDays` after it was written;
 * - the mail limits' windows that ended.
 * Running it twice changes nothing more.
 */
export async function applyRetention(
  db: Kysely<Database>,
  days: Config['retention'],
  now: Date,
): Promise<RetentionOutcome> {
  const before = (d: number) => new Date(now.getTime() - d * DAY_MS).toISOString();
  const due = await db
    .selectFrom('giveaway_draw_rounds')
    .select('giveaway_id')
    .groupBy('giveaway_id')
    .having((eb) => eb.fn.max('claim_deadline'), '<', before(days.entryDays))
    .execute();
  const ids = due.map((row) => row.giveaway_id);
  let entries = 0;
  let claims = 0;
  let handleReports = 0;
  let giveaways = 0;
  for (const id of ids) {
    const erased = await db.transaction().execute(async (trx) => {
      const deletedClaims = await trx
        .deleteFrom('giveaway_claims')
        .where('giveaway_id', '=', id)
        .executeTakeFirst();
      const deletedReports = await trx
        .deleteFrom('giveaway_handle_reports')
        .where('giveaway_id', '=', id)
        .executeTakeFirst();
      // The stand-ins are those of an erasure on request (personal-data.ts).
      const changed = await trx
        .updateTable('participants')
        .set({
          email: sql<string>`'erased-' || id || '@erased.invalid'`,
          mailbox: sql<string>`'erased-' || id || '@erased.invalid'`,
          instagram_handle: sql<string>`'erased-' || id`,
          referral_code: null,
          referred_by: null,
          confirm_token_hash: null,
          network_hash: null,
          agent_hash: null,
        })
        .where('giveaway_id', '=', id)
        .where('email', 'not like', 'erased-%@erased.invalid')
        .executeTakeFirst();
      return {
        entries: Number(changed.numUpdatedRows),
        claims: Number(deletedClaims.numDeletedRows),
        reports: Number(deletedReports.numDeletedRows),
      };
    });
    entries += erased.entries;
    claims += erased.claims;
    handleReports += erased.reports;
    if (erased.entries + erased.claims + erased.reports > 0) giveaways += 1;
  }
  const enquiries = await db
    .deleteFrom('contact_enquiries')
    .where('created_at', '<', before(days.enquiryDays))
    .executeTakeFirst();
  const mail = await db
    .deleteFrom('outbox')
    .where('created_at', '<', before(days.outboxDays))
    .executeTakeFirst();
  await new DatabaseMailWindows(db).sweep(now.getTime());
  return {
    giveaways,
    entries,
    claims,
    handleReports,
    enquiries: Number(enquiries.numDeletedRows),
    mail: Number(mail.numDeletedRows),
  };
}
