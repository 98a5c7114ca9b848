import { useApolloClient } from '@apollo/client';
import React, { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useGiveaway } from '../api/get-giveaway';
import { useParticipant } from '../api/get-participant';
import { fetchParticipants } from '../api/get-participants';
import { type SelectWinnerData, useSelectWinner } from '../api/select-winner';
import { setPageTitle } from '../document-title';
import { failureToast } from '../error-message';
import {
  forgetServedEntryState,
  readServedEntryState,
  type ServedEntryState,
} from '../served-entry';
import { displayHandle } from '../spin/display-name';
import { isDrawnPhase, phaseOf } from '../states';
import { DetailCard } from './detail-card';
import { GiveawayView } from './giveaway-view';
import { entryAreaProps, GiveawayEntry, hasWinner } from './giveaway-entry';
import { MessagePage } from './message-panel';

// The entry form is a plain HTML form drawn from the first render (by the server too), so it
// enters without script; the admin's cards load for an admin only.
const AdminControls = React.lazy(() =>
  import('./admin-controls').then((m) => ({ default: m.AdminControls })),
);
const ClaimControls = React.lazy(() =>
  import('./claim-controls').then((m) => ({ default: m.ClaimControls })),
);
const ChangeLog = React.lazy(() => import('./change-log').then((m) => ({ default: m.ChangeLog })));

// The spin (with its sound) and the winner screen (with confetti) load only when a draw runs.
const SpinOverlay = React.lazy(() =>
  import('./spin-overlay').then((m) => ({ default: m.SpinOverlay })),
);
const WinnerScreen = React.lazy(() =>
  import('./winner-screen').then((m) => ({ default: m.WinnerScreen })),
);

/** The detail view passes this to the spin, which ignores it (the sound's length sets it). */
const DETAIL_SPIN_DURATION_MS = 20000;

type Winner = { id: number; email: string; instagram_handle: string };

/** The winners of a draw are revealed one after another: `shown` counts those already spun. */
type DrawState =
  | { stage: 'idle' }
  | { stage: 'spinning'; winners: Winner[]; shown: number; names: string[] }
  | { stage: 'winner'; winners: Winner[] };

/**
 * /giveaway/{id}: loading, not found, the normal view, the draw and the winner screen.
 * `served`: Apollo's cache already holds the giveaway the page came with (see useGiveaway).
 */
