import type { Kysely } from 'kysely';

/*
 * What the owner's desk needs to spot many entries from one network or one device: each entry
 * keeps a keyed digest (salted with the server's secret and the giveaway's id) of the client's
 * network (an IPv4 /24, an IPv6 /48) and one of its browser's user agent. Neither can be turned
 * back into an address or a browser, nor matched across giveaways; both are erased with the rest
 * of the entrant's data.
 *
 * Existing data: entries made before keep no signals (null) and are never flagged by them.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('participants').addColumn('network_hash', 'text').execute();
  await db.schema.alterTable('participants').addColumn('agent_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('participants').dropColumn('agent_hash').execute();
  await db.schema.alterTable('participants').dropColumn('network_hash').execute();
}
