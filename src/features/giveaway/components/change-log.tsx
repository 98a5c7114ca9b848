import React from 'react';
import styled from 'styled-components';
import { formatDateTime } from '@/lib/dates';
import { useGiveawayChanges } from '../api/get-changes';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

const Entries = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: ${({ theme }) => theme.space[3]} 0 0;
  padding: 0;
  list-style: none;

  li + li {
    padding-top: ${({ theme }) => theme.space[3]};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Fields = styled.ul`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  padding-left: ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Summary = styled.summary`
  cursor: pointer;
  font-weight: 600;
`;

const shown = (value: string | null) => (value === null || value === '' ? '(none)' : `"${value}"`);

/** Every admin change to this giveaway, newest first (admins only; it names the admins). */
export function ChangeLog({ giveawayId }: { giveawayId: string }) {
  const { data, loading, error } = useGiveawayChanges(giveawayId);
  const changes = [...(data?.changes ?? [])].reverse();
  return (
    <DetailCard aria-labelledby="change-log-title">
      <DetailCardTitle id="change-log-title">Change Log</DetailCardTitle>
      {loading && !data ? (
        <DetailNote>Loading the change log...</DetailNote>
      ) : error ? (
        <DetailNote>The change log could not be loaded.</DetailNote>
      ) : (
        <details>
          <Summary>
            {changes.length} {changes.length === 1 ? 'change' : 'changes'}, newest first
          </Summary>
          <Entries>
            {changes.map((change) => (
              <li key={change.id}>
                <DetailNote>
                  {formatDateTime(change.at)} by {change.actor}
                </DetailNote>
                <p>{change.summary}</p>
                {change.fields.length > 0 && change.action !== 'created' ? (
                  <Fields>
                    {change.fields.map((f) => (
                      <li key={f.field}>
                        {f.field.replace(/_/g, ' ')}: {shown(f.before)} → {shown(f.after)}
                      </li>
                    ))}
                  </Fields>
                ) : null}
              </li>
            ))}
          </Entries>
        </details>
      )}
    </DetailCard>
  );
}
