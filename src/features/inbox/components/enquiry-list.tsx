import type { ContactEnquiry } from '@site/contracts';
import React from 'react';
import styled from 'styled-components';
import { Badge } from '@/components/ui/badge';
import { useServiceLabel } from '@/features/contact';
import { fetchEnquiries } from '../api/inbox-api';
import { formatDateTime } from '@/lib/dates';
import { ListStates } from './list-states';
import { RecordItem, RecordList } from './record-list';
import { usePagedList } from './use-paged-list';

const Item = styled(RecordItem)`
  background: ${({ theme }) => theme.colors.bg};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
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

function EnquiryItem({ enquiry }: { enquiry: ContactEnquiry }) {
  const serviceLabel = useServiceLabel();
  return (
    <Item>
      <Header>
        <Name>{enquiry.name}</Name>
        <Time dateTime={enquiry.created_at}>{formatDateTime(enquiry.created_at)}</Time>
      </Header>
      <Meta>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
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
