import type { IGatsbyImageData } from 'gatsby-plugin-image';
import React from 'react';
import styled from 'styled-components';

const Picture = styled.picture<{ $placeholder?: string }>`
  display: block;
  width: 100%;
  height: 100%;
  background: ${({ $placeholder }) => ($placeholder ? `center / cover url("${$placeholder}")` : 'none')};

  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

interface ResponsiveImageProps {
  /** gatsby-plugin-image's data: sources per format, fallback, placeholder (plugins/projects/images.ts). */
  image: IGatsbyImageData;
  alt: string;
  loading?: 'eager' | 'lazy';
}

/**
 * The markup GatsbyImage produces (a <picture> with AVIF/WebP sources, a sized fallback and the
 * blurred placeholder behind it) as plain HTML, with no JavaScript of its own. GatsbyImage ships a
 * runtime that hydrates images through react-dom/server (about 20 KB compressed on every page
 * with an image); the browser's native lazy loading and srcset choice need none of it.
 */
export function ResponsiveImage({ image, alt, loading = 'lazy' }: ResponsiveImageProps) {
  const { fallback, sources = [] } = image.images;
  const placeholder = image.placeholder?.fallback;
  return (
    <Picture $placeholder={placeholder}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        decoding="async"
        {...(loading === 'eager' ? { fetchpriority: 'high' } : {})}
      />
    </Picture>
  );
}
