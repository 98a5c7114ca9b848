import { useApolloClient } from '@apollo/client';
import { Link } from 'gatsby-link';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useGiveaway } from '../api/get-giveaway';
import { useParticipant } from '../api/get-participant';
import { fetchParticipants } from '../api/get-participants';
import type { GiveawayItem } from '../api/giveaway-fields';
import { useRedraw } from '../api/redraw';
import { type SelectWinnerData, useSelectWinner } from '../api/select-winner';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { formatCalendarDate, formatLocalDate } from '@/lib/dates';
import { statusHeadline } from '../format';
import { displayHandle } from '../spin/display-name';
import type { EntryResponse } from '@site/contracts';
import { AdminControls } from './admin-controls';
import { ChangeLog } from './change-log';
import { ClaimControls } from './claim-controls';
import { DetailCard, DetailCardTitle, DetailNote, DetailValue } from './detail-card';
import { DrawHistory } from './draw-history';
import { EntryForm } from './entry-form';
import { FairDrawCard } from './fair-draw-card';
import { ReceiptPanel } from './receipt-panel';
import {
  ArrowLeftIcon,
  CalendarIcon,
  FlagIcon,
  GiftIcon,
  TrophyIcon,
  UsersIcon,
} from '@/components/icons';
import { MessagePage } from './message-panel';
import { ShareCard } from './share-card';
import { SpinOverlay } from './spin-overlay';
import { StatusBadge } from './status-badge';
import { WinnerScreen } from './winner-screen';
import { counted } from '@/lib/format-number';

/** The detail view passes this to the spin, which ignores it (the sound's length sets it). */
const DETAIL_SPIN_DURATION_MS = 20000;

type Winner = { id: number; email: string; instagram_handle: string };

type DrawState =
  | { stage: 'idle' }
  | { stage: 'spinning'; winner: Winner; names: string[] }
  | { stage: 'winner'; winner: Winner };

const Header = styled.section`
  padding-block: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.gradients.soft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h1`
  margin: ${({ theme }) => theme.space[3]} 0;
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

const Description = styled.p`
  max-width: 760px;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  white-space: pre-line;
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[6]};
  padding-block: ${({ theme }) => theme.space[8]} ${({ theme }) => theme.space[16]};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

const InfoGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const PrizeImage = styled.img`
  display: block;
  width: 100%;
  max-height: 220px;
  margin-top: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.md};
  object-fit: cover;
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

const FormTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  align-self: flex-start;
  font-weight: 600;
