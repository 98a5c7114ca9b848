import crypto from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_VERSION, SOCIAL_CARD_WIDTH } from '@site/contracts';

/**
 * Social cards: the 1200 × 630 picture a link shows when it is shared (Open Graph's og:image,
 * X's summary_large_image). One drawing for every card of the site: posts and pages at build
 * time (plugins/social-cards), giveaways by the server when they are saved.
 *
 * The text is drawn by sharp (libvips → Pango) with the font files the repository carries
 * (pipeline/assets/fonts, Inter, SIL Open Font License), each named explicitly, so a card looks the
 * same on every machine whatever fonts it has installed. Everything else (background, the site's
 * mark) is an SVG of shapes alone, drawn by librsvg; no text goes through SVG, and what a person
 * typed reaches Pango only as escaped markup text.
 */

export const CARD_WIDTH = SOCIAL_CARD_WIDTH;
export const CARD_HEIGHT = SOCIAL_CARD_HEIGHT;

/** The folder with the card's fonts, beside src/ and dist/ in the pipeline package. */
export const DEFAULT_FONT_DIR = path.resolve(__dirname, '../../assets/fonts');

export interface SocialCardInput {
  /** The page's or giveaway's title: the card's headline. */
  title: string;
  /** A short line above the title: the post's category, "Giveaway". */
  label?: string | null;
  /** A line at the foot: a giveaway's closing date. */
  detail?: string | null;
  /** A picture shown at the card's right (a post's cover, a prize): bytes of any raster image. */
  picture?: Buffer | null;
}

export interface DrawOptions {
  /** Where Inter-Bold.ttf and Inter-Regular.ttf are. */
  fontDir?: string;
  /** The name drawn beside the mark. */
  siteName?: string;
}

const SITE_NAME = 'AgentWorks';
const PAD = 72;
const PICTURE_WIDTH = 440;
const TITLE_MAX = 140;

/**
 * Characters the card's font has no drawing for are left out rather than shown as boxes: emoji
 * and their joiners, variation selectors and skin tones, and control characters.
 */
const UNDRAWABLE =
  /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0E|\uFE0F|\u20E3|[\p{Cc}\p{Co}\p{Cs}]/gu;

/** The text as it is drawn: undrawable characters out, spaces collapsed, cut at `max` characters. */
export function drawableText(text: string, max = TITLE_MAX): string {
  const clean = text.replace(UNDRAWABLE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .replace(/\s+\S*$/, '')}…`;
}

/** Text for Pango markup: every character that markup gives a meaning to is escaped. */
export function markupText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export { socialCardAlt } from '@site/contracts';

/**
 * The card's key: 32 hex digits of a hash of everything drawn (and the drawing's version). The
 * picture counts by `pictureId`, a name that changes whenever its bytes do (a stored image's
 * address, which holds the hash of its bytes, or a hash of the bytes). The same input always gives
 * the same key, so a card already drawn under its key is never drawn again, and a changed title or
 * picture gives a new key (and a new address, which caches may keep forever).
 */
export function socialCardKey(
  input: Pick<SocialCardInput, 'title' | 'label' | 'detail'> & { pictureId?: string | null },
): string {
  const hash = crypto.createHash('sha256');
  hash.update(SOCIAL_CARD_VERSION);
  for (const part of [input.title, input.label ?? '', input.detail ?? '', input.pictureId ?? '']) {
    hash.update('\0').update(part);
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * A drawn layer as raw pixels: 8-bit RGBA, not premultiplied, row after row. Layers are handed to
 * the composite as they are, with no encoding to PNG and decoding again (both lossless, so the
 * card is the same; they cost a few milliseconds per layer).
 */
interface Layer {
  data: Buffer;
  width: number;
  height: number;
}

type TextLayer = Layer;

async function rawLayer(image: sharp.Sharp): Promise<Layer> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function overlay(layer: Layer, left: number, top: number): sharp.OverlayOptions {
  return {
    input: layer.data,
    raw: { width: layer.width, height: layer.height, channels: 4 },
    left,
    top,
  };
}

/** One block of text drawn with a font file the repository carries, white on transparent. */
export async function drawText(
  text: string,
  options: {
    fontDir: string;
    bold: boolean;
    size: number;
    width: number;
    /** When given, text that would be taller is shrunk to fit it. */
    maxHeight?: number;
    color?: string;
    letterSpacing?: number;
  },
): Promise<TextLayer | null> {
  if (text === '') return null;
  const fontfile = path.join(
    options.fontDir,
    options.bold ? 'Inter-Bold.ttf' : 'Inter-Regular.ttf',
  );
  const font = `Inter${options.bold ? ' Bold' : ''} ${options.size}`;
  const spacing =
    options.letterSpacing === undefined ? '' : ` letter_spacing="${options.letterSpacing * 1024}"`;
  const markup = `<span foreground="${options.color ?? '#ffffff'}"${spacing}>${markupText(text)}</span>`;
  const render = (fit: boolean) =>
    rawLayer(
      sharp({
        text: {
          text: markup,
          font,
          fontfile,
          width: options.width,
          ...(fit ? { height: options.maxHeight } : {}),
          rgba: true,
          wrap: 'word-char',
          spacing: Math.round(options.size * 0.18),
        },
      }),
    );
  const layer = await render(false);
  if (options.maxHeight === undefined || layer.height <= options.maxHeight) return layer;
  return render(true);
}

/** The background and the site's mark (the favicon's shape), as shapes only. */
function backgroundSvg(pictureWidth: number): Buffer {
  const mark = 64;
  const scale = mark / 32;
  const textRight = CARD_WIDTH - pictureWidth;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#312e81"/>
      <stop offset="0.55" stop-color="#4338ca"/>
      <stop offset="1" stop-color="#0e7490"/>
    </linearGradient>
    <linearGradient id="mark" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#4338ca"/>
      <stop offset="1" stop-color="#0e7490"/>
    </linearGradient>
  </defs>
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
  <circle cx="${textRight - 40}" cy="${CARD_HEIGHT + 60}" r="260" fill="#ffffff" fill-opacity="0.06"/>
  <rect x="${PAD}" y="${CARD_HEIGHT - PAD - 6}" width="96" height="6" rx="3" fill="#67e8f9"/>
  <g transform="translate(${PAD} ${PAD - 8}) scale(${scale})">
    <rect width="32" height="32" rx="8" fill="#ffffff"/>
    <path d="M10 21.5 16 9l6 12.5M12.4 16.5h7.2" stroke="url(#mark)" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="16" cy="9" r="2" fill="#4338ca"/>
    <circle cx="10" cy="21.5" r="2" fill="#4338ca"/>
    <circle cx="22" cy="21.5" r="2" fill="#0e7490"/>
  </g>
</svg>`,
  );
}

