import type { GiveawayVerification } from '@site/contracts';
import React, { useEffect, useState } from 'react';
import styled from 'styled-components';
import { CheckIcon, CloseIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { island } from '@/lib/island';
import { serverSentence } from '../error-message';
import { checkDraw, type DrawCheck } from '../verify/draw-check';
import { fetchFrozenList } from '../verify/frozen-list';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { stackedList } from '@/styles/layout';

const Steps = styled.ol`
  ${stackedList(3)}

  li {
    display: grid;
    grid-template-columns: 1.5rem minmax(0, 1fr);
    gap: ${({ theme }) => theme.space[2]};
  }

  p {
    margin: 0;
  }
`;

const Mark = styled.span<{ $ok: boolean }>`
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`;

const ListBox = styled.ol`
  max-height: 18rem;
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[3]}
    ${({ theme }) => theme.space[3]} 3.5rem;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  overflow-wrap: anywhere;
`;

type CheckState =
  | { stage: 'idle' }
  | { stage: 'checking' }
  | { stage: 'done'; result: DrawCheck; list: string[] }
  | { stage: 'failed'; message: string };

/** True when the record holds what the check needs: the seed, the frozen list and a draw. */
export function checkable(v: GiveawayVerification): boolean {
  return Boolean(v.seed && v.frozen_list_path && v.draws.length > 0);
}

/** Runs the check from the moment `started` is true (at once, or when the visitor asks). */
function useBrowserCheck(v: GiveawayVerification, started: boolean): CheckState {
  const [state, setState] = useState<CheckState>({ stage: 'idle' });
  const ready = checkable(v);
  useEffect(() => {
    if (!started || !ready || !v.frozen_list_path) return;
    let cancelled = false;
    setState({ stage: 'checking' });
    fetchFrozenList(v.frozen_list_path)
      .then(async (text) => {
        const result = await checkDraw(v, text);
        if (!cancelled) setState({ stage: 'done', result, list: text.split('\n').filter(Boolean) });
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setState({
            stage: 'failed',
            message: serverSentence(
              error,
              'The frozen list could not be loaded, so nothing was checked.',
            ),
          });
      });
    return () => {
      cancelled = true;
    };
  }, [v, ready, started]);
  return state;
}

function Verdict({ state }: { state: CheckState }) {
  if (state.stage === 'checking') return <Spinner label="Checking the draw in your browser..." />;
  if (state.stage === 'failed')
    return (
      <Alert variant="error" title="Could not check">
        {state.message}
      </Alert>
    );
  if (state.stage !== 'done') return null;
  return state.result.verified ? (
    <Alert variant="success" title="Verified in your browser">
      Your browser recomputed every step below from the published values and got the same{' '}
      {state.result.steps.filter((s) => s.key.startsWith('round-')).length > 1
        ? 'winners'
        : 'winner'}
      .
    </Alert>
  ) : (
    <Alert variant="error" title="Verification failed">
      At least one step below does not match what was published. Please tell us: this should never
      happen.
    </Alert>
  );
}

export interface DrawCheckerProps {
  v: GiveawayVerification;
  /** Checks at once (the app's page); otherwise when the visitor presses "Verify in my browser". */
  auto: boolean;
}

/**
 * The draw checked in the visitor's browser (Web Crypto, on the frozen list as published): the
 * verdict, then the frozen list and each step of the computation with whether it passed.
 */
export function DrawChecker({ v, auto }: DrawCheckerProps) {
  const [asked, setAsked] = useState(auto);
  const check = useBrowserCheck(v, asked);
  const weighted = v.algorithm === 'aw-draw-v2';
  if (!checkable(v)) return null;
  if (!asked) {
    return (
      <DetailCard aria-labelledby="verify-title">
        <DetailCardTitle id="verify-title">Check the draw yourself</DetailCardTitle>
        <DetailNote>
          Your browser can load the frozen list and recompute every step below from the published
          values, without taking our word for the result.
        </DetailNote>
        <div>
          <Button type="button" onClick={() => setAsked(true)}>
            Verify in my browser
          </Button>
        </div>
      </DetailCard>
    );
  }
  return (
    <>
      <Verdict state={check} />
      {check.stage === 'done' ? (
        <DetailCard aria-labelledby="computation-title">
          <DetailCardTitle id="computation-title">The computation, step by step</DetailCardTitle>
          <Steps>
            {check.result.steps.map((step) => (
              <li key={step.key}>
                <Mark $ok={step.ok} aria-hidden="true">
                  {step.ok ? <CheckIcon size={20} /> : <CloseIcon size={20} />}
                </Mark>
                <div>
                  <p>
                    <span className="sr-only">{step.ok ? 'Passed: ' : 'Failed: '}</span>
                    {step.label}
                  </p>
                  <DetailNote>{step.detail}</DetailNote>
                </div>
              </li>
            ))}
          </Steps>
          <details>
            <summary>
              Show the frozen list ({check.list.length}{' '}
              {weighted ? 'lines: receipt hash and weight' : 'receipt hashes'})
            </summary>
            <ListBox start={1} aria-label="Frozen entry list">
              {check.list.map((hash, i) => (
                <li key={`${i}-${hash}`}>{hash}</li>
              ))}
            </ListBox>
          </details>
        </DetailCard>
      ) : null}
    </>
  );
}

/**
 * The checker on the verification page drawn as a document: its code loads only when the visitor
 * goes to press "Verify in my browser" (a press before it has loaded is kept).
 */
export const DrawCheckerIsland = island('giveaway-verify', DrawChecker, { load: 'interaction' });
