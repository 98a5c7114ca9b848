/**
 * Facts about social cards shared by the site, its build and the server, with nothing else (no
 * schema library), so a page's head can import them alone (`@site/contracts/social-card`).
 *
 * A social card: the picture a link shows when it is shared (Open Graph's og:image, X's
 * summary_large_image), one per page and per giveaway, always of this size.
 */
export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;
/**
 * The version of the cards' drawing: part of every card's key and address, so a card drawn
 * another way gets another address (a shared link's picture is kept by the networks for good).
 */
export const SOCIAL_CARD_VERSION = 'card-v2';

/** What a card shows, in words, for og:image:alt: its label, title and detail line. */
export function socialCardAlt(card: {
  title: string;
  label?: string | null;
  detail?: string | null;
}): string {
  return [card.label, card.title, card.detail]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' — ');
}

/**
 * A page's social card, as its head names it: every prebuilt page gets its own 1200 × 630
 * picture, drawn by the build (plugins/social-cards) from what the page's <Seo> asks for. The
 * card's address is a hash of what it shows, so the head names it without waiting for it, the
 * same in the page render and in the browser, and a changed title gives a new address.
 */
export interface SocialCardRequest {
  /** The card's headline: the page's title. */
  title: string;
  /** A short line above it (a post's category). */
  label?: string | null;
  /** Site-relative address of a picture of the built site to show at the right (a cover). */
  cover?: string | null;
}

/** Where the build writes the cards, under the site's root. */
export const SOCIAL_CARD_FOLDER = '/og';

/** Two 32-bit lanes of a multiplicative hash over the UTF-16 units: 16 hex digits. */
function hash64(text: string): string {
  let a = 0xdeadbeef;
  let b = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 2654435761);
    b = Math.imul(b ^ unit, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(b) + hex(a);
}

/** The request with its optional parts settled, as the hash and the build read it. */
export function normalCardRequest(request: SocialCardRequest): Required<SocialCardRequest> {
  return {
    title: request.title.trim(),
    label: request.label?.trim() || null,
    cover: request.cover?.trim() || null,
  };
}

/** The card's site-relative address: /og/<16 hex digits>.jpg. */
export function socialCardAddress(request: SocialCardRequest): string {
  const { title, label, cover } = normalCardRequest(request);
  const key = hash64(JSON.stringify([SOCIAL_CARD_VERSION, title, label, cover]));
  return `${SOCIAL_CARD_FOLDER}/${key}.jpg`;
}
