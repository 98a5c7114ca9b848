import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { OWN_MEDIA_FILE, type PostPicture } from '@site/pipeline';
import { ImageRefused, type ImageLimitsIn, inspectImage } from '@site/pipeline/image-service';

/**
 * Pictures uploaded in the post editor. The bytes are checked by the image service's rules
 * (`inspectImage`: content-sniffed format, no SVG, file size and pixel count read from the header
 * before any pixel is decoded), then decoded within those limits, turned upright, brought down to
 * at most SOURCE_MAX_WIDTH and encoded afresh (JPEG, or PNG when the picture has transparency), so
 * no metadata (EXIF, GPS, XMP, comments) and nothing appended to the file survives.
 *
 * The result is the post's source picture: kept under DATA_DIR/post-media/<name> while the post is
 * a draft (the editor's preview shows it from /media/drafts/<name>), and copied into the post's
 * own folder, content/blog-media/<slug>/, when the post is published. The build makes the widths
 * and formats the page serves from that file (plugins/blog/post-images.ts), with the same
 * `processImage` as every other picture of the site.
 */

/** Widest source kept: twice the body column, enough for every width the build makes. */
export const SOURCE_MAX_WIDTH = 2400;
/** Where uploads wait under DATA_DIR until their post is published. */
export const POST_MEDIA_DIR = 'post-media';
/** The public address of an upload while its post is a draft. */
export const DRAFT_MEDIA_PATH = '/media/drafts';
/** content/blog-media/<slug>/: the post's own pictures, committed with the post. */
export const BLOG_MEDIA_DIR = 'blog-media';
/** Where a post's previous folder waits while a change that replaced it is being built. */
const PREVIOUS_DIR = '.previous';

export interface StoredUpload {
  /** The file name in the post's folder; markdown names it `media/<file>`. */
  file: string;
  width: number;
  height: number;
  placeholder: string;
  bytes: number;
}

type Meta = Omit<StoredUpload, 'file'>;

