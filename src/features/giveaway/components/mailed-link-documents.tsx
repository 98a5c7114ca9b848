import { Link } from 'gatsby-link';
import React from 'react';
import { IconSprite, IconSpriteProvider } from '@/components/icon-base';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatCalendarDate } from '@/lib/dates';
import type { GiveawayItem } from '../api/giveaway-fields';
import type { MailedLinkState } from '../mailed-link-state';
import { ClaimLinkProblem, LinkStateNotice, NeedsClaimLink } from './claim-form';
import { DetailCard, DetailCardTitle } from './detail-card';
import { MailedLinkIsland } from './mailed-link-island';
import { ROUTES_LOADING_LABEL, RoutesFrame } from './routes-frame';
import { ShareCard } from './share-card';
import { Subpage } from './subpage';

/*
 * The pages a mailed link opens, as document pages for a visitor without a session (see
 * giveaway-document.tsx): the entry's confirmation page and the winner's claim page. The server
 * draws them from the public giveaway and, for a link with its token, from what that token stands
 * for (then the page is private). What the visitor acts on is one island.
 */

/** The confirmation page opened without its token. */
export function NeedsConfirmLink() {
  return (
    <Alert variant="warning" title="This page needs the link from your e-mail">
      When you entered, we sent you an e-mail with a personal link to confirm your entry. Open that
      link exactly as it was sent (some mail programs split long links across lines).
    </Alert>
  );
}

/** What happens after confirming: the entry counts, when the draw is, how the winner hears. */
export function WhatHappensNext({
  id,
  giveaway,
}: {
  id: string;
  giveaway: Pick<GiveawayItem, 'end_date' | 'winner_count'>;
}) {
  const several = (giveaway.winner_count ?? 1) > 1;
  return (
    <DetailCard aria-labelledby="next-steps-title">
      <DetailCardTitle id="next-steps-title">What happens next</DetailCardTitle>
      <ul>
        <li>Once confirmed, your entry counts: it is in the list the winner is drawn from.</li>
        <li>
          {giveaway.end_date
            ? `Entries close on ${formatCalendarDate(giveaway.end_date)}; the draw follows, and anyone can check how it was made.`
            : 'The draw follows when entries close, and anyone can check how it was made.'}
        </li>
        <li>
          {several ? 'Each winner is' : 'The winner is'} told by e-mail, at the address entered
          with, with a link to claim the prize; the giveaway&rsquo;s page names{' '}
          {several ? 'the winners' : 'the winner'} by handle.
        </li>
        <li>
          <Link to={`/giveaway/${id}/check`}>Was I in the draw?</Link> Check with your receipt code
          at any time.
        </li>
      </ul>
    </DetailCard>
  );
}

/**
 * A drawn page's frame: its icons' sprite comes with it (the built page's sprite holds only the
 * icons of the page as built).
 */
function Drawn({ children }: { children: React.ReactNode }) {
  return (
    <IconSpriteProvider>
      <RoutesFrame>{children}</RoutesFrame>
      <IconSprite />
    </IconSpriteProvider>
  );
}

const Loading = () => (
  <RoutesFrame>
    <Spinner label={ROUTES_LOADING_LABEL} />
  </RoutesFrame>
);

/** A mailed link's document page: the giveaway (`null` as built) and what the link stands for. */
interface MailedLinkDocumentProps {
  giveaway: GiveawayItem | null;
  state?: MailedLinkState | null;
}

/**
 * /giveaway/{id}/confirm as a document: `null` is the page as built (loading); drawn, the
 * confirm button (an island) when the link's token is there, what happens next and share.
 */
export function ConfirmDocument({ giveaway, state = null }: MailedLinkDocumentProps) {
  if (giveaway === null) return <Loading />;
  const id = String(giveaway.id);
  return (
    <Drawn>
      <Subpage giveawayId={id} title="Confirm your entry" lead={giveaway.title}>
        {state?.kind === 'confirm-link' ? (
          <MailedLinkIsland kind="confirm" id={id} />
        ) : (
          <NeedsConfirmLink />
        )}
        <WhatHappensNext id={id} giveaway={giveaway} />
        <ShareCard id={id} giveaway={giveaway} />
      </Subpage>
    </Drawn>
  );
}

/**
 * /giveaway/{id}/claim as a document: `null` is the page as built (loading); drawn with the claim
 * link's state, what it stands for (claimed, expired, drawn again, withdrawn) or, while open,
 * the deadline and the claim form (an island).
 */
export function ClaimDocument({ giveaway, state = null }: MailedLinkDocumentProps) {
  if (giveaway === null) return <Loading />;
  const id = String(giveaway.id);
  const claim = state?.kind === 'claim-link' ? state : null;
  return (
    <Drawn>
      <Subpage giveawayId={id} title="Claim Your Prize" lead={giveaway.title}>
        {claim === null ? (
          <NeedsClaimLink />
        ) : claim.problem ? (
          <ClaimLinkProblem problem={claim.problem} />
        ) : claim.link && claim.link.state !== 'open' ? (
          <LinkStateNotice link={claim.link} />
        ) : (
          <MailedLinkIsland
            kind="claim"
            id={id}
            title={giveaway.title}
            prize={giveaway.prize}
            deadlineText={claim.link?.claim_deadline_text ?? null}
          />
        )}
        <p>
          <Link to={`/giveaway/${id}/verify`}>Check how the winner was drawn</Link>
        </p>
      </Subpage>
    </Drawn>
  );
}
