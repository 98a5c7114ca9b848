import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { Container } from '@/components/ui/container';
import { formatCalendarDate } from '@/lib/dates';
import { ArrowLeftIcon, TrophyIcon } from '@/components/icons';
import type { GiveawayItem } from '../api/giveaway-fields';
import {
  entriesLabel,
  isDrawnPhase,
  participantsLabel,
  phaseOf,
  phaseSentence,
  specDates,
  statusFacts,
  winnerHandles,
  winnersLabel,
} from '../states';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { DrawHistory } from './draw-history';
import { EntryPulseIsland } from './entry-pulse';
import { FairDrawCard } from './fair-draw-card';
import { ShareCard } from './share-card';
import { StatusBadge } from './status-badge';
import { PrizePicture } from './prize-picture';

/*
 * The public giveaway page: everything a visitor sees, drawn from the giveaway's data alone (no
 * clock, no storage, no window), so the same component can draw it on the server. The entry
 * area and the admin's cards are slots the browser fills after mounting; each has its space
 * reserved so nothing below it moves.
 */

const Header = styled.section`
  padding-block: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.gradients.soft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[8]} ${({ theme }) => theme.space[6]};
  }
`;

const Title = styled.h1`
  margin: ${({ theme }) => theme.space[2]} 0;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  line-height: 1.2;

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

/** The small facts in one line: participants, places, dates. */
const Facts = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

/** The status card's words: "ACTIVE · Not selected yet · Accepting entries". */
const StatusLine = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  line-height: 1.4;
  overflow-wrap: anywhere;

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const StateLine = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[5]};
  padding-block: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[16]};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
    gap: ${({ theme }) => theme.space[6]};
    padding-top: ${({ theme }) => theme.space[8]};
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  min-width: 0;
`;

const PrizeCard = styled(DetailCard)`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};

  /*
   * Side by side, the image and the text both sit at the top of the row: centred, each would move
   * while the other is still arriving in the HTML (the text is taller than the image on an open
   * giveaway, with its count and countdown).
   */
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    align-items: start;
  }
`;

/** The image's box is fixed before it loads (aspect ratio), so nothing moves when it arrives. */
const PrizeImage = styled(PrizePicture)`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  max-height: 200px;
  border-radius: ${({ theme }) => theme.radii.md};
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const PrizeText = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const PrizeName = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Description = styled.p`
  margin: 0;
  white-space: pre-line;
`;

const Congrats = styled(DetailCard)`
  border-color: #facc15;
  background: ${({ theme }) => theme.colors.warningBg};
  color: #713f12;
  text-align: center;

  h2 {
    justify-content: center;
    color: #713f12;
  }
`;

const CongratsHandle = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 800;
  overflow-wrap: anywhere;
`;

