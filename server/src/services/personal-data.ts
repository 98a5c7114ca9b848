import { type Kysely, type Transaction, sql } from 'kysely';
import type {
  ContactService,
  PersonalDataEraseResponse,
  PersonalDataExport,
} from '@site/contracts';
import type { Database } from '../db/database';
import { dialectOf } from '../db/dialect';
import { normaliseEmail } from '../lib/email-address';
import { recountBonus } from './giveaways/referrals';
import { toOutboxMessage } from './mail';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows are matched on the lower-cased address: people type their address in any case. */
const lowerEmail = sql<string>`lower(email)`;

function enquiries(db: Db, email: string) {
  return db.selectFrom('contact_enquiries').where(lowerEmail, '=', email);
}

function entries(db: Db, email: string) {
  return db
    .selectFrom('participants')
    .innerJoin('giveaways', 'giveaways.id', 'participants.giveaway_id')
    .where(sql<string>`lower(participants.email)`, '=', email);
}

/** The delivery details a winner gave when claiming a prize with an entry of this address. */
function claims(db: Db, email: string) {
  return db
    .selectFrom('giveaway_claims')
    .innerJoin('participants', 'participants.id', 'giveaway_claims.participant_id')
    .where(sql<string>`lower(participants.email)`, '=', email);
}

/**
 * Outbox mail addressed to the address, or naming it in a header such as Reply-To (the owner's
 * enquiry notices). Whole addresses are compared, never parts: ann@x.example is not
 * joann@x.example. Header addresses are stored normalised in outbox_addresses.
 */
