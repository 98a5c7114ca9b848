import type { OutboxMessage } from '@site/contracts';
import React from 'react';
import styled from 'styled-components';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { fetchOutbox } from '../api/inbox-api';
import { formatDateTime } from '@/lib/dates';
import { ListStates } from './list-states';
import { RecordItem, RecordList } from './record-list';
import { usePagedList } from './use-paged-list';

const REASONS: Record<OutboxMessage['reason'], { label: string; variant: BadgeVariant }> = {
  'no-smtp': { label: 'SMTP not configured', variant: 'neutral' },
  'no-recipient': { label: 'No recipient configured', variant: 'warning' },
  'smtp-failed': { label: 'Delivery failed', variant: 'danger' },
};

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Subject = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0 0 ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Details = styled.details`
  summary {
    width: fit-content;
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    cursor: pointer;
  }

  pre {
    margin: ${({ theme }) => theme.space[3]} 0 0;
    padding: ${({ theme }) => theme.space[4]};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

function OutboxItem({ message }: { message: OutboxMessage }) {
  const reason = REASONS[message.reason];
  return (
    <RecordItem>
      <Subject>{message.subject}</Subject>
      <Meta>
        <span>To: {message.to || 'no recipient'}</span>
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        <Badge $variant={reason.variant}>{reason.label}</Badge>
      </Meta>
      <Details>
        <summary>Show message</summary>
        <pre>{message.text}</pre>
      </Details>
    </RecordItem>
  );
}

export function OutboxList() {
  const { state, setPage, retry } = usePagedList(fetchOutbox);
  return (
    <>
      <Intro>
        Mail the server kept instead of sending: everything while SMTP is not configured, and any
        message whose delivery failed. Newsletter confirmation links can be read here.
      </Intro>
      <ListStates
        state={state}
        noun="outbox messages"
        emptyTitle="The outbox is empty"
        emptyText="Every email was delivered, or none has been sent yet."
        onRetry={retry}
        onPage={setPage}
      >
        {(data) => (
          <RecordList aria-label="Outbox, newest first">
            {data.items.map((message) => (
              <OutboxItem key={message.id} message={message} />
            ))}
          </RecordList>
        )}
      </ListStates>
    </>
  );
}
