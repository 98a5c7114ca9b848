import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { GiveawayListDocument } from '@/features/giveaway/components/giveaway-document';
import { INTRO } from '@/features/giveaway/components/giveaway-list-page';

/**
 * /giveaway as a document page, for a visitor without a session: never linked nor served at its
 * own address; the server draws the list into it (the list's request-render slot) and serves it
 * at /giveaway.
 */
export default function GiveawayListDocumentPage() {
  return <GiveawayListDocument />;
}

export const Head: HeadFC = () => (
  <Seo title="Giveaways" description={INTRO} pathname="/giveaway" />
);
