import React from 'react';
import styled from 'styled-components';
import { PageHero, onDarkPrimary } from '@/components/marketing/page-hero';
import { ButtonLink } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { GiveawayListing } from './giveaway-listing';

const HeroButton = styled(ButtonLink)`
  ${onDarkPrimary}
`;

export const INTRO =
  'Win prizes from AgentWorks. Enter any open giveaway with your e-mail address and Instagram handle, and follow us on social media so you never miss the next one.';

/** /giveaway: every giveaway as a card, in a grid of 1, 2 or 3 columns by width. */
export function GiveawayListPage() {
  const { isAdmin, ready } = useSession();
  return (
    <>
      <PageHero
        title="Giveaways"
        lead={INTRO}
        actions={
          ready && isAdmin ? (
            <HeroButton to="/giveaway/admin" size="lg">
              Manage Giveaways
            </HeroButton>
          ) : null
        }
      />
      <GiveawayListing />
    </>
  );
}