function mail(db: Db, email: string) {
  return db
    .selectFrom('outbox')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(to_address)`, '=', email),
        eb(
          'id',
          'in',
          eb.selectFrom('outbox_addresses').select('outbox_id').where('address', '=', email),
        ),
      ]),
    );
}

/** Everything held about one address, for the person it belongs to. */
export async function exportPersonalData(
  db: Kysely<Database>,
  rawEmail: string,
): Promise<PersonalDataExport> {
  const email = normaliseEmail(rawEmail);
  const [staffAccount, invitations] = await Promise.all([
    db
      .selectFrom('users')
      .select(['username', 'role', 'created_at'])
      .where(lowerEmail, '=', email)
      .executeTakeFirst(),
    db
      .selectFrom('staff_invitations')
      .select(['role', 'invited_by', 'created_at', 'expires_at', 'used_at'])
      .where(lowerEmail, '=', email)
      .orderBy('created_at')
      .execute(),
  ]);
  const reportRows = await db
    .selectFrom('giveaway_handle_reports as r')
    .innerJoin('giveaways', 'giveaways.id', 'r.giveaway_id')
    .select([
      'r.giveaway_id',
      'giveaways.title as giveaway_title',
      'r.instagram_handle',
      'r.note',
      'r.created_at',
      'r.handled_at',
    ])
    .where(sql<string>`lower(r.email)`, '=', email)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  const [enquiryRows, subscription, entryRows, mailRows, issueRows, claimRows] = await Promise.all([
    enquiries(db, email).selectAll().orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('newsletter_subscribers')
      .select([
        'email',
        'status',
        'consent_at',
        'consent_source',
        'consent_text',
        'confirmed_at',
        'unsubscribed_at',
        'created_at',
      ])
      .where('email', '=', email)
      .executeTakeFirst(),
    entries(db, email)
      .select([
        'participants.id',
        'participants.giveaway_id',
        'giveaways.title as giveaway_title',
        'participants.email',
        'participants.instagram_handle',
        'participants.created_at',
        'giveaways.winner_id',
      ])
      .orderBy('participants.created_at')
      .orderBy('participants.id')
      .execute(),
    mail(db, email).selectAll().orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('newsletter_issue_recipients')
      .innerJoin(
        'newsletter_issues',
        'newsletter_issues.id',
        'newsletter_issue_recipients.issue_id',
      )
      .select([
        'newsletter_issue_recipients.issue_id',
        'newsletter_issues.subject',
        'newsletter_issue_recipients.state',
        'newsletter_issue_recipients.sent_at',
      ])
      .where(sql<string>`lower(newsletter_issue_recipients.email)`, '=', email)
      .orderBy('newsletter_issue_recipients.issue_id')
      .execute(),
    claims(db, email)
      .select([
        'giveaway_claims.giveaway_id',
        'giveaway_claims.round',
        'giveaway_claims.full_name',
        'giveaway_claims.delivery_address',
        'giveaway_claims.consent_at',
      ])
      .orderBy('giveaway_claims.giveaway_id')
      .orderBy('giveaway_claims.round')
      .execute(),
  ]);
  // An entry won when it holds a place now: some round drew it and no later round of its giveaway
  // re-drew that place (with several winners, the giveaway's winner_id names place 1 only).
  const ids = entryRows.map((row) => row.id);
  const rounds = ids.length
    ? await db
        .selectFrom('giveaway_draw_rounds as r')
        .select(['r.giveaway_id', 'r.round', 'r.place', 'r.participant_id'])
        .where('r.giveaway_id', 'in', [...new Set(entryRows.map((row) => row.giveaway_id))])
        .execute()
    : [];
  const holdsPlace = (id: number) =>
    rounds.some(
      (r) =>
        r.participant_id === id &&
        !rounds.some(
          (later) =>
            later.giveaway_id === r.giveaway_id && later.place === r.place && later.round > r.round,
        ),
    );
  return {
    email,
    exported_at: new Date().toISOString(),
    enquiries: enquiryRows.map((row) => ({ ...row, service: row.service as ContactService })),
    subscription: subscription ?? null,
    giveaway_entries: entryRows.map(({ winner_id, ...row }) => ({
      ...row,
      won: winner_id === row.id || holdsPlace(row.id),
    })),
    giveaway_claims: claimRows,
    giveaway_handle_reports: reportRows,
    mail: mailRows.map(toOutboxMessage),
    newsletter_issues: issueRows,
    staff_account: staffAccount ?? null,
    staff_invitations: invitations,
  };
}

/** The stand-in for an erased entrant: unique per entry, and plainly not an address or a handle. */
export const erasedEmail = (id: number) => `erased-${id}@erased.invalid`;
export const erasedHandle = (id: number) => `erased-${id}`;

/**
 * Erases everything held about one address, in one transaction. The entries of a giveaway whose
 * entry list is frozen (entries closed, or drawn) keep their rows (ids, times, receipt hashes)
 * with a placeholder instead of the address and handle, so the published list, its fingerprint,
 * the draw and the winner still add up; other entries are deleted and the giveaway's count
 * follows.
 */
export async function erasePersonalData(
  db: Kysely<Database>,
  rawEmail: string,
): Promise<Omit<PersonalDataEraseResponse, 'message'>> {
  const email = normaliseEmail(rawEmail);
  const counts = await eraseInTransaction(db, email);
  // SQLite overwrites what was deleted (secure_delete), but earlier versions of the changed pages
  // stay in the WAL file until it is checkpointed and cut back: done at once, so the erased data
  // leaves the files now. It waits at most the busy timeout for readers in other processes; if
  // one holds on longer, those frames may stay until the next erasure or until the last
  // connection closes (SQLite then checkpoints and deletes the WAL file).
  if (dialectOf(db) === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return counts;
}

function eraseInTransaction(
  db: Kysely<Database>,
  email: string,
): Promise<Omit<PersonalDataEraseResponse, 'message'>> {
  return db.transaction().execute(async (trx) => {
    const deletedEnquiries = await trx
      .deleteFrom('contact_enquiries')
      .where(lowerEmail, '=', email)
      .executeTakeFirst();
    const deletedSubscriptions = await trx
      .deleteFrom('newsletter_subscribers')
      .where('email', '=', email)
      .executeTakeFirst();

    const found = await entries(trx, email)
      .select([
        'participants.id',
        'participants.giveaway_id',
        'participants.disqualified_at',
        'participants.confirmed_at',
        'participants.referred_by',
        'giveaways.frozen_at',
        'giveaways.draw_round',
      ])
      .execute();
    // Delivery details go first, before the entries they hang on are anonymised or deleted.
    const deletedClaims =
      found.length === 0
        ? { numDeletedRows: 0n }
        : await trx
            .deleteFrom('giveaway_claims')
            .where(
              'participant_id',
              'in',
              found.map((entry) => entry.id),
            )
            .executeTakeFirst();
    let deletedEntries = 0;
    let anonymisedEntries = 0;
    for (const entry of found) {
      if (entry.frozen_at !== null || entry.draw_round !== null) {
        await trx
          .updateTable('participants')
          .set({
            email: erasedEmail(entry.id),
            mailbox: erasedEmail(entry.id),
            instagram_handle: erasedHandle(entry.id),
            network_hash: null,
            agent_hash: null,
          })
          .where('id', '=', entry.id)
          .execute();
        anonymisedEntries += 1;
        continue;
      }
      await trx.deleteFrom('participants').where('id', '=', entry.id).execute();
      // A disqualified entry already left the count; an unconfirmed one never joined it.
      if (entry.disqualified_at === null && entry.confirmed_at !== null) {
        await trx
          .updateTable('giveaways')
          .set((eb) => ({ participant_count: eb('participant_count', '-', 1) }))
          .where('id', '=', entry.giveaway_id)
          .execute();
      }
      deletedEntries += 1;
      // Its referrer keeps no more bonus entries than referred entries that still count.
      await recountBonus(trx, [entry.referred_by]);
    }

    const deletedReports = await trx
      .deleteFrom('giveaway_handle_reports')
      .where(lowerEmail, '=', email)
      .executeTakeFirst();

    const mailIds = (await mail(trx, email).select('id').execute()).map((row) => row.id);
    if (mailIds.length > 0) await trx.deleteFrom('outbox').where('id', 'in', mailIds).execute();
    const deletedInvitations = await trx
      .deleteFrom('staff_invitations')
      .where(lowerEmail, '=', email)
      .executeTakeFirst();
    // An account's own address is how the account is reached: it stays while the account exists.
    const account = await trx
      .selectFrom('users')
      .select('username')
      .where(lowerEmail, '=', email)
      .executeTakeFirst();

    return {
      enquiries: Number(deletedEnquiries.numDeletedRows),
      subscriptions: Number(deletedSubscriptions.numDeletedRows),
      giveaway_entries_deleted: deletedEntries,
      giveaway_entries_anonymised: anonymisedEntries,
      giveaway_claims: Number(deletedClaims.numDeletedRows),
      giveaway_handle_reports: Number(deletedReports.numDeletedRows),
      mail: mailIds.length,
      staff_invitations: Number(deletedInvitations.numDeletedRows),
      staff_account: account?.username ?? null,
    };
  });
}
