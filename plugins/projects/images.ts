import { createHash } from 'node:crypto';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import type { Sharp } from 'sharp';

/**
 * The gallery's card images, made once when a project image is added or changed instead of on
 * every build: AVIF, WebP and the source format at three widths, plus a blurred placeholder, as
 * gatsby-plugin-image's constrained layout describes them (the markup is
 * src/components/ui/responsive-image.tsx). Encoding AVIF is slow (about 30 s of CPU for the
 * gallery's seven images), and doing it in every clean build cost more than anything else the
 * build does for the gallery.
 *
 * The files are kept in content/projects/cards/ (their names carry a hash of the source image and
 * of these settings) and what the page needs to know of them in content/projects/images.json,
 * keyed by the image's path as projects.yaml names it. Both are committed. The build
 * (./gatsby-node.ts) uses an entry whose hash still matches its source image, and copies its files
 * to public/static/projects/; for a new or changed image it makes the files itself, and says which
 * files to commit.
 */

/** The card's width in CSS pixels and its shape (16:10). */
export const CARD_WIDTH = 640;
export const ASPECT_RATIO = 1.6;
/** Widths made for each format: a quarter, half and the whole card, none wider than the source. */
const DENSITIES = [0.25, 0.5, 1];
/** gatsby-plugin-sharp's default quality, for all three formats. */
const QUALITY = 50;
/** Width of the blurred placeholder, inlined into the page as a data: URL. */
const PLACEHOLDER_WIDTH = 20;
/**
 * Part of every entry's key: change it whenever what deriveImage makes changes, so that every
 * image is made again.
 */
export const SETTINGS = `v1 ${CARD_WIDTH} ${ASPECT_RATIO} ${DENSITIES.join(',')} q${QUALITY} p${PLACEHOLDER_WIDTH}`;

/**
 * Where the files are served from (public/static/ is for files whose names change with their
 * content, which the server lets browsers keep for good), and where they are kept.
 */
export const PUBLIC_PATH = '/static/projects/';
export const PUBLIC_DIR = 'public/static/projects';
export const CARDS_DIR = 'content/projects/cards';
export const MANIFEST = 'content/projects/images.json';

export interface ImageEntry {
  /** sha256 of the source image and SETTINGS: the entry is current while this matches. */
  readonly key: string;
  /** The file names in content/projects/cards/ that `image` refers to. */
  readonly files: readonly string[];
  readonly image: IGatsbyImageData;
}

export type Manifest = Record<string, ImageEntry>;

/** The key of a source image's entry. */
export function imageKey(source: Buffer): string {
  return createHash('sha256').update(SETTINGS).update('\0').update(source).digest('hex');
}

type SharpFactory = (input: Buffer) => Sharp;

const FORMATS = {
  avif: { type: 'image/avif', encode: (pipeline: Sharp) => pipeline.avif({ quality: QUALITY }) },
  webp: { type: 'image/webp', encode: (pipeline: Sharp) => pipeline.webp({ quality: QUALITY }) },
  png: {
    type: 'image/png',
    encode: (pipeline: Sharp) =>
      pipeline.png({ compressionLevel: 9, adaptiveFiltering: false, quality: QUALITY }),
  },
  jpg: {
    type: 'image/jpeg',
    encode: (pipeline: Sharp) => pipeline.jpeg({ quality: QUALITY, progressive: true }),
  },
} as const;

/**
 * Makes the files of one source image. `name` is the file's base name without extension
 * (drowsiness-alert); the fallback keeps the source's format (PNG stays PNG, anything else becomes
 * JPEG). Returns the entry and the files to write into content/projects/cards/.
 */
export async function deriveImage(
  sharp: SharpFactory,
  source: Buffer,
  name: string,
): Promise<{ entry: ImageEntry; files: Map<string, Buffer> }> {
  const metadata = await sharp(source).metadata();
  const sourceWidth = metadata.width ?? CARD_WIDTH;
  const fallbackFormat = metadata.format === 'png' ? 'png' : 'jpg';
  const key = imageKey(source);
  const stem = `${name}-${key.slice(0, 10)}`;
  const widths = [
    ...new Set(DENSITIES.map((density) => Math.min(Math.round(CARD_WIDTH * density), sourceWidth))),
  ];
  const width = Math.min(CARD_WIDTH, sourceWidth);
  const height = Math.round(width / ASPECT_RATIO);
  const sizes = `(min-width: ${width}px) ${width}px, 100vw`;
  const files = new Map<string, Buffer>();

  const resized = (w: number) =>
    // As gatsby-plugin-sharp: cover the box, cropping around the most interesting part.
    sharp(source).resize(w, Math.round(w / ASPECT_RATIO), {
      fit: 'cover',
      position: 'attention',
    });
  const srcSet = async (format: keyof typeof FORMATS) => {
    const parts: string[] = [];
    for (const w of widths) {
      const file = `${stem}-${w}.${format}`;
      files.set(file, await FORMATS[format].encode(resized(w)).toBuffer());
      parts.push(`${PUBLIC_PATH}${file} ${w}w`);
    }
    return parts.join(',\n');
  };

  const sources = [];
  for (const format of ['avif', 'webp'] as const) {
    sources.push({ srcSet: await srcSet(format), type: FORMATS[format].type, sizes });
  }
  const fallbackSrcSet = await srcSet(fallbackFormat);
  const placeholder = await FORMATS[fallbackFormat].encode(resized(PLACEHOLDER_WIDTH)).toBuffer();
  const image: IGatsbyImageData = {
    layout: 'constrained',
    width,
    height,
    images: {
      fallback: {
        src: `${PUBLIC_PATH}${stem}-${width}.${fallbackFormat}`,
        srcSet: fallbackSrcSet,
        sizes,
      },
      sources,
    },
    placeholder: {
      fallback: `data:${FORMATS[fallbackFormat].type};base64,${placeholder.toString('base64')}`,
    },
  };
  return { entry: { key, files: [...files.keys()], image }, files };
}

/**
 * The entry for `relativePath` if it is current: its key matches the source image and every one
 * of its files is there (`exists` answers for a name in content/projects/cards/). Otherwise null.
 */
export function currentEntry(
  manifest: Manifest,
  relativePath: string,
  source: Buffer,
  exists: (file: string) => boolean,
): ImageEntry | null {
  const entry = manifest[relativePath];
  if (!entry || entry.key !== imageKey(source)) return null;
  return entry.files.every(exists) ? entry : null;
}

/** Reads the manifest's text; a missing file is an empty manifest, a broken one an error. */
export function parseManifest(text: string | null): Manifest {
  if (text === null) return {};
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${MANIFEST} is not an object of image entries.`);
  }
  return value as Manifest;
}

/** The manifest's text: entries sorted by path, so that it changes only where an image did. */
export function formatManifest(manifest: Manifest): string {
  const sorted = Object.fromEntries(
    Object.keys(manifest)
      .sort()
      .map((key) => [key, manifest[key]]),
  );
  return `${JSON.stringify(sorted, null, 2)}\n`;
}
