import { Link } from 'gatsby-link';
import React, { Suspense, useEffect, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { useHideSiteChrome } from '@/components/site-chrome';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { usePresenter, usePresenterDraw, usePresenterRedraw } from '../api/presenter';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { entriesLabel } from '../states';
import { AdminOnlyPage, MessagePage } from './message-panel';
import { ButtonLink } from '@/components/ui/button';
import { DISQUALIFY_WINNER_CONFIRMATION } from './claim-controls';
import { DrawConfirmDialog } from './draw-confirm-dialog';

/*
 * The presenter view for a live draw on a stream or a shared screen: full screen, no site header
 * or menus, large type. Everything it shows comes from the presenter endpoints, which name
 * entrants by handle (or a masked address) and never send an e-mail address.
 */

// The spin (with its sound) and the QR code load only when needed.
const SpinOverlay = React.lazy(() =>
  import('./spin-overlay').then((m) => ({ default: m.SpinOverlay })),
);
const QrCode = React.lazy(() => import('./qr-code').then((m) => ({ default: m.QrCode })));

const Stage = styled.main`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: flex;
  flex-direction: column;
  align-items: center;
  /* "safe": when the winner screen is taller than the window it scrolls from its top. */
  justify-content: safe center;
  gap: clamp(0.75rem, 2.5vh, 2rem);
  padding: clamp(3.5rem, 6vh, 4rem) clamp(1rem, 4vw, 4rem) clamp(1rem, 4vh, 3rem);
  overflow: auto;
  background: radial-gradient(circle at 50% 20%, #312e81, #0f172a 70%);
  color: #f8fafc;
  text-align: center;
`;

/** A line of text on the stage: no margin, in `color`, `size` big (it grows with the window). */
const stageLine = (color: string, size: string) => css`
  margin: 0;
  color: ${color};
  font-size: ${size};
`;

const Kicker = styled.p`
  ${stageLine('#c7d2fe', 'clamp(1rem, 2.5vw, 1.75rem)')}
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;

const Title = styled.h1`
  ${stageLine('#fff', 'clamp(2rem, 6vw, 5rem)')}
  line-height: 1.1;
`;

const Prize = styled.p`
  margin: 0;
  font-size: clamp(1.25rem, 3.5vw, 2.75rem);
  font-weight: 700;
`;

const PrizeImage = styled.img`
  width: min(60vw, 420px, 38vh);
  aspect-ratio: 16 / 9;
  border-radius: 1rem;
  object-fit: cover;
`;

const Count = styled.p`
  ${stageLine('#e0e7ff', 'clamp(1.1rem, 2.5vw, 2rem)')}
`;

const WinnerName = styled.p`
  ${stageLine('#fde047', 'clamp(2.5rem, min(9vw, 12vh), 7.5rem)')}
  font-weight: 900;
  line-height: 1.05;
  overflow-wrap: anywhere;
`;

const Big = styled.button`
  padding: 1rem 2.5rem;
  border: 0;
  border-radius: 999px;
  background: #facc15;
  color: #1e1b4b;
  font-size: clamp(1.25rem, 3vw, 2rem);
  font-weight: 800;
  cursor: pointer;

  &:disabled {
    opacity: 0.6;
    cursor: default;
  }

  &:focus-visible {
    outline: 4px solid #fff;
    outline-offset: 4px;
  }
`;

const Verify = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 1.5rem;
  font-size: clamp(1rem, 2vw, 1.5rem);

  a {
    color: #fff;
    font-weight: 700;
  }
`;

const QrBox = styled.div`
  width: clamp(120px, min(18vw, 22vh), 220px);
  height: clamp(120px, min(18vw, 22vh), 220px);
  padding: 0.5rem;
  border-radius: 0.75rem;
  background: #fff;
`;

const Corner = styled.div`
  position: fixed;
  top: 1rem;
  right: 1rem;
  display: flex;
  gap: 0.75rem;
  z-index: 901;

  a,
  button {
    padding: 0.5rem 0.9rem;
    border: 1px solid rgba(255, 255, 255, 0.4);
    border-radius: 999px;
    background: rgba(15, 23, 42, 0.6);
    color: #fff;
    font-size: 0.9rem;
    font-weight: 600;
    cursor: pointer;
    text-decoration: none;
  }
`;

const ExternalInput = styled.input`
  min-width: min(80vw, 28rem);
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  border: 0;
  font-size: 1.25rem;
`;

const Problem = styled.p`
  margin: 0;
  color: #fecaca;
  font-size: 1.25rem;
  font-weight: 700;
`;

const WinnerList = styled.ol`
  display: flex;
  flex-direction: column;
  gap: clamp(0.25rem, 1.5vh, 1rem);
  margin: 0;
  padding: 0;
  list-style: none;
  color: #fde047;
  font-size: clamp(1.75rem, min(6vw, 7vh), 4.5rem);
  font-weight: 900;
  line-height: 1.1;
  overflow-wrap: anywhere;

  span {
    color: #c7d2fe;
    font-size: 0.55em;
    font-weight: 700;
    margin-right: 0.4em;
  }
`;

const Redraw = styled.details`
  width: min(100%, 36rem);
  padding: 0.75rem 1rem;
  border: 1px solid rgba(255, 255, 255, 0.3);
  border-radius: 0.75rem;
  background: rgba(15, 23, 42, 0.5);
  text-align: left;

  summary {
    cursor: pointer;
    font-weight: 700;
  }

  form {
    display: grid;
    gap: 0.75rem;
    margin-top: 0.75rem;
  }

  label {
    display: grid;
    gap: 0.25rem;
  }

  input,
  select {
    padding: 0.5rem 0.75rem;
    border: 0;
    border-radius: 0.5rem;
    font-size: 1rem;
  }

  p {
    margin: 0;
    color: #c7d2fe;
  }

  button {
    justify-self: start;
    padding: 0.5rem 1rem;
    border: 0;
    border-radius: 999px;
    background: #fecaca;
    color: #450a0a;
    font-weight: 700;
    cursor: pointer;
  }

  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;

/** localStorage key of the presenter's sound switch ("off" when muted). */
export const PRESENTER_SOUND_KEY = 'presenterSound';

/** The drawn winners' names in place order, numbered from 1; `label` names the list. */
function Winners({ names, label }: { names: readonly string[]; label: string }) {
  return (
    <WinnerList data-testid="presenter-winners" aria-label={label}>
      {names.map((name, i) => (
        <li key={`${i}-${name}`}>
          <span>{i + 1}.</span>
          {name}
        </li>
      ))}
    </WinnerList>
  );
}

function readSound(): boolean {
  try {
    return window.localStorage.getItem(PRESENTER_SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

function keepSound(on: boolean) {
  try {
    window.localStorage.setItem(PRESENTER_SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Storage unavailable: the switch lasts for this page view.
  }
}

/**
 * The draw's winners in place order, revealed one after another: `shown` of them are on screen.
 * While `spinning` the spin for the next one runs; `between` places the presenter moves on with
 * "Next winner". A re-draw spins one place (`redraw`: which place and why).
 */
type Stage =
  | { at: 'ready' }
  | {
      at: 'spinning';
      names: string[];
      shown: number;
      redraw?: { place: number; reason: string };
    }
  | { at: 'between'; names: string[]; shown: number }
  | { at: 'winner'; names: string[] };

/** /giveaway/{id}/present (admins only). */
export function PresenterPage({ id }: { id: string }) {
  const { isAdmin } = useSession();
  useEffect(() => setPageTitle('Presenter View'), []);
  return (
    <AdminOnlyPage
      isAdmin={isAdmin}
      back={<ButtonLink to={`/giveaway/${id}`}>Back to the Giveaway</ButtonLink>}
    >
      <Presenter id={id} />
    </AdminOnlyPage>
  );
}

function Presenter({ id }: { id: string }) {
  useHideSiteChrome();
  const { data, loading, error, refetch } = usePresenter(id);
  const [presenterDraw] = usePresenterDraw();
  const [presenterRedraw] = usePresenterRedraw();
  const [stage, setStage] = useState<Stage>({ at: 'ready' });
  const [confirming, setConfirming] = useState(false);
  const [sound, setSound] = useState(true);
  useEffect(() => setSound(readSound()), []);
  const [drawing, setDrawing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [external, setExternal] = useState('');
  const [origin, setOrigin] = useState('');
  const stageRef = useRef<HTMLElement>(null);
  const p = data?.presenter ?? null;

  useEffect(() => setOrigin(window.location.origin), []);

  // The winner screen celebrates as the specification's does; confetti loads only now.
  useEffect(() => {
    if (stage.at !== 'winner') return undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../spin/confetti').then((m) => {
      if (!cancelled) stop = m.celebrate();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [stage.at]);

  if (loading && !data) return <Spinner label="Loading the presenter view..." />;
  if (error || !p) {
    return (
      <MessagePage
        title="Giveaway Not Found"
        text={serverSentence(error, "The giveaway you're looking for doesn't exist.")}
        action={<ButtonLink to="/giveaway">Back to Giveaways</ButtonLink>}
      />
    );
  }

  const draw = async (closeNow = false) => {
    setDrawing(true);
    setProblem(null);
    try {
      const input = {
        ...(p.external_randomness ? { external_value: external.trim() } : {}),
        ...(closeNow ? { close_now: true } : {}),
      };
      const { data: answer } = await presenterDraw({ variables: { id, input } });
      const result = answer?.presenterDraw;
      const names = (result?.winners ?? [])
        .slice()
        .sort((a, b) => a.place - b.place)
        .map((w) => w.name ?? 'an erased entry');
      if (!result?.success || (!result.winner && names.length === 0)) {
        setProblem(result?.message ?? 'Failed to select winner');
        return;
      }
      setStage({
        at: 'spinning',
        names: names.length > 0 ? names : [result.winner?.name ?? ''],
        shown: 0,
      });
    } catch (cause) {
      setProblem(serverSentence(cause, 'Failed to select winner'));
    } finally {
      setDrawing(false);
    }
  };

  const redraw = async (kind: 'redraw' | 'disqualify-winner', place: number, reason: string) => {
    setDrawing(true);
    setProblem(null);
    try {
      const several = (p.winners ?? []).length > 1;
      const { data: answer } = await presenterRedraw({
        variables: { id, kind, input: several ? { reason, place } : { reason } },
      });
      const result = answer?.presenterRedraw;
      const name = result?.winners?.[0]?.name ?? result?.winner?.name ?? null;
      if (!result?.success || !name) {
        setProblem(result?.message ?? 'Failed to draw again');
        return;
      }
      setStage({ at: 'spinning', names: [name], shown: 0, redraw: { place, reason } });
    } catch (cause) {
      setProblem(serverSentence(cause, 'Failed to draw again'));
    } finally {
      setDrawing(false);
    }
  };

  /** After a spin: the next place waits for "Next winner"; after the last, the winners. */
  const spinDone = async () => {
    if (stage.at !== 'spinning') return;
    if (stage.redraw) {
      const fresh = await refetch().catch(() => null);
      const places = (fresh?.data.presenter?.winners ?? [])
        .slice()
        .sort((a, b) => a.place - b.place)
        .map((w) => w.name ?? 'an erased entry');
      setStage({ at: 'winner', names: places.length > 0 ? places : stage.names });
      return;
    }
    if (stage.shown + 1 < stage.names.length) {
      setStage({ at: 'between', names: stage.names, shown: stage.shown + 1 });
      return;
    }
    setStage({ at: 'winner', names: stage.names });
    void refetch();
  };

  const toggleSound = () => {
    setSound((on) => {
      keepSound(!on);
      return !on;
    });
  };

  const fullScreen = () => {
    const target = stageRef.current ?? document.documentElement;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.requestFullscreen?.().catch(() => undefined);
  };

  const drawnNames = (p.winners ?? [])
    .slice()
    .sort((a, b) => a.place - b.place)
    .map((w) => w.name ?? 'an erased entry');
  const winners =
    stage.at === 'winner'
      ? stage.names
      : stage.at === 'spinning' || stage.at === 'between'
        ? stage.names.slice(0, stage.shown)
        : drawnNames.length > 0
          ? drawnNames
          : p.winner
            ? [p.winner.name]
            : [];
  const several = (p.winner_count ?? 1) > 1 || winners.length > 1;
  const winnerName =
    winners.length > 0 && stage.at !== 'spinning' && stage.at !== 'between' ? winners[0] : null;
  const verifyUrl = `${origin}${p.verify_path}`;
  const shortLink = verifyUrl.replace(/^https?:\/\//, '');

  return (
    <Stage ref={stageRef} aria-labelledby="presenter-title" data-testid="presenter">
      <Corner>
        <button type="button" onClick={toggleSound} aria-pressed={sound}>
          Sound {sound ? 'on' : 'off'}
        </button>
        <button type="button" onClick={fullScreen}>
          Full screen
        </button>
        <Link to={`/giveaway/${id}`}>Exit</Link>
      </Corner>
      <Kicker>{winnerName ? (several ? 'Winners!' : 'Winner!') : 'Live draw'}</Kicker>
      <Title id="presenter-title">{p.title}</Title>
      {p.prize_image && !winnerName ? <PrizeImage src={p.prize_image} alt="" /> : null}
      <Prize>Prize: {p.prize}</Prize>
      <Count>{entriesLabel(p.participant_count)}</Count>
      {stage.at === 'between' ? (
        <>
          <Winners names={winners} label="Winners so far" />
          <Big
            type="button"
            // The next place's spin starts only when the presenter is ready.
            onClick={() => setStage({ at: 'spinning', names: stage.names, shown: stage.shown })}
          >
            Next winner ({stage.shown + 1} of {stage.names.length})
          </Big>
        </>
      ) : winnerName ? (
        <>
          {several ? (
            <Winners names={winners} label="Winners" />
          ) : (
            <WinnerName data-testid="presenter-winner">{winnerName}</WinnerName>
          )}
          <Verify>
            <QrBox>
              {origin ? (
                <Suspense fallback={null}>
                  <QrCode text={verifyUrl} label={`QR code for ${shortLink}`} />
                </Suspense>
              ) : null}
            </QrBox>
            <div>
              <p>Check the draw yourself:</p>
              <a href={p.verify_path}>{shortLink}</a>
            </div>
          </Verify>
          <RedrawPanel
            places={(p.winners ?? []).map((w) => ({
              place: w.place,
              name: w.name ?? 'an erased entry',
              unclaimed: w.claim_status === 'unclaimed',
            }))}
            busy={drawing}
            onRedraw={(kind, place, reason) => void redraw(kind, place, reason)}
          />
        </>
      ) : (
        <>
          {p.external_randomness && p.frozen ? (
            <label>
              <span className="sr-only">External random value ({p.external_randomness})</span>
              <ExternalInput
                value={external}
                placeholder={`External value: ${p.external_randomness}`}
                onChange={(e) => setExternal(e.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
            </label>
          ) : null}
          <Big
            type="button"
            onClick={() => (p.draw_closes_entries ? setConfirming(true) : void draw())}
            disabled={drawing || p.participant_count === 0 || stage.at === 'spinning'}
          >
            {drawing
              ? 'Drawing...'
              : several
                ? `Draw the ${p.winner_count ?? winners.length} winners`
                : 'Draw the winner'}
          </Big>
          {p.participant_count === 0 ? <Count>Nobody has entered yet.</Count> : null}
          <DrawConfirmDialog
            open={confirming}
            entrantCount={p.participant_count}
            endDate={p.end_date}
            // Above the stage (z-index 900) and its corner buttons (901).
            layer={950}
            onWait={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void draw(true);
            }}
          />
        </>
      )}
      {problem ? <Problem role="alert">{problem}</Problem> : null}
      {stage.at === 'spinning' ? (
        <Suspense fallback={null}>
          <SpinOverlay
            // A new spin for each winner, in place order.
            key={stage.shown}
            names={p.names}
            winner={stage.names[stage.shown] ?? ''}
            duration={20000}
            muted={!sound}
            title={
              stage.redraw
                ? (p.winners ?? []).length > 1
                  ? `Drawing place ${stage.redraw.place} again...`
                  : 'Drawing again...'
                : stage.names.length > 1
                  ? `Drawing winner ${stage.shown + 1} of ${stage.names.length}...`
                  : undefined
            }
            {...(stage.redraw ? { subtitle: `Why: ${stage.redraw.reason}` } : {})}
            onComplete={() => void spinDone()}
          />
        </Suspense>
      ) : null}
    </Stage>
  );
}

interface RedrawPlace {
  place: number;
  name: string;
  /** The claim period ended without a claim: the place may be drawn again for that reason. */
  unclaimed: boolean;
}

/**
 * Drawing a place again inside the show, with the reason the draw history publishes: at once
 * when the winner is not eligible, or once the claim period ended without a claim.
 */
function RedrawPanel({
  places,
  busy,
  onRedraw,
}: {
  places: RedrawPlace[];
  busy: boolean;
  onRedraw: (kind: 'redraw' | 'disqualify-winner', place: number, reason: string) => void;
}) {
  const [place, setPlace] = useState(places[0]?.place ?? 1);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (places.length === 0) return null;
  const chosen = places.find((p) => p.place === place) ?? places[0];
  const send = (kind: 'redraw' | 'disqualify-winner') => {
    const text = reason.trim();
    if (!text) {
      setError('Give the reason: it is published with the new draw.');
      return;
    }
    if (kind === 'disqualify-winner' && !window.confirm(DISQUALIFY_WINNER_CONFIRMATION)) return;
    setError(null);
    onRedraw(kind, chosen?.place ?? 1, text);
  };
  return (
    <Redraw>
      <summary>Draw a place again</summary>
      <form onSubmit={(event) => event.preventDefault()} noValidate>
        {places.length > 1 ? (
          <label>
            Place
            <select value={place} onChange={(e) => setPlace(Number(e.target.value))}>
              {places.map((p) => (
                <option key={p.place} value={p.place}>
                  {p.place}. {p.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          Reason (published with the new draw)
          <input
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'redraw-error' : undefined}
          />
        </label>
        {error ? (
          <p id="redraw-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="button" disabled={busy} onClick={() => send('disqualify-winner')}>
          Disqualify and draw again now
        </button>
        {chosen?.unclaimed ? (
          <button type="button" disabled={busy} onClick={() => send('redraw')}>
            Draw again: the prize was not claimed
          </button>
        ) : (
          <p>Once the claim period ends without a claim, that place can be drawn again here.</p>
        )}
      </form>
    </Redraw>
  );
}
