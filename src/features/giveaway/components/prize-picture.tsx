import React from 'react';
import type { Picture } from '@site/contracts';
import { fallbackImage, PictureSources } from '@/components/ui/stored-picture';

interface PrizePictureProps {
  /** The prize's stored picture; without one, `fallbackSrc` (an address saved before pictures were stored). */
  picture: Picture | null | undefined;
  fallbackSrc?: string | null;
  alt: string;
  /** How wide the picture is drawn, for the browser's choice among the stored widths. */
  sizes: string;
  /** The first screen's largest picture: fetched at once and first. */
  eager?: boolean;
  /** Styles the `<img>`; the `<picture>` around it is a plain block. */
  className?: string;
}

/**
 * A prize picture: `<picture>` with a source per modern format and the JPEG fallback, each in every
 * stored width for `srcset`; the `<img>` carries the intrinsic width and height (so its box is
 * fixed before it loads) and shows the tiny placeholder as its background until it does.
 */
export function PrizePicture({
  picture,
  fallbackSrc,
  alt,
  sizes,
  eager = false,
  className,
}: PrizePictureProps) {
  const loading = eager ? 'eager' : 'lazy';
  // React 18 knows no fetchPriority prop: the attribute is spelled as HTML has it.
  const priority = eager ? { fetchpriority: 'high' } : {};
  if (!picture) {
    if (!fallbackSrc) return null;
    return (
      <img className={className} src={fallbackSrc} alt={alt} loading={loading} {...priority} />
    );
  }
  return (
    // A block of its own: its <source> children must not become items of the card's grid.
    <picture style={{ display: 'block' }}>
      <PictureSources picture={picture} sizes={sizes} />
      <img
        className={className}
        {...fallbackImage(picture, sizes)}
        alt={alt}
        loading={loading}
        decoding="async"
        style={{ backgroundImage: `url("${picture.placeholder}")`, backgroundSize: 'cover' }}
        {...priority}
      />
    </picture>
  );
}
