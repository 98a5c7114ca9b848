import type { ContactEnquiry } from '@site/contracts';
import React, { useState } from 'react';
import styled from 'styled-components';
import { Badge } from '@/components/ui/badge';
import { useToast } from '@/components/ui/toast';
import { useServiceLabel } from '@/features/contact';
import { fetchEnquiries, markEnquiryRead } from '../api/inbox-api';
import { formatDateTime } from '@/lib/dates';
import { ListStates } from './list-states';
import { RecordItem, RecordList } from './record-list';
import { useUnread } from './unread';
import { usePagedList } from './use-paged-list';
import { spreadRow } from '@/styles/layout';

const Item = styled(RecordItem)<{ $unread: boolean }>`
  background: ${({ theme }) => theme.colors.bg};
  border-inline-start: 4px solid
    ${({ theme, $unread }) => ($unread ? theme.colors.primary : 'transparent')};
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[4]};
`;

const MarkButton = styled.button`
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  &:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;

const Header = styled.div`
  ${spreadRow('baseline', 2)}
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const Name = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Time = styled.time`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Meta = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[4]};
  margin: 0 0 ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Message = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/**
 * One enquiry. It stays unread (a "New" badge and a bar at its edge) until an admin marks it
 * read, or replies to it with the e-mail link here; "Mark as unread" puts it back.
 */
function EnquiryItem({ enquiry: initial }: { enquiry: ContactEnquiry }) {
  const serviceLabel = useServiceLabel();
  const { setUnread } = useUnread();
  const { toast } = useToast();
  const [enquiry, setEnquiry] = useState(initial);
  const [saving, setSaving] = useState(false);
  const unread = enquiry.read_at === null;

  const mark = (read: boolean) => {
    if (saving) return;
    setSaving(true);
    markEnquiryRead(enquiry.id, read).then(
      (response) => {
        setSaving(false);
        setEnquiry(response.enquiry);
        setUnread(response.unread);
      },
      (error: unknown) => {
        setSaving(false);
        toast({
          title: read ? 'Could not mark the enquiry read' : 'Could not mark the enquiry unread',
          description:
            error instanceof Error ? error.message : 'Please check your connection and try again.',
          variant: 'destructive',
        });
      },
    );
  };

  return (
    <Item $unread={unread} data-enquiry-id={enquiry.id} data-unread={unread || undefined}>
      <Header>
        <Heading>
          <Name>{enquiry.name}</Name>
          {unread ? <Badge $variant="info">New</Badge> : null}
        </Heading>
        <Time dateTime={enquiry.created_at}>{formatDateTime(enquiry.created_at)}</Time>
      </Header>
      <Meta>
        <dt>Email</dt>
        <dd>
          <a
            href={`mailto:${enquiry.email}`}
            onClick={() => {
              if (unread) mark(true);
            }}
          >
            {enquiry.email}
          </a>
        </dd>
        {enquiry.phone ? (
          <>
            <dt>Phone</dt>
            <dd>{enquiry.phone}</dd>
          </>
        ) : null}
        {enquiry.company ? (
          <>
            <dt>Company</dt>
            <dd>{enquiry.company}</dd>
          </>
        ) : null}
        <dt>Service</dt>
        <dd>
          {enquiry.service ? (
            <Badge $variant="info">{serviceLabel(enquiry.service)}</Badge>
          ) : (
            'Not specified'
          )}
        </dd>
      </Meta>
      <Message>{enquiry.message}</Message>
      <Actions>
        <MarkButton
          type="button"
          disabled={saving}
          aria-label={`Mark the enquiry from ${enquiry.name} as ${unread ? 'read' : 'unread'}`}
          onClick={() => mark(unread)}
        >
          {unread ? 'Mark as read' : 'Mark as unread'}
        </MarkButton>
      </Actions>
    </Item>
  );
}

export function EnquiryList() {
  const { state, setPage, retry } = usePagedList(fetchEnquiries);
  return (
    <ListStates
      state={state}
      noun="enquiries"
      emptyTitle="No enquiries yet"
      emptyText="Messages sent through the contact form will appear here, newest first."
      onRetry={retry}
      onPage={setPage}
    >
      {(data) => (
        <RecordList aria-label="Enquiries, newest first">
          {data.items.map((enquiry) => (
            <EnquiryItem key={enquiry.id} enquiry={enquiry} />
          ))}
        </RecordList>
      )}
    </ListStates>
  );
}
