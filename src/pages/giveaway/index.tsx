import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { GiveawayApolloProvider } from '@/features/giveaway/components/giveaway-apollo-provider';
import { GiveawayListPage, INTRO } from '@/features/giveaway/components/giveaway-list-page';

export default function GiveawaysPage() {
  return (
    <GiveawayApolloProvider>
      <GiveawayListPage />
    </GiveawayApolloProvider>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Giveaways" description={INTRO} pathname={location.pathname} />
);
