import type { PostPictureData } from '@site/contracts';
import React from 'react';
import styled from 'styled-components';
import { fallbackImage, PictureSources } from '@/components/ui/stored-picture';

/**
 * How wide a cover is drawn: the article column, as the body's pictures (BODY_SIZES in
 * pipeline/src/images.ts, the same text; the page's side padding is 20 px below 768 px and 32 px
 * from there, the column 760 px at most, beside the 320 px sidebar and its 48 px gap from 1,024 px
 * in a container of 1,200 px at most).
 */
export const COVER_SIZES =
  '(min-width: 1192px) 760px, (min-width: 1024px) calc(100vw - 432px), ' +
  '(min-width: 824px) 760px, (min-width: 768px) calc(100vw - 64px), calc(100vw - 40px)';

/** Whether build data (GraphQL JSON) is a picture the image service made. */
export function isPostPicture(value: unknown): value is PostPictureData {
  if (!value || typeof value !== 'object') return false;
  const picture = value as Partial<PostPictureData>;
  return (
    typeof picture.src === 'string' &&
    typeof picture.width === 'number' &&
    typeof picture.height === 'number' &&
    Array.isArray(picture.sources)
  );
}

interface PictureProps {
  picture: PostPictureData;
  alt: string;
  sizes?: string;
  loading?: 'eager' | 'lazy';
  className?: string;
}

/**
 * A picture made by the image service, as plain `<picture>` markup (no script): a source per
 * modern format, the JPEG fallback with its srcset, its intrinsic width and height (no layout
 * shift) and the tiny placeholder behind it while it loads.
 */
export function PostPicture({
  picture,
  alt,
  sizes = COVER_SIZES,
  loading = 'lazy',
  className,
}: PictureProps) {
  return (
    <Frame className={className} $placeholder={picture.placeholder}>
      <PictureSources picture={picture} sizes={sizes} />
      <img
        {...fallbackImage(picture, sizes)}
        alt={alt}
        loading={loading}
        decoding={loading === 'eager' ? 'sync' : 'async'}
        {...(loading === 'eager' ? { fetchpriority: 'high' } : {})}
      />
    </Frame>
  );
}

/*
 * The widths each card's cover is drawn at, as its layout gives them (the page's side padding is
 * 20 px below 768 px and 32 px from there, the content 1,200 px at most; a card has a 1 px
 * border), so the browser takes the smallest file that fills the box at the screen's density.
 */

/** A card on /blog: the cover spans the card; one column, then two from 768 px, three from 1,024. */
export const CARD_COVER_SIZES =
  '(min-width: 1200px) 361px, (min-width: 1024px) calc((100vw - 118px) / 3), ' +
  '(min-width: 768px) calc((100vw - 92px) / 2), calc(100vw - 42px)';

/** The home page's latest posts: inside a 24 px padded card; three columns from 768 px. */
export const HOME_COVER_SIZES =
  '(min-width: 1200px) 323px, (min-width: 768px) calc((100vw - 80px) / 3 - 50px), ' +
  'calc(100vw - 82px)';

/** Related posts, in the post's sidebar (320 px wide from 1,024 px, the page's width below). */
export const RELATED_COVER_SIZES =
  '(min-width: 1024px) 270px, (min-width: 768px) calc(100vw - 114px), calc(100vw - 90px)';

/** A cover on a card (/blog, the home page, related posts): lazy, at the size the card needs. */
export function CardCover({
  picture,
  alt,
  sizes = CARD_COVER_SIZES,
  className,
}: {
  picture: unknown;
  alt: string | null;
  sizes?: string;
  className?: string;
}) {
  if (!isPostPicture(picture)) return null;
  return <PostPicture picture={picture} alt={alt ?? ''} sizes={sizes} className={className} />;
}

/** The post's cover above its body: the largest thing on the first screen, so loaded first. */
export function PostCover({ picture, alt }: { picture: PostPictureData; alt: string }) {
  return (
    <CoverFigure>
      <PostPicture picture={picture} alt={alt} loading="eager" />
    </CoverFigure>
  );
}

const Frame = styled.picture<{ $placeholder: string }>`
  display: block;

  img {
    display: block;
    width: 100%;
    height: auto;
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ $placeholder }) => `center / cover url("${$placeholder}")`};
  }
`;

const CoverFigure = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space[8]};
`;
