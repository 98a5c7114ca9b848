import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { Picture } from '@site/contracts';
import type { Database, ImagesTable } from '../../db/database';
import type { ImageLimits } from '../../config';
import {
  ENCODING_VERSION,
  fetchImage,
  FORMATS,
  type FormatExt,
  ImageRefused,
  processImage,
} from '@site/pipeline/image-service';

export { ImageRefused } from '@site/pipeline/image-service';

/** Where stored pictures are served from; files under it never change (see `imageKey`). */
export const MEDIA_PATH = '/media';
/** The folder under DATA_DIR that holds them. */
export const MEDIA_DIR = 'media';

export type ImageRow = Selectable<ImagesTable>;

/**
 * The image service: bytes (uploaded, or fetched from an address) in; checked, decoded within
 * limits, stripped of metadata and stored in several widths and formats under DATA_DIR/media/,
 * with a row in `images`. Pictures are answered as `Picture` (contracts) for `<picture>` markup.
 */
export class ImageService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dataDir: string,
    private readonly limits: ImageLimits,
  ) {}

  /** The folder a picture's files live in. */
  folderOf(key: string): string {
    return path.join(this.dataDir, MEDIA_DIR, key);
  }

  /** Stores the image in these bytes (or finds the same bytes stored before); ImageRefused if unusable. */
  async store(bytes: Buffer, source: { url?: string } = {}): Promise<ImageRow> {
    const key = crypto
      .createHash('sha256')
      .update(ENCODING_VERSION)
      .update(bytes)
      .digest('hex')
      .slice(0, 32);
    const known = await this.db
      .selectFrom('images')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (known) return known;

    const image = await processImage(bytes, this.limits);
    // Written to a temporary folder and renamed, so a folder under its key is always complete.
    const folder = this.folderOf(key);
    const temporary = `${folder}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.mkdir(temporary, { recursive: true });
    try {
      await Promise.all(
        image.files.map((file) =>
          fs.writeFile(path.join(temporary, `${file.width}.${file.ext}`), file.data),
        ),
      );
      await fs.rm(folder, { recursive: true, force: true });
      await fs.rename(temporary, folder);
    } catch (error) {
      await fs.rm(temporary, { recursive: true, force: true });
      throw error;
    }
    const values = {
      key,
      width: image.width,
      height: image.height,
      widths: JSON.stringify(image.widths),
      formats: JSON.stringify(FORMATS.map((f) => f.ext)),
      placeholder: image.placeholder,
      source_bytes: bytes.length,
      source_type: image.sourceType,
      source_url: source.url ?? null,
      created_at: new Date().toISOString(),
    };
    // Two requests storing the same bytes at once: the second finds the first's row.
    await this.db
      .insertInto('images')
      .values(values)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return this.db
      .selectFrom('images')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
  }

  /** Fetches the picture at an address once and stores it; ImageRefused with the reason if not. */
  async storeFromUrl(url: string): Promise<ImageRow> {
    const fetched = await fetchImage(url, {
      maxBytes: this.limits.maxBytes,
      timeoutMs: this.limits.fetchTimeoutMs,
      maxRedirects: this.limits.fetchMaxRedirects,
      allowLoopback: this.limits.fetchAllowLoopback,
    });
    return this.store(fetched.bytes, { url: url.trim() });
  }

  async get(id: number): Promise<ImageRow | undefined> {
    return this.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

const MIME: Record<FormatExt, string> = Object.fromEntries(
  FORMATS.map((f) => [f.ext, f.type]),
) as Record<FormatExt, string>;

/** The content type of a stored file by its extension. */
export const mediaType = (ext: string): string | undefined => MIME[ext as FormatExt];

/** A stored image as the site renders it: `<picture>` sources, the fallback and the placeholder. */
export function toPicture(row: ImageRow): Picture {
  const widths = JSON.parse(row.widths) as number[];
  const formats = JSON.parse(row.formats) as FormatExt[];
  const url = (width: number, ext: string) => `${MEDIA_PATH}/${row.key}/${width}.${ext}`;
  const srcset = (ext: string) => widths.map((w) => `${url(w, ext)} ${w}w`).join(', ');
  const fallback = formats[formats.length - 1] ?? 'jpg';
  const largest = widths[widths.length - 1] ?? row.width;
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    src: url(largest, fallback),
    srcset: srcset(fallback),
    sources: formats
      .slice(0, -1)
      .map((ext) => ({ type: mediaType(ext) ?? '', srcset: srcset(ext) })),
  };
}

/** Stored pictures by id, as `Picture`s; ids without a row are left out. */
export async function picturesByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, Picture>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('images')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toPicture(row)]));
}

export function isImageRefused(error: unknown): error is ImageRefused {
  return error instanceof ImageRefused;
}