/** Checks and re-encodes uploaded bytes; ImageRefused with a sentence when they are unusable. */
export async function sanitizeUpload(
  bytes: Buffer,
  limits: ImageLimitsIn,
): Promise<{
  data: Buffer;
  ext: 'jpg' | 'png';
  width: number;
  height: number;
  placeholder: string;
}> {
  const { decode } = await inspectImage(bytes, limits);
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(bytes, decode)
      .rotate()
      .resize({ width: SOURCE_MAX_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRefused('The image could not be read: the file is damaged or incomplete.');
  }
  const { width, height, channels } = decoded.info;
  const raw = { raw: { width, height, channels } };
  let transparent = false;
  if (channels === 4) {
    const stats = await sharp(decoded.data, raw).stats();
    transparent = !stats.isOpaque;
  }
  const pixels = sharp(decoded.data, raw);
  const [data, tiny] = await Promise.all([
    transparent
      ? pixels.clone().png({ compressionLevel: 8 }).toBuffer()
      : pixels
          .clone()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 86, optimiseCoding: true })
          .toBuffer(),
    pixels.clone().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer(),
  ]);
  return {
    data,
    ext: transparent ? 'png' : 'jpg',
    width,
    height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/** content/blog-media/<slug>/ */
export function postMediaFolder(contentDir: string, slug: string): string {
  return path.join(contentDir, BLOG_MEDIA_DIR, slug);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** The editor's uploads: stored once per content (the name is a digest of the re-encoded bytes). */
export class PostMediaStore {
  constructor(
    private readonly dataDir: string,
    private readonly contentDir: string,
    private readonly limits: ImageLimitsIn,
  ) {}

  /** DATA_DIR/post-media/ */
  get folder(): string {
    return path.join(this.dataDir, POST_MEDIA_DIR);
  }

  async store(bytes: Buffer): Promise<StoredUpload> {
    const image = await sanitizeUpload(bytes, this.limits);
    const digest = crypto.createHash('sha256').update(image.data).digest('hex').slice(0, 24);
    const file = `${digest}.${image.ext}`;
    const meta: Meta = {
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
      bytes: image.data.length,
    };
    await fs.mkdir(this.folder, { recursive: true });
    const target = path.join(this.folder, file);
    if (!(await exists(target))) {
      // Written beside and renamed, so a reader never sees half a file.
      const temporary = `${target}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(temporary, image.data);
      await fs.rename(temporary, target);
    }
    await fs.writeFile(`${target}.json`, JSON.stringify(meta));
    return { file, ...meta };
  }

  /** Where the bytes of `file` are (see locateMedia). */
  locate(file: string, slugHint?: string | null): Promise<string | null> {
    return locateMedia(this.folder, this.contentDir, file, slugHint);
  }

  /**
   * The picture the editor's preview draws for `file`: the same `<picture>` markup the page gets,
   * served from the upload itself. Null when the file is not stored anywhere.
   */
  async previewPicture(file: string, slugHint?: string | null): Promise<PostPicture | null> {
    const uploaded = path.join(this.folder, file);
    let meta: Meta | null = null;
    if (OWN_MEDIA_FILE.test(file)) {
      try {
        meta = JSON.parse(await fs.readFile(`${uploaded}.json`, 'utf8')) as Meta;
      } catch {
        meta = null;
      }
    }
    if (!meta || !(await exists(uploaded))) {
      // A published post's picture: taken into the uploads (same checks), so it has its data.
      const found = await this.locate(file, slugHint);
      if (!found) return null;
      const stored = await this.store(await fs.readFile(found));
      if (stored.file !== file) await fs.copyFile(path.join(this.folder, stored.file), uploaded);
      await fs.writeFile(`${uploaded}.json`, JSON.stringify({ ...stored, file: undefined }));
      meta = stored;
    }
    const src = `${DRAFT_MEDIA_PATH}/${file}`;
    return {
      width: meta.width,
      height: meta.height,
      placeholder: meta.placeholder,
      src,
      srcset: `${src} ${meta.width}w`,
      sources: [],
    };
  }

  /** The path of an upload to serve, or null. */
  async uploadPath(file: string): Promise<string | null> {
    if (!OWN_MEDIA_FILE.test(file)) return null;
    const uploaded = path.join(this.folder, file);
    return (await exists(uploaded)) ? uploaded : null;
  }
}

/**
 * Where the bytes of `file` are: the uploads (when `uploadsDir` is given), else the folder of a
 * published post that has it (a draft opened from a published post names that post's pictures).
 * Null when nowhere.
 */
export async function locateMedia(
  uploadsDir: string | null,
  contentDir: string,
  file: string,
  slugHint?: string | null,
): Promise<string | null> {
  if (!OWN_MEDIA_FILE.test(file)) return null;
  if (uploadsDir) {
    const uploaded = path.join(uploadsDir, file);
    if (await exists(uploaded)) return uploaded;
  }
  const root = path.join(contentDir, BLOG_MEDIA_DIR);
  if (slugHint) {
    const own = path.join(root, slugHint, file);
    if (await exists(own)) return own;
  }
  let slugs: string[] = [];
  try {
    slugs = (await fs.readdir(root, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name);
  } catch {
    return null;
  }
  for (const slug of slugs) {
    const candidate = path.join(root, slug, file);
    if (await exists(candidate)) return candidate;
  }
  return null;
}

/** Why a post's pictures cannot be put in place (a file that is stored nowhere). */
export class MediaMissing extends Error {}

function previousFolder(contentDir: string, slug: string, jobId: number): string {
  return path.join(contentDir, BLOG_MEDIA_DIR, PREVIOUS_DIR, `${slug}-${jobId}`);
}

/**
 * Makes content/blog-media/<slug>/ hold exactly `files` (what the post's body and cover name):
 * each is copied from the uploads or from the post's current folder, and whatever the post no
 * longer names is gone with the old folder, so publishing leaves no orphan. The old folder is
 * kept aside until the change is settled (`settlePostMedia`) or undone (`undoPostMedia`).
 */
export async function placePostMedia(
  uploadsDir: string | null,
  contentDir: string,
  slug: string,
  files: readonly string[],
  jobId: number,
): Promise<void> {
  const target = postMediaFolder(contentDir, slug);
  const previous = previousFolder(contentDir, slug, jobId);
  const temporary = path.join(contentDir, BLOG_MEDIA_DIR, PREVIOUS_DIR, `${slug}-${jobId}.new`);
  await fs.rm(temporary, { recursive: true, force: true });
  await fs.mkdir(temporary, { recursive: true });
  try {
    for (const file of files) {
      const from = await locateMedia(uploadsDir, contentDir, file, slug);
      if (!from) {
        throw new MediaMissing(
          `The picture media/${file} is not stored on the server any more; upload it again.`,
        );
      }
      await fs.copyFile(from, path.join(temporary, file));
    }
  } catch (error) {
    await fs.rm(temporary, { recursive: true, force: true });
    throw error;
  }
  await fs.rm(previous, { recursive: true, force: true });
  if (await exists(target)) await fs.rename(target, previous);
  if (files.length > 0) await fs.rename(temporary, target);
  else await fs.rm(temporary, { recursive: true, force: true });
}

/** Removes a post's folder (unpublish), keeping it aside until the change is settled. */
export async function removePostMedia(contentDir: string, slug: string, jobId: number) {
  const target = postMediaFolder(contentDir, slug);
  const previous = previousFolder(contentDir, slug, jobId);
  await fs.rm(previous, { recursive: true, force: true });
  if (await exists(target)) {
    await fs.mkdir(path.dirname(previous), { recursive: true });
    await fs.rename(target, previous);
  }
}

/** Puts a post's folder back as it was before the job. */
export async function undoPostMedia(contentDir: string, slug: string, jobId: number) {
  const target = postMediaFolder(contentDir, slug);
  const previous = previousFolder(contentDir, slug, jobId);
  if (await exists(previous)) {
    await fs.rm(target, { recursive: true, force: true });
    await fs.rename(previous, target);
  } else {
    await fs.rm(target, { recursive: true, force: true });
  }
}

/** The job's change is final: the folder kept aside for an undo goes. */
export async function settlePostMedia(contentDir: string, slug: string, jobId: number) {
  await fs.rm(previousFolder(contentDir, slug, jobId), { recursive: true, force: true });
}
