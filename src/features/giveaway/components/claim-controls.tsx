import type { DrawRound } from '@site/contracts';
import React from 'react';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ui/button';
import { Moment } from '@/components/ui/moment';
import { useWinnerContact } from '../api/get-winner';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

const Actions = styled.div`
  display: flex;
  flex-direction: column;

  /* A long action name wraps inside its card on a narrow screen rather than being cut off. */
  a {
    height: auto;
    min-height: 2.75rem;
    white-space: normal;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
`;

const CLAIM_WORDS: Record<DrawRound['claim_status'], string> = {
  awaiting_claim: 'Awaiting the claim',
  claimed: 'Claimed',
  unclaimed: 'Not claimed in time',
  redrawn: 'Drawn again',
  not_applicable: 'Drawn before claims existed',
};

export const DISQUALIFY_WINNER_CONFIRMATION =
  'Disqualify this winner and draw again now? The reason is published with the new draw, the winner’s claim link stops working, and this cannot be undone.';

export interface ClaimControlsProps {
  giveawayId: string;
  round: DrawRound;
  /** Set when the draw named several winners: this card is about that place's winner. */
  place?: number;
}

/**
 * For admins after the draw: the winner's contact details and claim status (with the delivery
 * details once claimed). Drawing a place again (once the claim period has passed, or at once for
 * a winner who is not eligible) happens in the presenter view, never on this page with its
 * e-mail addresses: the card links there.
 */
export function ClaimControls({ giveawayId, round, place }: ClaimControlsProps) {
  const { data, loading } = useWinnerContact(giveawayId, {
    skip: false,
    round: round.round,
    place: place ?? 1,
  });
  const contact = data?.winnerContact ?? null;
  const titleId = place ? `claim-controls-title-${place}` : 'claim-controls-title';

  return (
    <DetailCard aria-labelledby={titleId}>
      <DetailCardTitle id={titleId}>
        {place ? `Winner's Claim: Place ${place}` : "Winner's Claim"}
      </DetailCardTitle>
      <Facts aria-busy={loading || undefined}>
        <dt>Round</dt>
        <dd>{round.round}</dd>
        <dt>Handle</dt>
        <dd>
          {contact?.instagram_handle
            ? `@${contact.instagram_handle}`
            : (round.winner_handle ?? '—')}
        </dd>
        <dt>E-mail</dt>
        <dd>
          {contact?.email ? (
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          ) : loading ? (
            '…'
          ) : (
            'erased'
          )}
        </dd>
        <dt>Claim</dt>
        <dd>{CLAIM_WORDS[round.claim_status]}</dd>
        {round.claim_status === 'claimed' ? (
          <>
            <dt>Claimed</dt>
            <dd>
              <Moment iso={round.claimed_at} />
            </dd>
          </>
        ) : round.claim_deadline ? (
          <>
            <dt>Deadline</dt>
            <dd>
              <Moment iso={round.claim_deadline} />
            </dd>
          </>
        ) : null}
        {contact?.delivery ? (
          <>
            <dt>Name</dt>
            <dd>{contact.delivery.full_name}</dd>
            <dt>Deliver to</dt>
            <dd>{contact.delivery.delivery_address}</dd>
          </>
        ) : null}
      </Facts>
      {round.claim_status === 'claimed' ? (
        <DetailNote>
          The winner claimed the prize and gave the delivery details above; write to them at the
          address above if anything is unclear.
        </DetailNote>
      ) : round.claim_status === 'awaiting_claim' ? (
        <DetailNote>
          The winner was e-mailed a claim link. If they do not claim by the deadline, you can draw
          again after that.
        </DetailNote>
      ) : (
        <DetailNote>
          The claim period ended without a claim. You may draw again from the same frozen list
          without this entry, by the same method, with a reason published in the draw history.
        </DetailNote>
      )}
      <Actions>
        <ButtonLink to={`/giveaway/${giveawayId}/present`} variant="secondary">
          {place
            ? `Draw place ${place} again in the presenter view`
            : 'Draw again in the presenter view'}
        </ButtonLink>
      </Actions>
      <DetailNote>
        A re-draw runs in the presenter view, with its reason on screen and no e-mail address: for a
        winner who is not eligible at once, or after an unclaimed prize&apos;s deadline.
      </DetailNote>
    </DetailCard>
  );
}
