import type { OutboxMessage } from '@site/contracts';
import React, { useState } from 'react';
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

const Part = styled.section`
  margin-top: ${({ theme }) => theme.space[4]};

  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    letter-spacing: 0.02em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const HtmlFrame = styled.iframe`
  display: block;
  width: 100%;
  height: 32rem;
  max-height: 70vh;
  margin-top: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  /* The mail sets its own text colours for a white page, as a mail program shows it. */
  background: #fff;
`;

/**
 * Both parts of a kept mail, once the admin opens it: the text part as text, and the HTML part as
 * a mail program would show it, in a frame with every sandbox restriction (no scripts, no forms,
 * no pop-ups, an origin of its own, so nothing in the mail can reach this page or the session).
 * The frame is made only when the message is opened.
 */
function MessageParts({ message }: { message: OutboxMessage }) {
  const [open, setOpen] = useState(false);
  return (
    <Details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Show message</summary>
      {open ? (
        <>
          <Part aria-label="Text part">
            <h4>Text part</h4>
            <pre>{message.text}</pre>
          </Part>
          {message.html !== null ? (
            <Part aria-label="HTML part">
              <h4>HTML part</h4>
              <HtmlFrame
                sandbox=""
                srcDoc={message.html}
                title={`HTML part of “${message.subject}”`}
                referrerPolicy="no-referrer"
              />
            </Part>
          ) : null}
        </>
      ) : null}
    </Details>
  );
}

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
      <MessageParts message={message} />
    </RecordItem>
  );
}

export function OutboxList() {
  const { state, setPage, retry } = usePagedList(fetchOutbox);
  return (
    <>
      <Intro>
        Mail the server kept instead of sending: everything while SMTP is not configured, and any
        message whose delivery failed. Open a message to see its text part and, for mail that has
        one, its HTML part as a mail program shows it. Links that act for the recipient are left out
        here.
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
