import { type Static, Type } from '@sinclair/typebox';

/**
 * A picture the site stores itself, as markup needs it: `<picture>` with one `<source>` per
 * modern format, an `<img>` with the fallback, its intrinsic size and a placeholder shown while
 * it loads. Every address is under /media/ and never changes.
 */
export const PictureSchema = Type.Object({
  id: Type.Integer(),
  /** Of the largest stored width; the ratio is the picture's. */
  width: Type.Integer(),
  height: Type.Integer(),
  /** A data: address of a tiny blurred copy. */
  placeholder: Type.String(),
  /** The largest width in the fallback format (JPEG). */
  src: Type.String(),
  /** Every width in the fallback format, for the `<img>`'s srcset. */
  srcset: Type.String(),
  /** One per modern format, best first (AVIF, WebP). */
  sources: Type.Array(Type.Object({ type: Type.String(), srcset: Type.String() })),
});
export type Picture = Static<typeof PictureSchema>;

/** What POST /images answers: the stored picture. */
export const StoredImageSchema = PictureSchema;

/** A social card as the API names it (see ./social-card.ts): a giveaway's, drawn by the server. */
export const SocialCardSchema = Type.Object({
  /** Site-relative address of the card (a JPEG, never changed once written). */
  src: Type.String(),
  /** The same, absolute, for og:image. */
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** What the card shows, in words (og:image:alt). */
  alt: Type.String(),
});
export type SocialCard = Static<typeof SocialCardSchema>;