export function GiveawayDetailPage({
  id,
  served = false,
  entryState,
}: {
  id: string;
  served?: boolean;
  /**
   * The server's answer to the entry form sent as a page, drawn with the giveaway (the server
   * passes it; in the browser it is read from the page's head when `served`).
   */
  entryState?: ServedEntryState | null;
}) {
  const { isAdmin } = useSession();
  const { toast } = useToast();
  const client = useApolloClient();
  const { data, loading, error, refetch } = useGiveaway(id, { served });
  const giveaway = data?.giveaway ?? null;
  const [selectWinner] = useSelectWinner();
  const [selecting, setSelecting] = useState(false);
  const [draw, setDraw] = useState<DrawState>({ stage: 'idle' });
  const [servedEntry] = useState<ServedEntryState | null>(
    () => entryState ?? (served ? readServedEntryState() : null),
  );
  // Whether this browser holds an entry (told by the entry area once it has read it): the button
  // to the entry area then reads "See your entry".
  const [entered, setEntered] = useState(servedEntry?.kind === 'entered');
  // Leaving the winner screen removes the button that had focus: the page title takes it instead
  // of <body>, so keyboard and screen-reader users start again at the top of the giveaway.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);

  useEffect(() => {
    forgetServedEntryState();
  }, []);

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

  // The served copy is what a visitor sees; an admin's answer has more (the winner's contact),
  // so once the session says admin, the giveaway is asked for again.
  useEffect(() => {
    if (served && isAdmin) reload();
  }, [served, isAdmin, reload]);

  /** The draw (or re-draw) on the server, then the spin that shows its winner. */
  const runDraw = async (call: () => Promise<SelectWinnerData['selectWinner'] | undefined>) => {
    setSelecting(true);
    try {
      const answer = await call();
      const winners = (answer?.winners ?? [])
        .slice()
        .sort((a, b) => a.place - b.place)
        .flatMap((w) =>
          w.id !== null && w.email !== null && w.instagram_handle !== null
            ? [{ id: w.id, email: w.email, instagram_handle: w.instagram_handle }]
            : [],
        );
      if (!answer?.success || (!answer.winner && winners.length === 0)) {
        toast({
          title: 'Error',
          description: answer?.message || 'Failed to select winner',
          variant: 'destructive',
        });
        reload();
        return;
      }
      const participants = await fetchParticipants(client, id);
      setDraw({
        stage: 'spinning',
        winners: winners.length > 0 ? winners : answer.winner ? [answer.winner] : [],
        shown: 0,
        names: participants.filter((p) => !p.disqualified_at).map(displayHandle),
      });
    } catch (cause) {
      toast(failureToast(cause, 'Failed to select winner'));
    } finally {
      setSelecting(false);
    }
  };

  const startDraw = (externalValue?: string, closeNow?: boolean) =>
    runDraw(
      async () =>
        (
          await selectWinner(id, {
            ...(externalValue ? { external_value: externalValue } : {}),
            ...(closeNow ? { close_now: true } : {}),
          })
        ).data?.selectWinner,
    );

  const finishSpin = useCallback(() => {
    if (draw.stage !== 'spinning') return;
    // The next winner's spin, or (after the last) the winner screen and a fresh giveaway.
    if (draw.shown + 1 < draw.winners.length) {
      setDraw({ ...draw, shown: draw.shown + 1 });
      return;
    }
    setDraw({ stage: 'winner', winners: draw.winners });
    reload();
  }, [draw, reload]);

  if (draw.stage === 'winner' && giveaway) {
    return (
      <Suspense fallback={<Spinner label="Loading the winner..." />}>
        <WinnerScreen
          winner={draw.winners[0] as Winner}
          others={draw.winners.slice(1)}
          giveaway={giveaway}
          verifyPath={`/giveaway/${id}/verify`}
          onBack={() => {
            focusTitle.current = true;
            setDraw({ stage: 'idle' });
          }}
        />
      </Suspense>
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

  const phase = phaseOf(giveaway);
  const drawn = hasWinner(giveaway) || isDrawnPhase(phase);
  const currentRound = giveaway.draws[giveaway.draws.length - 1] ?? null;
  // With several winners each place has its own claim card: the latest round of that place.
  const placeRounds =
    (giveaway.winners?.length ?? 0) > 1
      ? (giveaway.winners ?? []).flatMap((w) => {
          const round = giveaway.draws.find((d) => d.round === w.round);
          return round ? [round] : [];
        })
      : [];
  const winnerName = winnerDetails ? displayHandle(winnerDetails) : '';
  const entryProps = entryAreaProps(giveaway, servedEntry);
  const { open } = entryProps;
  const entryArea = (
    <GiveawayEntry
      id={id}
      {...entryProps}
      onEntered={reload}
      onRefused={reload}
      onKept={setEntered}
    />
  );

  const admin = isAdmin ? (
    <Suspense fallback={null}>
      {!drawn ? (
        <AdminControls
          giveawayId={id}
          participantCount={giveaway.participant_count}
          isAccepting={giveaway.is_accepting_participants}
          frozen={giveaway.frozen}
          entriesClosedReason={giveaway.entries_closed_reason}
          endDate={giveaway.end_date}
          externalRandomness={giveaway.external_randomness}
          selecting={selecting}
          onSelectWinner={(value, closeNow) => void startDraw(value, closeNow)}
          onToggled={reload}
        />
      ) : null}
      {placeRounds.map((round) => (
        <ClaimControls
          key={`${round.place}-${round.round}`}
          giveawayId={id}
          round={round}
          place={round.place}
        />
      ))}
      {placeRounds.length === 0 && currentRound && currentRound.algorithm !== 'legacy' ? (
        <ClaimControls key={currentRound.round} giveawayId={id} round={currentRound} />
      ) : null}
      <DetailCard aria-label="Owner's desk">
        <ButtonLink to={`/giveaway/${id}/desk`} variant="secondary">
          Entrants, CSV and archive
        </ButtonLink>
        {drawn ? (
          <ButtonLink to={`/giveaway/${id}/present`} variant="ghost">
            Presenter view
          </ButtonLink>
        ) : null}
      </DetailCard>
      <ChangeLog key={giveaway.updated_at} giveawayId={id} />
    </Suspense>
  ) : null;

  return (
    <>
      <GiveawayView
        id={id}
        giveaway={giveaway}
        titleRef={titleRef}
        winnerName={winnerName}
        onEntriesClosed={reload}
        admin={admin}
        enterLink={
          // Once this browser has entered, the same button leads to "You're in" (its personal link
          // to share): the page drawn before the kept entry is read keeps its shape.
          open ? (
            <Button
              onClick={() => {
                const target = document.getElementById('enter');
                target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                const focusable =
                  target?.querySelector<HTMLElement>('input[type="email"]') ??
                  target?.querySelector<HTMLElement>('section[tabindex="-1"]');
                focusable?.focus({ preventScroll: true });
              }}
            >
              {entered ? 'See your entry' : 'Enter now'}
            </Button>
          ) : null
        }
        entry={open ? entryArea : null}
        afterHistory={open ? null : entryArea}
      />
      {draw.stage === 'spinning' ? (
        <Suspense fallback={null}>
          <SpinOverlay
            // A new spin for each winner, in place order.
            key={draw.shown}
            names={draw.names}
            winner={displayHandle(draw.winners[draw.shown] as Winner)}
            title={
              draw.winners.length > 1
                ? `Drawing winner ${draw.shown + 1} of ${draw.winners.length}...`
                : undefined
            }
            duration={DETAIL_SPIN_DURATION_MS}
            onComplete={finishSpin}
          />
        </Suspense>
      ) : null}
    </>
  );
}
