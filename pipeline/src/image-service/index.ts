/**
 * The one image service's work on bytes, shared by the build (plugins/blog's post pictures,
 * plugins/social-cards) and the server (uploads, prize pictures, giveaways' cards): turning
 * untrusted bytes into the served formats (./process.ts), fetching a picture named by address with
 * every address checked (./fetch.ts), and drawing a social card (./social-card.ts). It is a subpath
 * of its own, `@site/pipeline/image-service`, so what imports the content pipeline alone (its
 * compile workers among them) never loads sharp.
 */
export {
  ENCODING_VERSION,
  FORMATS,
  type FormatExt,
  ImageRefused,
  type ImageLimitsIn,
  type InspectedImage,
  inspectImage,
  type ProcessedImage,
  processImage,
  WIDTHS,
} from './process';
export { type Fetched, type FetchLimits, fetchImage, isPublicAddress } from './fetch';
export {
  CARD_HEIGHT,
  CARD_WIDTH,
  DEFAULT_FONT_DIR,
  type DrawOptions,
  drawableText,
  drawSocialCard,
  drawText,
  markupText,
  socialCardAlt,
  socialCardKey,
  type SocialCardInput,
} from './social-card';
