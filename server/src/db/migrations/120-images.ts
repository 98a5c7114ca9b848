import type { Kysely } from 'kysely';
import { dialectOf, idColumn, idColumnType } from './util';

/*
 * Pictures the site keeps itself: every image is checked, re-encoded in several widths and stored
 * under DATA_DIR/media/<key>/; `images` holds one row per stored image. A giveaway's prize picture
 * is one of them (`prize_image_id`); `prize_image` stays the address it was fetched from, if any.
 *
 * Existing data: a giveaway that names a prize image by address keeps it and has no stored
 * picture yet; the server fetches it in the background (`prize_image_attempts` counts the tries,
 * which stop after a few, and the address stays shown until one succeeds).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('images')
    .addColumn('id', idColumnType(dialect), idColumn(dialect))
    // Names the folder under DATA_DIR/media: a digest of the original bytes and the encoding.
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // JSON array of the stored widths, smallest first; each exists in every stored format.
    .addColumn('widths', 'text', (c) => c.notNull())
    // JSON array of the stored formats' file extensions, e.g. ["avif","webp","jpg"].
    .addColumn('formats', 'text', (c) => c.notNull())
    // A tiny blurred copy as a data: address, shown while the picture loads.
    .addColumn('placeholder', 'text', (c) => c.notNull())
    .addColumn('source_bytes', 'integer', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('giveaways')
    .addColumn('prize_image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('giveaways')
    .addColumn('prize_image_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('giveaways').dropColumn('prize_image_attempts').execute();
  await db.schema.alterTable('giveaways').dropColumn('prize_image_id').execute();
  await db.schema.dropTable('images').execute();
}
