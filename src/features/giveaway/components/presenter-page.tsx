import { Link } from 'gatsby-link';
import React, { Suspense, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useHideSiteChrome } from '@/components/site-chrome';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { usePresenter, usePresenterDraw } from '../api/presenter';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { entriesLabel } from '../states';
import { MessagePage } from './message-panel';
import { ButtonLink } from '@/components/ui/button';

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

const Kicker = styled.p`
  margin: 0;
  color: #c7d2fe;
  font-size: clamp(1rem, 2.5vw, 1.75rem);
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;

const Title = styled.h1`
  margin: 0;
  color: #fff;
  font-size: clamp(2rem, 6vw, 5rem);
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
  margin: 0;
  color: #e0e7ff;
  font-size: clamp(1.1rem, 2.5vw, 2rem);
`;

const WinnerName = styled.p`
  margin: 0;
  color: #fde047;
  font-size: clamp(2.5rem, min(9vw, 12vh), 7.5rem);
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

/**
 * The draw's winners in place order, revealed one after another: `shown` of them are on screen,
 * and while `spinning` the spin for the next one runs.
 */
type Stage =
  | { at: 'ready' }
  | { at: 'spinning'; names: string[]; shown: number }
  | { at: 'winner'; names: string[] };

/** /giveaway/{id}/present (admins only). */
export function PresenterPage({ id }: { id: string }) {
  const { isAdmin } = useSession();
  useEffect(() => setPageTitle('Presenter View'), []);
  if (!isAdmin) {
    return (
      <MessagePage
        title="Access Denied"
        text="You need admin privileges to access this page."
        action={<ButtonLink to={`/giveaway/${id}`}>Back to the Giveaway</ButtonLink>}
      />
    );
  }
  return <Presenter id={id} />;
}

function Presenter({ id }: { id: string }) {
  useHideSiteChrome();
  const { data, loading, error, refetch } = usePresenter(id);
  const [presenterDraw] = usePresenterDraw();
  const [stage, setStage] = useState<Stage>({ at: 'ready' });
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

  const draw = async () => {
    setDrawing(true);
    setProblem(null);
    try {
      const input = p.external_randomness ? { external_value: external.trim() } : {};
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
      : stage.at === 'spinning'
        ? stage.names.slice(0, stage.shown)
        : drawnNames.length > 0
          ? drawnNames
          : p.winner
            ? [p.winner.name]
            : [];
  const several = (p.winner_count ?? 1) > 1 || winners.length > 1;
  const winnerName = winners.length > 0 && stage.at !== 'spinning' ? winners[0] : null;
  const verifyUrl = `${origin}${p.verify_path}`;
  const shortLink = verifyUrl.replace(/^https?:\/\//, '');

  return (
    <Stage ref={stageRef} aria-labelledby="presenter-title" data-testid="presenter">
      <Corner>
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
      {winnerName ? (
        <>
          {several ? (
            <WinnerList data-testid="presenter-winners" aria-label="Winners">
              {winners.map((name, i) => (
                <li key={`${i}-${name}`}>
                  <span>{i + 1}.</span>
                  {name}
                </li>
              ))}
            </WinnerList>
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
            onClick={() => void draw()}
            disabled={drawing || p.participant_count === 0 || stage.at === 'spinning'}
          >
            {drawing
              ? 'Drawing...'
              : several
                ? `Draw the ${p.winner_count ?? winners.length} winners`
                : 'Draw the winner'}
          </Big>
          {p.participant_count === 0 ? <Count>Nobody has entered yet.</Count> : null}
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
            title={
              stage.names.length > 1
                ? `Drawing winner ${stage.shown + 1} of ${stage.names.length}...`
                : undefined
            }
            onComplete={() => {
              setStage((s) => {
                if (s.at !== 'spinning') return s;
                return s.shown + 1 < s.names.length
                  ? { ...s, shown: s.shown + 1 }
                  : { at: 'winner', names: s.names };
              });
              if (stage.shown + 1 >= stage.names.length) void refetch();
            }}
          />
        </Suspense>
      ) : null}
    </Stage>
  );
}