const CongratsList = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style-position: inside;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;

  span {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  align-self: flex-start;
  font-weight: 600;
`;

const Removals = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface GiveawayViewProps {
  id: string;
  giveaway: GiveawayItem;
  /** The entry area (form or "You're in"), or a button to it; filled by the browser. */
  entry?: React.ReactNode;
  /** A link to the entry area placed in the prize card, when the form is further down. */
  enterLink?: React.ReactNode;
  /**
   * "You're in" for a giveaway no longer open: it arrives after mounting, so it goes below
   * everything else in the main column, where its arrival moves nothing on screen.
   */
  afterHistory?: React.ReactNode;
  /** The admin's cards (controls, winner's claim, change log), first in the side column. */
  admin?: React.ReactNode;
  /** The winner's name as the congratulations card shows it (an admin sees the e-mail). */
  winnerName?: string;
  titleRef?: React.Ref<HTMLHeadingElement>;
  /** Called when the countdown reaches the end of entries. */
  onEntriesClosed?: () => void;
}

/**
 * The facts line: "12 participants · Max: 50 participants · Started Nov 1, 2026 · Ends Dec 1,
 * 2026". The count is an element of its own, marked for the entry area of a document page to
 * bring up to date after an entry (`COUNT_ATTRIBUTE`, live-count.ts).
 */
function FactsLine({ id, giveaway: g }: { id: string; giveaway: GiveawayItem }) {
  const rest: string[] = [];
  if (g.max_participants) rest.push(`Max: ${participantsLabel(g.max_participants)}`);
  const winners = winnersLabel(g);
  if (winners) rest.push(winners);
  rest.push(...specDates(g));
  return (
    <Facts data-testid="giveaway-facts">
      <span data-participant-count={id}>{participantsLabel(g.participant_count)}</span>
      {rest.length > 0 ? ` · ${rest.join(' · ')}` : null}
    </Facts>
  );
}

export function GiveawayView({
  id,
  giveaway,
  entry,
  enterLink,
  admin,
  afterHistory,
  winnerName,
  titleRef,
  onEntriesClosed,
}: GiveawayViewProps) {
  const phase = phaseOf(giveaway);
  const drawn = isDrawnPhase(phase);
  const handle = giveaway.winner_details?.instagram_handle;
  const name = winnerName || (handle ? `@${handle}` : '');
  const removals = giveaway.removals ?? [];

  return (
    <>
      <Header>
        <Container>
          <StatusBadge giveaway={giveaway} />
          <Title ref={titleRef} tabIndex={-1}>
            {giveaway.title}
          </Title>
          <FactsLine id={id} giveaway={giveaway} />
          <StatusLine data-testid="giveaway-status">{statusFacts(giveaway)}</StatusLine>
          <StateLine>{phaseSentence(giveaway)}</StateLine>
        </Container>
      </Header>
      <Container>
        <Body>
          <Column>
            <PrizeCard aria-labelledby="prize-title">
              <PrizeImage
                picture={giveaway.prize_picture}
                fallbackSrc={giveaway.prize_image}
                alt={`Prize: ${giveaway.prize}`}
                // Two fifths of the page from the small breakpoint up, the full width below it.
                sizes="(min-width: 640px) 40vw, 100vw"
                eager
              />
              <PrizeText>
                <DetailCardTitle id="prize-title">Prize</DetailCardTitle>
                <PrizeName>{giveaway.prize}</PrizeName>
                {phase === 'open' ? (
                  <EntryPulseIsland
                    id={id}
                    count={giveaway.participant_count}
                    closeAt={giveaway.entries_close_at ?? null}
                    onClosed={onEntriesClosed}
                  />
                ) : null}
                {enterLink}
              </PrizeText>
            </PrizeCard>

            {drawn ? (
              <Congrats aria-labelledby="congrats-title">
                <DetailCardTitle id="congrats-title">
                  <TrophyIcon size={18} />
                  Congratulations to:
                </DetailCardTitle>
                {(giveaway.winners?.length ?? 0) > 1 ? (
                  <CongratsList>
                    {winnerHandles(giveaway).map((handleName, i) => (
                      <li key={`${i}-${handleName}`}>
                        <CongratsHandle as="span">{handleName}</CongratsHandle>
                      </li>
                    ))}
                  </CongratsList>
                ) : (
                  <CongratsHandle>{name || 'Our winner'}</CongratsHandle>
                )}
                {giveaway.winner_selected_at ? (
                  <p>Selected on {formatCalendarDate(giveaway.winner_selected_at)}</p>
                ) : null}
              </Congrats>
            ) : null}

            {entry}

            <DetailCard aria-labelledby="about-title">
              <DetailCardTitle id="about-title">About this giveaway</DetailCardTitle>
              <Description>{giveaway.description}</Description>
            </DetailCard>

            {removals.length > 0 ? (
              <DetailCard aria-labelledby="removals-title">
                <DetailCardTitle id="removals-title">Entries removed</DetailCardTitle>
                <Removals>
                  {removals.map((r) => (
                    <li key={`${r.at}-${r.reason}`}>
                      {formatCalendarDate(r.at)}:{' '}
                      {r.round !== null
                        ? `the winner of ${(giveaway.winners?.length ?? 0) > 1 ? 'draw' : 'round'} ${r.round} was disqualified`
                        : `${entriesLabel(r.count)} disqualified`}
                      . Reason: {r.reason}
                    </li>
                  ))}
                </Removals>
                <DetailNote>
                  Disqualified entries are not in the draw. Nobody is named here.
                </DetailNote>
              </DetailCard>
            ) : null}

            {giveaway.draws.length > 0 ? <DrawHistory draws={giveaway.draws} /> : null}
            {afterHistory}
          </Column>
          <Column>
            {admin}
            <FairDrawCard id={id} giveaway={giveaway} />
            <ShareCard id={id} giveaway={giveaway} />
            <BackLink to="/giveaway">
              <ArrowLeftIcon size={18} />
              Back to All Giveaways
            </BackLink>
          </Column>
        </Body>
      </Container>
    </>
  );
}