`;

/** One of the fact cards at the top of the page, labelled by its icon title. */
function InfoCard({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <DetailCard aria-labelledby={id}>
      <DetailCardTitle id={id}>
        {icon}
        {title}
      </DetailCardTitle>
      {children}
    </DetailCard>
  );
}

function hasWinner(giveaway: GiveawayItem): boolean {
  return giveaway.winner_id != null || giveaway.winner_details != null || giveaway.draws.length > 0;
}

/** /giveaway/{id}: loading, not found, the normal view, the draw and the winner screen. */
export function GiveawayDetailPage({ id }: { id: string }) {
  const { isAdmin } = useSession();
  const { toast } = useToast();
  const client = useApolloClient();
  const { data, loading, error, refetch } = useGiveaway(id);
  const giveaway = data?.giveaway ?? null;
  const [selectWinner] = useSelectWinner();
  const [redraw] = useRedraw();
  const [selecting, setSelecting] = useState(false);
  const [entry, setEntry] = useState<EntryResponse | null>(null);
  const [draw, setDraw] = useState<DrawState>({ stage: 'idle' });
  // Leaving the winner screen removes the button that had focus: the page title takes it instead
  // of <body>, so keyboard and screen-reader users start again at the top of the giveaway.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);

  useEffect(() => {
    if (draw.stage !== 'idle' || !focusTitle.current) return;
    focusTitle.current = false;
    titleRef.current?.focus();
  }, [draw.stage]);

  useEffect(() => {
    if (error)
      toast({ title: 'Error', description: 'Failed to load giveaway', variant: 'destructive' });
  }, [error, toast]);

  useEffect(() => {
    if (giveaway?.title) setPageTitle(`${giveaway.title} - Giveaway`);
  }, [giveaway?.title]);

  // When the answer names a winner but carries no details, look the entry up (admin-only).
  const needsWinnerLookup = Boolean(
    giveaway && giveaway.winner_id != null && !giveaway.winner_details,
  );
  const { data: winnerEntry } = useParticipant(giveaway?.winner_id ?? null, {
    skip: !needsWinnerLookup || !isAdmin,
  });
  const winnerDetails = giveaway?.winner_details ?? winnerEntry?.participant ?? null;

  const reload = useCallback(() => {
    refetch().catch(() => {
      // The query's error state already shows the failure (toast and not-found view).
    });
  }, [refetch]);

  /** The draw (or re-draw) on the server, then the spin that shows its winner. */
  const runDraw = async (call: () => Promise<SelectWinnerData['selectWinner'] | undefined>) => {
    setSelecting(true);
    try {
      const answer = await call();
      if (!answer?.success || !answer.winner) {
        toast({
          title: 'Error',
          description: answer?.message || 'Failed to select winner',
          variant: 'destructive',
        });
        return;
      }
      const participants = await fetchParticipants(client, id);
      setDraw({ stage: 'spinning', winner: answer.winner, names: participants.map(displayHandle) });
    } catch (cause) {
      toast({
        title: 'Error',
        description: serverSentence(cause, 'Failed to select winner'),
        variant: 'destructive',
      });
    } finally {
      setSelecting(false);
    }
  };

  const startDraw = (externalValue?: string) =>
    runDraw(
      async () =>
        (await selectWinner(id, externalValue ? { external_value: externalValue } : {})).data
          ?.selectWinner,
    );

  const startRedraw = (reason: string) =>
    runDraw(async () => (await redraw({ variables: { id, input: { reason } } })).data?.redraw);

  const finishSpin = useCallback(() => {
    setDraw((current) =>
      current.stage === 'spinning' ? { stage: 'winner', winner: current.winner } : current,
    );
    reload();
  }, [reload]);

  if (draw.stage === 'winner' && giveaway) {
    return (
      <WinnerScreen
        winner={draw.winner}
        giveaway={giveaway}
        verifyPath={`/giveaway/${id}/verify`}
        onBack={() => {
          focusTitle.current = true;
          setDraw({ stage: 'idle' });
        }}
      />
    );
  }

  if (loading && !data) return <Spinner label="Loading giveaway..." />;

  if (error || !giveaway) {
    return (
      <MessagePage
        title="Giveaway Not Found"
        text="The giveaway you're looking for doesn't exist or has been removed."
        action={<ButtonLink to="/giveaway">Back to Giveaways</ButtonLink>}
      />
    );
  }

  const drawn = hasWinner(giveaway);
  const currentRound = giveaway.draws[giveaway.draws.length - 1] ?? null;
  const winnerName = winnerDetails ? displayHandle(winnerDetails) : '';

  return (
    <>
      <Header>
        <Container>
          <StatusBadge status={giveaway.status} />
          <Title ref={titleRef} tabIndex={-1}>
            {giveaway.title}
          </Title>
          <Description>{giveaway.description}</Description>
        </Container>
      </Header>
      <Container>
        <Body>
          <Column>
            <InfoGrid>
              <InfoCard id="prize-title" icon={<GiftIcon size={18} />} title="Prize">
                <DetailValue>{giveaway.prize}</DetailValue>
                {giveaway.prize_image ? (
                  <PrizeImage src={giveaway.prize_image} alt={`Prize: ${giveaway.prize}`} />
                ) : null}
              </InfoCard>
              <InfoCard id="participants-title" icon={<UsersIcon size={18} />} title="Participants">
                <DetailValue>{giveaway.participant_count}</DetailValue>
                {giveaway.max_participants ? (
                  <DetailNote>Max: {counted(giveaway.max_participants, 'participant')}</DetailNote>
                ) : null}
              </InfoCard>
              <InfoCard id="dates-title" icon={<CalendarIcon size={18} />} title="Dates">
                <DetailNote>
                  Started: <strong>{formatCalendarDate(giveaway.start_date)}</strong>
                </DetailNote>
                {giveaway.end_date ? (
                  <DetailNote>
                    Ends: <strong>{formatCalendarDate(giveaway.end_date)}</strong>
                  </DetailNote>
                ) : null}
              </InfoCard>
              <InfoCard id="status-title" icon={<FlagIcon size={18} />} title="Status">
                <DetailValue>{statusHeadline(giveaway.status)}</DetailValue>
                <DetailNote>{winnerName ? `Winner: ${winnerName}` : 'Not selected yet'}</DetailNote>
                <DetailNote>
                  {giveaway.entries_open ? 'Accepting entries' : 'Closed for entries'}
                </DetailNote>
              </InfoCard>
            </InfoGrid>

            {drawn ? (
              <Congrats aria-labelledby="congrats-title">
                <DetailCardTitle id="congrats-title">
                  <TrophyIcon size={18} />
                  Congratulations to:
                </DetailCardTitle>
                <CongratsHandle>{winnerName || 'Our winner'}</CongratsHandle>
                {giveaway.winner_selected_at ? (
                  <p>Selected on {formatLocalDate(giveaway.winner_selected_at)}</p>
                ) : null}
              </Congrats>
            ) : null}

            {giveaway.draws.length > 0 ? <DrawHistory draws={giveaway.draws} /> : null}

            {entry ? <ReceiptPanel giveawayId={id} entry={entry} /> : null}

            {!drawn && giveaway.entries_open ? (
              <DetailCard aria-labelledby="entry-title">
                <FormTitle id="entry-title">Enter the Giveaway</FormTitle>
                <DetailNote>One entry per e-mail address and Instagram handle.</DetailNote>
                <EntryForm
                  giveawayId={id}
                  rulesVersion={giveaway.rules_version}
                  minAge={giveaway.min_age}
                  onEntered={(answer) => {
                    setEntry(answer);
                    reload();
                  }}
                  onRefused={reload}
                />
              </DetailCard>
            ) : null}
          </Column>
          <Column>
            {isAdmin && !drawn ? (
              <AdminControls
                giveawayId={id}
                participantCount={giveaway.participant_count}
                isAccepting={giveaway.is_accepting_participants}
                frozen={giveaway.frozen}
                externalRandomness={giveaway.external_randomness}
                selecting={selecting}
                onSelectWinner={(value) => void startDraw(value)}
                onToggled={reload}
              />
            ) : null}
            {isAdmin && currentRound && currentRound.algorithm !== 'legacy' ? (
              <ClaimControls
                round={currentRound}
                drawing={selecting}
                onRedraw={(reason) => void startRedraw(reason)}
              />
            ) : null}
            <FairDrawCard id={id} giveaway={giveaway} />
            {isAdmin ? <ChangeLog key={giveaway.updated_at} giveawayId={id} /> : null}
            <ShareCard title={giveaway.title} description={giveaway.description} />
            <BackLink to="/giveaway">
              <ArrowLeftIcon size={18} />
              Back to All Giveaways
            </BackLink>
          </Column>
        </Body>
      </Container>
      {draw.stage === 'spinning' ? (
        <SpinOverlay
          names={draw.names}
          winner={displayHandle(draw.winner)}
          duration={DETAIL_SPIN_DURATION_MS}
          onComplete={finishSpin}
        />
      ) : null}
    </>
  );
}
