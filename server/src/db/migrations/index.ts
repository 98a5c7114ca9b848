import type { Migration, MigrationProvider } from 'kysely';

import * as m001 from './001-users';
import * as m002 from './002-contact-enquiries';
import * as m003 from './003-newsletter';
import * as m004 from './004-outbox';
import * as m010 from './010-giveaways';
import * as m020 from './020-drafts';
import * as m030 from './030-publishing';
import * as m040 from './040-sessions';
import * as m041 from './041-newsletter-mail-times';
import * as m050 from './050-verifiable-giveaways';
import * as m060 from './060-staff-invitations';
import * as m061 from './061-newsletter-issues';
import * as m070 from './070-outbox-addresses';
import * as m080 from './080-usernames-case-insensitive';
import * as m081 from './081-draft-editors';
import * as m082 from './082-login-addresses';
import * as m090 from './090-redraw-seeds';
import * as m091 from './091-outbox-sealed-mail';
import * as m093 from './093-growing-giveaways';
import * as m094 from './094-weighted-draw';
import * as m095 from './095-winner-places';
import * as m096 from './096-entry-confirmation-tokens';
import { giveawayRulesBackfill, type GiveawayRulesWriter } from './092-giveaway-rules-backfill';
import * as m100 from './100-giveaway-desk';
import * as m101 from './101-enquiry-read';
import * as m102 from './102-mail-limits';
import * as m103 from './103-entry-mailboxes';
import * as m110 from './110-draft-deletions';
import * as m111 from './111-giveaway-page-versions';
import * as m120 from './120-images';
import * as m130 from './130-draft-schedules';
import * as m140 from './140-handle-reports';
import * as m170 from './170-entry-signals';
import * as m171 from './171-giveaway-results-mail';
import * as m180 from './180-draft-covers';
import * as m190 from './190-instagram-connection';

export type { GiveawayRulesWriter } from './092-giveaway-rules-backfill';

/** What some migrations need from the program that runs them (see each one). */
export interface MigrationContext {
  /** 092 writes the official rules of older giveaways in the site's words and time zone. */
  giveawayRules?: GiveawayRulesWriter;
}

/**
 * Every migration, in order. Listed statically (not read from the folder) so the same list works
 * from TypeScript in tests and from compiled JavaScript in production. Names never change once
 * released; add new ones at the end. A number below one already released (092 came after 100)
 * runs on databases that have the later ones: the migrator allows migrations out of order.
 */
const migrations = (context: MigrationContext): Record<string, Migration> => ({
  '001-users': m001,
  '002-contact-enquiries': m002,
  '003-newsletter': m003,
  '004-outbox': m004,
  '010-giveaways': m010,
  '020-drafts': m020,
  '030-publishing': m030,
  '040-sessions': m040,
  '041-newsletter-mail-times': m041,
  '050-verifiable-giveaways': m050,
  '060-staff-invitations': m060,
  '061-newsletter-issues': m061,
  '070-outbox-addresses': m070,
  '080-usernames-case-insensitive': m080,
  '081-draft-editors': m081,
  '082-login-addresses': m082,
  '090-redraw-seeds': m090,
  '091-outbox-sealed-mail': m091,
  '100-giveaway-desk': m100,
  '101-enquiry-read': m101,
  '092-giveaway-rules-backfill': giveawayRulesBackfill(context.giveawayRules),
  '093-growing-giveaways': m093,
  '094-weighted-draw': m094,
  '095-winner-places': m095,
  '096-entry-confirmation-tokens': m096,
  '102-mail-limits': m102,
  '103-entry-mailboxes': m103,
  '110-draft-deletions': m110,
  '111-giveaway-page-versions': m111,
  '120-images': m120,
  '130-draft-schedules': m130,
  '140-handle-reports': m140,
  '170-entry-signals': m170,
  '171-giveaway-results-mail': m171,
  '180-draft-covers': m180,
  '190-instagram-connection': m190,
});

export const migrationProviderWith = (context: MigrationContext): MigrationProvider => ({
  getMigrations: async () => migrations(context),
});

/** The migrations without a context: enough for a database with nothing for 092 to fill. */
export const migrationProvider = migrationProviderWith({});

/** Migrations may be added below the last one released (see the list above). */
export const ALLOW_UNORDERED_MIGRATIONS = true;
