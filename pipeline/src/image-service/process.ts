import sharp from 'sharp';

/**
 * Turning untrusted bytes into the pictures the site serves. Every decision about the bytes is
 * sharp's (libvips): the format is recognised from the content, never from a name or a declared
 * type; the size is read from the header and refused before any pixel is decoded; decoding stops
 * at the first error (a truncated file is refused); and what is written is a fresh encoding of
 * the pixels alone, so no metadata (EXIF, GPS, XMP, comments) and nothing appended to the file
 * survives.
 */

/** The formats taken in. SVG (a document that can carry script) and everything else are refused. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * Widths stored for `srcset`; a picture is never enlarged, so only those up to its own width.
 * About a quarter apart from 480 on, so the file a screen takes is never much wider than its box
 * needs: a phone's 372 px column needs 651 device pixels at 1.75× and 977 at 2.625×, and finds
 * 800 and 1000; a desktop's 760 px column finds 800.
 */
export const WIDTHS = [320, 480, 640, 800, 1000, 1280, 1600] as const;

/** Formats stored, best first; the last is the fallback every browser shows. */
export const FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;
export type FormatExt = (typeof FORMATS)[number]['ext'];

/** Changes whenever the encoding below changes, so stored files stay immutable under their key. */
export const ENCODING_VERSION = 'v2';

export interface ImageLimitsIn {
  maxBytes: number;
  maxPixels: number;
}

/** Why bytes were refused; the message is a sentence for the person who gave them. */
export class ImageRefused extends Error {
  /**
   * What was wrong: not a picture of a format taken (`type`), too large in bytes or pixels
   * (`size`), or a picture that cannot be read (`content`).
   */
  constructor(
    message: string,
    public readonly kind: 'type' | 'size' | 'content' = 'content',
  ) {
    super(message);
    this.name = 'ImageRefused';
  }
}

export interface ProcessedImage {
  /** Of the largest stored width. */
  width: number;
  height: number;
  widths: number[];
  /** Encoded files, by width and format. */
  files: { width: number; ext: FormatExt; data: Buffer }[];
  /** data: address of a tiny blurred copy. */
  placeholder: string;
  sourceType: string;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** What the header says about bytes that passed `inspectImage`. */
export interface InspectedImage {
  format: string;
  width: number;
  height: number;
  /** sharp's options for decoding these bytes within the limits. */
  decode: sharp.SharpOptions;
}

/**
 * Checks bytes by their header alone (no pixel decoded): size in bytes, a format taken (by the
 * content, never a name), and the pixel count. Throws ImageRefused with a sentence otherwise.
 */
export async function inspectImage(bytes: Buffer, limits: ImageLimitsIn): Promise<InspectedImage> {
  if (bytes.length === 0) throw new ImageRefused('The file is empty.');
  if (bytes.length > limits.maxBytes) {
    throw new ImageRefused(
      `The image is ${megabytes(bytes.length)}; the largest taken is ${megabytes(limits.maxBytes)}.`,
      'size',
    );
  }
  const options = { limitInputPixels: limits.maxPixels, failOn: 'error' as const, animated: false };
  let metadata: sharp.Metadata;
  try {
    // The header only: no pixel is decoded here, so the size is checked below in our words.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(
      'The file is not an image this site can use; please give a JPEG, PNG, WebP, GIF or AVIF picture.',
      'type',
    );
  }
  const format = metadata.format ?? 'unknown';
  if (!ACCEPTED.has(format)) {
    throw new ImageRefused(
      `The file is ${format === 'svg' ? 'an SVG drawing' : `a ${format.toUpperCase()} file`}, which this site does not take; please give a JPEG, PNG, WebP, GIF or AVIF picture.`,
      'type',
    );
  }
  const sourceWidth = metadata.width ?? 0;
  const sourceHeight = metadata.height ?? 0;
  if (sourceWidth < 1 || sourceHeight < 1) throw new ImageRefused('The image has no size.');
  if (sourceWidth * sourceHeight > limits.maxPixels) {
    throw new ImageRefused(
      `The image is ${sourceWidth} × ${sourceHeight} pixels; the most taken is ${limits.maxPixels.toLocaleString('en-US')} pixels in all.`,
      'size',
    );
  }
  return { format, width: sourceWidth, height: sourceHeight, decode: options };
}

/** Checks the bytes and encodes the stored widths, or throws ImageRefused. */
export async function processImage(bytes: Buffer, limits: ImageLimitsIn): Promise<ProcessedImage> {
  const { format, decode: options } = await inspectImage(bytes, limits);

  // Decoded once, turned upright (EXIF orientation), brought down to the largest stored width and
  // converted to sRGB; every width is made from this. A file that fails to decode (truncated,
  // corrupt) is refused here.
  let upright: { data: Buffer; info: sharp.OutputInfo };
  try {
    upright = await sharp(bytes, options)
      .rotate()
      .resize({ width: WIDTHS[WIDTHS.length - 1], withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRefused('The image could not be read: the file is damaged or incomplete.');
  }
  const raw = {
    raw: {
      width: upright.info.width,
      height: upright.info.height,
      channels: upright.info.channels,
    },
  };
  const largest = upright.info.width;
  const widths = [...WIDTHS.filter((w) => w < largest), largest];

  const files: ProcessedImage['files'] = [];
  for (const width of widths) {
    const resized = sharp(upright.data, raw).resize({ width, withoutEnlargement: true });
    const flat =
      upright.info.channels === 4 ? resized.clone().flatten({ background: '#ffffff' }) : resized;
    const [avif, webp, jpg] = await Promise.all([
      // Chroma at half resolution (4:2:0, as the WebP and JPEG are): a photo's colour has little
      // fine detail, and it saves about an eighth of the bytes and some encoding time.
      resized.clone().avif({ quality: 50, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer(),
      resized.clone().webp({ quality: 72, effort: 4 }).toBuffer(),
      flat.clone().jpeg({ quality: 76, mozjpeg: true }).toBuffer(),
    ]);
    files.push({ width, ext: 'avif', data: avif });
    files.push({ width, ext: 'webp', data: webp });
    files.push({ width, ext: 'jpg', data: jpg });
  }
  const tiny = await sharp(upright.data, raw)
    .resize({ width: 16 })
    .blur(1)
    .webp({ quality: 40 })
    .toBuffer();

  return {
    width: largest,
    height: upright.info.height,
    widths,
    files,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    sourceType: format === 'heif' ? 'avif' : format,
  };
}
