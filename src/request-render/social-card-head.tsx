import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A giveaway's social card as the public API names it (`social_card`). */
export interface ServedCard {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export function asCard(value: unknown): ServedCard | null {
  if (typeof value !== 'object' || value === null) return null;
  const { url, width, height, alt } = value as Record<string, unknown>;
  if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) return null;
  if (!Number.isInteger(width) || !Number.isInteger(height) || typeof alt !== 'string') return null;
  return { url, width: width as number, height: height as number, alt };
}

/**
 * The head tags naming a giveaway's social card, for its page drawn at request time: the built
 * page (a placeholder for every giveaway) names no picture, so these are the page's only ones.
 * React writes the attributes, escaping what the title put in the alt text.
 */
export function socialCardHead(giveaway: unknown): string {
  const card =
    typeof giveaway === 'object' && giveaway !== null
      ? asCard((giveaway as { social_card?: unknown }).social_card)
      : null;
  if (!card) return '';
  return renderToStaticMarkup(
    <>
      <meta property="og:image" content={card.url} />
      <meta property="og:image:type" content="image/jpeg" />
      <meta property="og:image:width" content={String(card.width)} />
      <meta property="og:image:height" content={String(card.height)} />
      <meta property="og:image:alt" content={card.alt} />
      <meta name="twitter:image" content={card.url} />
      <meta name="twitter:image:alt" content={card.alt} />
    </>,
  );
}
