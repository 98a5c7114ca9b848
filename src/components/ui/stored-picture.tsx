import React from 'react';

/** A picture the image service stored (a post's or a prize's): the JPEG fallback and its formats. */
interface StoredPicture {
  src: string;
  srcset: string;
  width: number;
  height: number;
  sources: readonly { type: string; srcset: string }[];
}

/** A `<source>` per modern format of a stored picture, each with every stored width, at `sizes`. */
export function PictureSources({ picture, sizes }: { picture: StoredPicture; sizes: string }) {
  return (
    <>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
    </>
  );
}

/** The `<img>` attributes of a stored picture's fallback: its srcset at `sizes`, intrinsic size. */
export function fallbackImage(picture: StoredPicture, sizes: string) {
  return {
    src: picture.src,
    srcSet: picture.srcset,
    sizes,
    width: picture.width,
    height: picture.height,
  };
}
