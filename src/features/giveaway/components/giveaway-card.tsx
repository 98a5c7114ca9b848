import React from 'react';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ui/button';
import { CardActions, CardDescription, CardHeading, ListCard } from '@/components/ui/card';
import {
  participantsLabel,
  phaseAction,
  phaseSentence,
  specDates,
  statusFacts,
  winnerHandles,
  winnersLabel,
} from '../states';
import { displayHandle } from '../spin/display-name';
import type { GiveawayWithId } from '../api/giveaway-fields';
import { ParticipantCount } from './card-parts';
import { TrophyIcon, UsersIcon } from '@/components/icons';
import { StatusBadge } from './status-badge';
import { PrizePicture } from './prize-picture';

/** The card is the list's full width on a phone, half or a third of it on wider screens. */
const CARD_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

const PrizeImage = styled(PrizePicture)`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const TopRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

/** An h2 (the list is the page's own), at the headings' own line height. */
const Title = styled(CardHeading).attrs({ as: 'h2' })`
  line-height: 1.2;
`;

const Prize = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: 600;
`;

const MaxLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The status card's words, as on the giveaway's page. */
const StatusWords = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.02em;
  overflow-wrap: anywhere;
`;

const StateLine = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

const WinnerBox = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid #facc15;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningBg};
  color: #713f12;

  p {
    margin: 0;
  }
`;

const WinnerTitle = styled.p`
  font-weight: 700;
`;

const WinnerList = styled.ol`
  margin: 0;
  padding-left: 1.25em;
  overflow-wrap: anywhere;
`;

/**
 * `first`: the card starts the list, so its prize image is likely the largest thing on the first
 * screen: it is fetched at once and first, where the others wait until they near the viewport.
 */
export function GiveawayCard({
  giveaway,
  first = false,
}: {
  giveaway: GiveawayWithId;
  first?: boolean;
}) {
  const action = phaseAction(giveaway);
  return (
    <ListCard
      labelledBy={`giveaway-${giveaway.id}-title`}
      media={
        giveaway.prize_picture || giveaway.prize_image ? (
          <PrizeImage
            picture={giveaway.prize_picture}
            fallbackSrc={giveaway.prize_image}
            alt={`Prize: ${giveaway.prize}`}
            sizes={CARD_SIZES}
            eager={first}
          />
        ) : null
      }
    >
      <TopRow>
        <ParticipantCount>
          <UsersIcon size={18} />
          {participantsLabel(giveaway.participant_count)}
        </ParticipantCount>
        <StatusBadge giveaway={giveaway} />
      </TopRow>
      <Title id={`giveaway-${giveaway.id}-title`}>{giveaway.title}</Title>
      <CardDescription>{giveaway.description}</CardDescription>
      <Prize>Prize: {giveaway.prize}</Prize>
      <MaxLine>
        {specDates(giveaway).join(' · ')}
        {giveaway.max_participants ? ` · Max: ${participantsLabel(giveaway.max_participants)}` : ''}
        {winnersLabel(giveaway) ? ` · ${winnersLabel(giveaway)}` : ''}
      </MaxLine>
      <StatusWords>{statusFacts(giveaway)}</StatusWords>
      <StateLine>{phaseSentence(giveaway)}</StateLine>
      {(giveaway.winners?.length ?? 0) > 1 ? (
        <WinnerBox>
          <TrophyIcon size={24} />
          <div>
            <WinnerTitle>Winners Selected!</WinnerTitle>
            <WinnerList>
              {winnerHandles(giveaway).map((name, i) => (
                <li key={`${i}-${name}`}>{name}</li>
              ))}
            </WinnerList>
          </div>
        </WinnerBox>
      ) : giveaway.winner_details ? (
        <WinnerBox>
          <TrophyIcon size={24} />
          <div>
            <WinnerTitle>Winner Selected!</WinnerTitle>
            <p>{displayHandle(giveaway.winner_details)}</p>
          </div>
        </WinnerBox>
      ) : null}
      <CardActions>
        <ButtonLink
          to={`/giveaway/${giveaway.id}`}
          block
          variant={action.primary ? 'primary' : 'secondary'}
          aria-describedby={`giveaway-${giveaway.id}-title`}
        >
          {action.label}
        </ButtonLink>
      </CardActions>
    </ListCard>
  );
}