/**
 * The drawn background of each layout (with and without a picture) and the site's name beside the
 * mark, by font folder and name: the same on every card, so each is drawn once per process (the
 * background's SVG alone took about 30 ms a card).
 */
const backgrounds = new Map<number, Promise<Layer>>();
const names = new Map<string, Promise<TextLayer | null>>();

function background(pictureWidth: number): Promise<Layer> {
  let layer = backgrounds.get(pictureWidth);
  if (!layer) {
    layer = rawLayer(sharp(backgroundSvg(pictureWidth)));
    // A failed drawing is not kept: the next card tries again.
    layer.catch(() => backgrounds.delete(pictureWidth));
    backgrounds.set(pictureWidth, layer);
  }
  return layer;
}

function siteNameLayer(fontDir: string, siteName: string): Promise<TextLayer | null> {
  const key = `${fontDir}\0${siteName}`;
  let layer = names.get(key);
  if (!layer) {
    layer = drawText(siteName, { fontDir, bold: true, size: 30, width: 600 });
    layer.catch(() => names.delete(key));
    // Few distinct names are ever drawn; the map stays small all the same.
    if (names.size >= 8) names.delete(names.keys().next().value as string);
    names.set(key, layer);
  }
  return layer;
}

/**
 * Draws a card: a JPEG of exactly 1200 × 630. The picture, when given, is decoded with the
 * image service's own limits by the caller's choice of bytes (stored pictures and build-time
 * covers only) and cropped to fill the card's right part.
 */
export async function drawSocialCard(
  input: SocialCardInput,
  options: DrawOptions = {},
): Promise<Buffer> {
  const fontDir = options.fontDir ?? DEFAULT_FONT_DIR;
  let picture: Layer | null = null;
  if (input.picture) {
    try {
      picture = await rawLayer(
        sharp(input.picture, { failOn: 'error', limitInputPixels: 100_000_000 })
          .rotate()
          .resize(PICTURE_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' })
          .toColourspace('srgb'),
      );
    } catch {
      // A picture that cannot be read leaves the card without it rather than without a card.
      picture = null;
    }
  }
  const pictureWidth = picture ? PICTURE_WIDTH : 0;
  const textWidth = CARD_WIDTH - pictureWidth - PAD * 2;

  const label = drawableText(input.label ?? '', 60).toUpperCase();
  const detail = drawableText(input.detail ?? '', 80);
  const [name, labelLayer, titleLayer, detailLayer] = await Promise.all([
    siteNameLayer(fontDir, options.siteName ?? SITE_NAME),
    drawText(label, {
      fontDir,
      bold: true,
      size: 22,
      width: textWidth,
      color: '#a5f3fc',
      letterSpacing: 2,
    }),
    drawText(drawableText(input.title) || (options.siteName ?? SITE_NAME), {
      fontDir,
      bold: true,
      size: pictureWidth ? 52 : 62,
      width: textWidth,
      maxHeight: detail ? 220 : 290,
    }),
    drawText(detail, { fontDir, bold: false, size: 26, width: textWidth, color: '#e0e7ff' }),
  ]);

  const layers: sharp.OverlayOptions[] = [];
  if (picture) layers.push(overlay(picture, CARD_WIDTH - PICTURE_WIDTH, 0));
  if (name) layers.push(overlay(name, PAD + 84, PAD + 24 - Math.round(name.height / 2)));
  let top = 200;
  if (labelLayer) {
    layers.push(overlay(labelLayer, PAD, top));
    top += labelLayer.height + 18;
  }
  if (titleLayer) {
    layers.push(overlay(titleLayer, PAD, top));
  }
  if (detailLayer) {
    layers.push(overlay(detailLayer, PAD, CARD_HEIGHT - PAD - 30 - detailLayer.height));
  }

  const base = await background(pictureWidth);
  return sharp(base.data, { raw: { width: base.width, height: base.height, channels: 4 } })
    .composite(layers)
    .flatten({ background: '#312e81' })
    .jpeg({ quality: 84, progressive: true, optimiseCoding: true, quantisationTable: 3 })
    .toBuffer();
}
