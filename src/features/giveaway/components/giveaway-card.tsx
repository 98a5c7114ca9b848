import React from 'react';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ui/button';
import { datesFact, participantsLabel, phaseAction, phaseSentence } from '../states';
import { displayHandle } from '../spin/display-name';
import type { GiveawayWithId } from '../api/giveaway-fields';
import { ParticipantCount } from './card-parts';
import { TrophyIcon, UsersIcon } from '@/components/icons';
import { StatusBadge } from './status-badge';

const Article = styled.article`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition:
    box-shadow 0.2s ease,
    border-color 0.2s ease;

  &:hover,
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.lg};
  }
`;

const PrizeImage = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]};
`;

const TopRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
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

const Footer = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space[2]};
`;

export function GiveawayCard({ giveaway }: { giveaway: GiveawayWithId }) {
  const action = phaseAction(giveaway);
  return (
    <Article aria-labelledby={`giveaway-${giveaway.id}-title`}>
      {giveaway.prize_image ? (
        <PrizeImage src={giveaway.prize_image} alt={`Prize: ${giveaway.prize}`} loading="lazy" />
      ) : null}
      <Body>
        <TopRow>
          <ParticipantCount>
            <UsersIcon size={18} />
            {participantsLabel(giveaway.participant_count)}
          </ParticipantCount>
          <StatusBadge giveaway={giveaway} />
        </TopRow>
        <Title id={`giveaway-${giveaway.id}-title`}>{giveaway.title}</Title>
        <Description>{giveaway.description}</Description>
        <Prize>Prize: {giveaway.prize}</Prize>
        <MaxLine>
          {datesFact(giveaway)}
          {giveaway.max_participants
            ? ` · Max: ${participantsLabel(giveaway.max_participants)}`
            : ''}
        </MaxLine>
        <StateLine>{phaseSentence(giveaway)}</StateLine>
        {giveaway.winner_details ? (
          <WinnerBox>
            <TrophyIcon size={24} />
            <div>
              <WinnerTitle>Winner Selected!</WinnerTitle>
              <p>{displayHandle(giveaway.winner_details)}</p>
            </div>
          </WinnerBox>
        ) : null}
        <Footer>
          <ButtonLink
            to={`/giveaway/${giveaway.id}`}
            block
            variant={action.primary ? 'primary' : 'secondary'}
            aria-describedby={`giveaway-${giveaway.id}-title`}
          >
            {action.label}
          </ButtonLink>
        </Footer>
      </Body>
    </Article>
  );
}
