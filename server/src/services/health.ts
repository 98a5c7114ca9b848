import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';

/** Resolves once the database answers a trivial query; rejects when it cannot be reached. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
