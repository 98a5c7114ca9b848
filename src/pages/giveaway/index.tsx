import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { GiveawayListPage, INTRO } from '@/features/giveaway/components/giveaway-list-page';

/** The list needs no Apollo: see useGiveawayList. The pages under /giveaway/* load it. */
export default function GiveawaysPage() {
  return <GiveawayListPage />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Giveaways" description={INTRO} pathname={location.pathname} />
);
