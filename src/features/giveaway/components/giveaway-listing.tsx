import React, { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { Container } from '@/components/ui/container';
import { Spinner } from '@/components/ui/spinner';
import { useGiveawayList } from '../use-giveaway-list';
import { useGiveawaysWithId } from '../use-giveaways-with-id';
import { GiveawayCard } from './giveaway-card';
import { MessagePanel } from './message-panel';
import { listOrder } from '../states';
import { gridList } from '@/styles/layout';

// Tall enough to keep the footer below the fold while the list loads, so the list arriving does
// not push visible content down (Lighthouse measured a 0.01 layout shift of the footer).
const Listing = styled.section`
  min-height: 70vh;
  padding-block: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[16]};
`;

export const GiveawayGrid = styled.ul<{ $columns?: 2 | 3 }>`
  ${gridList(6)}
  grid-template-columns: 1fr;

  > li {
    display: flex;
    flex-direction: column;

    > * {
      flex: 1;
    }
  }

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(${({ $columns = 3 }) => $columns}, minmax(0, 1fr));
  }
`;

/**
 * /giveaway's list itself. It depends on nothing but the list (no session, no location, no
 * request code at first render), so the server can draw it alone at request time with the public
 * list (src/request-render/giveaway-list.tsx), in the place of the prebuilt page's loading state.
 */
export function GiveawayListing() {
  const { giveaways: answer, loading, error } = useGiveawayList();
  // An admin's answer also holds archived giveaways (for the management page); this list is the
  // public one, so they stay out of it for everyone.
  const all = useGiveawaysWithId(answer);
  const giveaways = useMemo(() => listOrder(all.filter((g) => !g.archived)), [all]);

  // A failed list load is only logged; the page then reads as an empty list.
  useEffect(() => {
    if (error) console.error('Failed to load giveaways', error);
  }, [error]);

  return (
    <Listing aria-label="All giveaways">
      <Container>
        {loading && !answer ? (
          <Spinner label="Loading giveaways..." />
        ) : giveaways.length === 0 ? (
          <MessagePanel
            as="h2"
            title="No giveaways yet"
            text="Check back soon for exciting giveaways and prizes!"
          />
        ) : (
          <GiveawayGrid>
            {giveaways.map((giveaway, at) => (
              <li key={giveaway.id}>
                <GiveawayCard giveaway={giveaway} first={at === 0} />
              </li>
            ))}
          </GiveawayGrid>
        )}
      </Container>
    </Listing>
  );
}
