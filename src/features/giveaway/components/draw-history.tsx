import type { DrawRound } from '@site/contracts';
import React from 'react';
import styled from 'styled-components';
import { Moment } from '@/components/ui/moment';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { stackedList } from '@/styles/layout';

const Rounds = styled.ol`
  ${stackedList(4)}

  li + li {
    padding-top: ${({ theme }) => theme.space[4]};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  h3 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }

  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Handle = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
`;

/**
 * Where the winner of a round stands with their claim, in words. Each sentence ends with its
 * moment, which changes from UTC to the visitor's zone after mounting (see Moment).
 */
export function claimText(round: DrawRound): React.ReactNode {
  const deadline = <Moment iso={round.claim_deadline} />;
  switch (round.claim_status) {
    case 'claimed':
      return <>Prize claimed on {<Moment iso={round.claimed_at} />}</>;
    case 'awaiting_claim':
      return <>The winner can claim the prize until {deadline}</>;
    case 'unclaimed':
      return <>Not claimed by the deadline, {deadline}</>;
    case 'redrawn':
      return (
        <>Drawn again: see the reason given with the later draw. The deadline was {deadline}</>
      );
    default:
      return 'Drawn before claims were recorded.';
  }
}

/** How a round is headed: its number, and its place when the draw named several winners. */
function roundHeading(round: DrawRound, several: boolean): string {
  if (!several) return round.round === 1 ? 'Draw 1' : `Draw ${round.round} (re-draw)`;
  return round.reason === null
    ? `Place ${round.place}`
    : `Place ${round.place}, drawn again (draw ${round.round})`;
}

/** The public draw history: every draw with its reason, winners by handle only. */
export function DrawHistory({ draws }: { draws: readonly DrawRound[] }) {
  const several = draws.some((d) => (d.place ?? 1) > 1);
  return (
    <DetailCard aria-labelledby="draw-history-title">
      <DetailCardTitle id="draw-history-title">Draw History</DetailCardTitle>
      <Rounds>
        {draws.map((round) => (
          <li key={round.round}>
            <h3>
              {roundHeading(round, several)}, <Moment iso={round.drawn_at} />
            </h3>
            <Handle>
              {round.winner_handle ? `@${round.winner_handle}` : 'An entry whose data was erased'}
            </Handle>
            <DetailNote>
              {round.algorithm === 'legacy'
                ? `Position ${round.position + 1} of the ${round.eligible_count} entrant ids in ascending order.`
                : `Position ${round.position + 1} of the frozen list, drawn from ${round.eligible_count} eligible ${round.eligible_count === 1 ? 'entry' : 'entries'}.`}
            </DetailNote>
            {round.reason ? <p>Reason: {round.reason}</p> : null}
            <DetailNote>{claimText(round)}</DetailNote>
          </li>
        ))}
      </Rounds>
    </DetailCard>
  );
}
