import React from 'react';
import { GiveawayDocument } from '@/features/giveaway/components/giveaway-document';
import { asServedEntryState } from '@/features/giveaway/served-entry';
import type { GiveawayItem } from '@/features/giveaway/api/giveaway-fields';
import { asServedGiveaway } from '@/features/giveaway/served-giveaway';
import { Seo } from '@/components/seo';
import { headWithSite } from './page-head';
import { asCard, socialCardHead } from './social-card-head';
import { drawDocument } from './draw-document';
import type { RenderedSlot, SlotContext } from '@site/contracts/request-slots';

/**
 * /giveaway/{id} as a document page (src/pages/entrant-document/giveaway.tsx): `null` gives the
 * loading frame the prebuilt page holds; a giveaway (the public GET /giveaway/{id} answer) gives
 * its page with the islands' elements and props, which the island loader already on the page
 * hydrates. `entry`: the server's answer to the entry form sent as a page. The head gets the styles
 * and the giveaway's social card (what a link shared in a chat shows: crawlers come without a
 * session, so they get this page); the islands carry their own data.
 */
/** The longest description a search result or a link preview shows in full. */
const DESCRIPTION_MAX = 160;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/**
 * The giveaway's own head tags in the place of the built page's (a placeholder for every
 * giveaway, never indexed at its own address): its title, as the app page sets it, its
 * description, its canonical address, and its social card (the site's picture when it has none).
 */
function giveawayHead(giveaway: GiveawayItem, site: NonNullable<SlotContext['site']>): string {
  const card = asCard((giveaway as { social_card?: unknown }).social_card);
  return headWithSite(
    site,
    <Seo
      title={`${giveaway.title} - Giveaway`}
      description={shortened(giveaway.description || `Prize: ${giveaway.prize}`)}
      pathname={`/giveaway/${giveaway.id}`}
      image={card ? card.url : '/og-image.png'}
    >
      {card ? (
        <>
          <meta property="og:image:type" content="image/jpeg" />
          <meta property="og:image:width" content={String(card.width)} />
          <meta property="og:image:height" content={String(card.height)} />
          <meta property="og:image:alt" content={card.alt} />
          <meta name="twitter:image:alt" content={card.alt} />
        </>
      ) : null}
    </Seo>,
  );
}

export function render(data: unknown, entry?: unknown, context?: SlotContext): RenderedSlot {
  const giveaway = asServedGiveaway(data);
  const entryState = giveaway === null ? null : asServedEntryState(entry);
  const site = context?.site ?? null;
  if (giveaway !== null && site !== null) {
    return drawDocument(
      <GiveawayDocument giveaway={giveaway} entryState={entryState} />,
      giveawayHead(giveaway, site),
    );
  }
  // Without the site's metadata (a build older than it): the card's tags beside the built head.
  const drawn = drawDocument(<GiveawayDocument giveaway={giveaway} entryState={entryState} />);
  return { ...drawn, head: (giveaway === null ? '' : socialCardHead(giveaway)) + drawn.head };
}
