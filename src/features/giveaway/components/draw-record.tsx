import type { DrawRecord as DrawRecordData } from '@site/contracts';
import React from 'react';
import styled from 'styled-components';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    min-width: 0;
    font-weight: 600;
  }

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 12rem minmax(0, 1fr);
    gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};

    dd {
      margin: 0;
    }
  }
`;

const Fingerprint = styled.code`
  display: block;
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 400;
`;

function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

/** The fairness record of the draw: anyone can check the pick against the entrant list. */
export function DrawRecord({ draw }: { draw: DrawRecordData }) {
  return (
    <DetailCard aria-labelledby="draw-record-title">
      <DetailCardTitle id="draw-record-title">Draw Record</DetailCardTitle>
      <DetailNote>
        The winner was drawn uniformly at random from every entry at the moment of the draw.
      </DetailNote>
      <List>
        <dt>Entrants</dt>
        <dd>{draw.entrant_count}</dd>
        <dt>Entrant fingerprint (SHA-256)</dt>
        <dd>
          <Fingerprint>{draw.fingerprint}</Fingerprint>
        </dd>
        <dt>Drawn position</dt>
        <dd>
          {draw.drawn_index + 1} of {draw.entrant_count} (index {draw.drawn_index})
        </dd>
        <dt>Drawn by</dt>
        <dd>{draw.drawn_by}</dd>
        <dt>Drawn at</dt>
        <dd>{formatDateTime(draw.drawn_at)}</dd>
      </List>
    </DetailCard>
  );
}
