import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { apiBaseUrl } from '@/lib/api-client';
import { GiveawayListPage, INTRO } from '@/features/giveaway/components/giveaway-list-page';

/** The list needs no Apollo: see useGiveawayList. The pages under /giveaway/* load it. */
export default function GiveawaysPage() {
  return <GiveawayListPage />;
}

/**
 * The list's request starts with the page instead of after the app has started: the browser
 * fetches it beside the scripts, and useGiveawayList's identical request (same address, CORS
 * mode and credentials) is answered from that preload.
 */
export const Head: HeadFC = ({ location }) => (
  <Seo title="Giveaways" description={INTRO} pathname={location.pathname}>
    <link rel="preload" href={`${apiBaseUrl()}/giveaway`} as="fetch" crossOrigin="anonymous" />
  </Seo>
);
