import React from 'react';
import styled from 'styled-components';
import { PageHero } from '@/components/marketing/page-hero';
import { ButtonAnchor } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { GiveawayItem } from '../api/giveaway-fields';
import type { ServedEntryState } from '../served-entry';
import { displayHandle } from '../spin/display-name';
import { entryAreaProps, GiveawayEntryIsland } from './giveaway-entry';
import { INTRO } from './giveaway-list-page';
import { GiveawayListing } from './giveaway-listing';
import { GiveawayView } from './giveaway-view';
import { ROUTES_LOADING_LABEL, RoutesFrame } from './routes-frame';

/*
 * The entrant's giveaway pages as document pages: drawn by the server (a request-render slot of a
 * page of their own, src/pages/entrant-document/), served without the app's runtime to a visitor
 * without a session, with islands where the entrant acts. The same components as the app's pages
 * draw them; only what runs in the browser differs.
 */

/** "See your entry" instead of "Enter now" once the page shows "You're in" (CSS, no script). */
const EnterNow = styled.span`
  body:has(#receipt-title) & {
    display: none;
  }
`;

const SeeEntry = styled.span`
  display: none;

  body:has(#receipt-title) & {
    display: inline;
  }
`;

/**
 * /giveaway/{id} as a document: `null` is the page as built (the frame, loading), which the
 * server replaces with the giveaway drawn. The entry area (form or "You're in"), the countdown
 * and the share card are islands; the button to the entry area is a link to it.
 */
export function GiveawayDocument({
  giveaway,
  entryState = null,
}: {
  giveaway: GiveawayItem | null;
  entryState?: ServedEntryState | null;
}) {
  if (giveaway === null) {
    return (
      <RoutesFrame>
        <Spinner label={ROUTES_LOADING_LABEL} />
      </RoutesFrame>
    );
  }
  const id = String(giveaway.id);
  const entryProps = entryAreaProps(giveaway, entryState);
  const { open } = entryProps;
  const entryArea = <GiveawayEntryIsland id={id} {...entryProps} />;
  return (
    <RoutesFrame>
      <GiveawayView
        id={id}
        giveaway={giveaway}
        winnerName={giveaway.winner_details ? displayHandle(giveaway.winner_details) : ''}
        enterLink={
          open ? (
            <ButtonAnchor href="#enter">
              <EnterNow>Enter now</EnterNow>
              <SeeEntry>See your entry</SeeEntry>
            </ButtonAnchor>
          ) : null
        }
        entry={open ? entryArea : null}
        afterHistory={open ? null : entryArea}
      />
    </RoutesFrame>
  );
}

/** /giveaway as a document: the list (drawn by the server in place of its loading state). */
export function GiveawayListDocument() {
  return (
    <>
      <PageHero title="Giveaways" lead={INTRO} />
      <GiveawayListing />
    </>
  );
}
