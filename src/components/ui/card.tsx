import React, { type ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * The surface every card shares: white, bordered, rounded and lightly shadowed, with its hover
 * changes eased. `$highlight` draws it in the primary colour with a deeper shadow.
 */
const cardSurface = css<{ $highlight?: boolean }>`
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid
    ${({ theme, $highlight }) => ($highlight ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme, $highlight }) => ($highlight ? theme.shadows.lg : theme.shadows.sm)};
  transition:
    transform 0.2s ease,
    box-shadow 0.2s ease,
    border-color 0.2s ease;
`;

/** A bordered surface for grouped content. `$interactive` adds a hover lift for clickable cards. */
export const Card = styled.div<{ $interactive?: boolean; $highlight?: boolean }>`
  ${cardSurface}
  position: relative;
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space[6]};

  ${({ $interactive, theme }) =>
    $interactive
      ? `
    &:hover,
    &:focus-within {
      transform: translateY(-3px);
      box-shadow: ${theme.shadows.lg};
      border-color: ${theme.colors.primary};
    }
  `
      : ''}

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space[8]};
  }
`;

export const CardTitle = styled.h3`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const CardText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * One item of a list of cards (a post, a project, a giveaway): an `<article>` on the card surface,
 * outlined in the primary colour while the pointer or the focus is inside it. `$fill` makes it as
 * tall as its grid cell; `$lift` raises it a little on hover (not with reduced motion) instead of
 * deepening its shadow; `$media` clips a picture at its top to the rounded corners; `$highlight`
 * as for Card.
 * Inside it: an optional picture, then a CardBody (or the content itself, padded by the caller),
 * holding a CardHeading, a CardDescription and CardActions.
 */
export const CardFrame = styled.article<{
  $fill?: boolean;
  $lift?: boolean;
  $media?: boolean;
  $highlight?: boolean;
}>`
  ${cardSurface}
  position: relative;
  display: flex;
  flex-direction: column;
  ${({ $fill }) => ($fill ? 'height: 100%;' : '')}
  ${({ $media }) => ($media ? 'overflow: hidden;' : '')}

  &:hover,
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme, $lift }) => ($lift ? theme.shadows.md : theme.shadows.lg)};
    ${({ $lift }) => ($lift ? 'transform: translateY(-2px);' : '')}
  }

  ${({ $lift, theme }) =>
    $lift
      ? `
    ${theme.media.reducedMotion} {
      transition: none;

      &:hover,
      &:focus-within {
        transform: none;
      }
    }
  `
      : ''}
`;

/** The card's text below its picture: a column of blocks, pushed apart by one gap. */
const CardBody = styled.div<{ $padding?: 5 | 6 }>`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme, $padding = 6 }) => theme.space[$padding]};
`;

/** The card's title (an h3 in a page's list; render `as="h2"` where the list is the page's own). */
export const CardHeading = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1.3;
  margin: 0;
`;

/** The card's summary text. */
export const CardDescription = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The card's buttons, kept at its bottom edge so the buttons of a row of cards line up. */
export const CardActions = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space[2]};
`;

export interface ListCardProps {
  /** The picture at the card's top edge, clipped to its rounded corners; none leaves no space. */
  media?: ReactNode;
  /** The text: a CardHeading, a CardDescription and whatever the card adds, then CardActions. */
  children: ReactNode;
  /** The id of the card's heading, which names the article. */
  labelledBy: string;
  /** Padding of the text: 5 (1.25rem) for the dense gallery, 6 (1.5rem) otherwise. */
  bodyPadding?: 5 | 6;
  /** As tall as its grid cell, so the cards of a row end together. */
  fill?: boolean;
}

/** A list card with a picture slot above its text: CardFrame holding the media and a CardBody. */
export function ListCard({ media, children, labelledBy, bodyPadding, fill }: ListCardProps) {
  return (
    <CardFrame $media $fill={fill} aria-labelledby={labelledBy}>
      {media}
      <CardBody $padding={bodyPadding}>{children}</CardBody>
    </CardFrame>
  );
}
