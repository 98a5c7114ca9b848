import { type Kysely, sql } from 'kysely';
import { headerAddresses } from '../../lib/email-address';

/** Rows of the outbox read per step of the backfill. */
const BATCH = 500;

/**
 * The addresses each kept mail's extra headers name (the enquirer in an enquiry notice's
 * Reply-To), one row per address in its normalised form, so a personal-data request finds the
 * mail by comparing whole addresses. Mail already in the outbox gets its rows from its stored
 * headers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_addresses')
    .addColumn('outbox_id', 'integer', (c) =>
      c.notNull().references('outbox.id').onDelete('cascade'),
    )
    .addColumn('address', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('outbox_addresses_pkey', ['outbox_id', 'address'])
    .execute();
  await db.schema
    .createIndex('outbox_addresses_address')
    .on('outbox_addresses')
    .column('address')
    .execute();

  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; headers: string }>`
      select id, headers from outbox where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    const values: { outbox_id: number; address: string }[] = [];
    for (const row of rows) {
      let headers: unknown;
      try {
        headers = JSON.parse(row.headers);
      } catch {
        // A row whose headers are not JSON names nobody that could be read back either.
        continue;
      }
      if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) continue;
      for (const address of headerAddresses(headers as Record<string, unknown>))
        values.push({ outbox_id: row.id, address });
    }
    for (const { outbox_id, address } of values) {
      await sql`insert into outbox_addresses (outbox_id, address) values (${outbox_id}, ${address})`.execute(
        db,
      );
    }
    after = Number(rows[rows.length - 1]?.id);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox_addresses').execute();
}
