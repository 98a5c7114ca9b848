import React, { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { errorToast, useToast } from '@/components/ui/toast';
import { fetchSubscribers, fetchSubscribersCsv } from '../api/inbox-api';
import { formatDateTime, localDateIso } from '@/lib/dates';
import { ListStates } from './list-states';
import { usePagedList } from './use-paged-list';
import { saveBlob } from './save-blob';
import { scrollCue } from '@/styles/scroll-cue';
import { spreadRow } from '@/styles/layout';
import { visuallyHidden } from '@/styles/visually-hidden';

const Toolbar = styled.div`
  ${spreadRow('center', 3)}
  margin-bottom: ${({ theme }) => theme.space[5]};

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const TableWrap = styled.div`
  overflow-x: auto;
  ${scrollCue()}
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const Table = styled.table`
  width: 100%;
  margin: 0;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }

  th {
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 700;
    white-space: nowrap;
  }

  tbody tr:last-child td {
    border-bottom: 0;
  }

  td:first-child {
    overflow-wrap: anywhere;
  }

  /* Narrow screens: one block per subscriber, each value led by its column name. */
  @media (max-width: 639px) {
    thead {
      ${visuallyHidden}
    }

    tr {
      display: block;
      padding: ${({ theme }) => theme.space[3]} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }

    tbody tr:last-child {
      border-bottom: 0;
    }

    td {
      display: block;
      padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[4]};
      border: 0;
    }

    td::before {
      content: attr(data-label) ': ';
      color: ${({ theme }) => theme.colors.textMuted};
      font-weight: 600;
    }
  }
`;

export function SubscriberList() {
  const { state, setPage, retry } = usePagedList(fetchSubscribers);
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const csv = await fetchSubscribersCsv();
      // Named by the day on the admin's own calendar, like every time the admin screens show.
      saveBlob(csv, `newsletter-subscribers-${localDateIso()}.csv`);
    } catch (error) {
      toast(errorToast('Download failed', error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Toolbar>
        <p>
          {state.kind === 'loaded'
            ? `${state.data.total} confirmed ${state.data.total === 1 ? 'subscriber' : 'subscribers'}`
            : 'Confirmed subscribers'}
        </p>
        <Button size="sm" variant="secondary" onClick={download} disabled={downloading}>
          {downloading ? 'Preparing CSV...' : 'Download CSV'}
        </Button>
      </Toolbar>
      <ListStates
        state={state}
        noun="subscribers"
        emptyTitle="No confirmed subscribers yet"
        emptyText="People appear here once they click the link in their confirmation email."
        onRetry={retry}
        onPage={setPage}
      >
        {(data) => (
          <TableWrap>
            <Table>
              <caption className="sr-only">Confirmed newsletter subscribers, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Confirmed</th>
                  <th scope="col">Signed up on</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((subscriber) => (
                  <tr key={subscriber.id}>
                    <td data-label="Email">{subscriber.email}</td>
                    <td data-label="Confirmed">
                      <time dateTime={subscriber.confirmed_at}>
                        {formatDateTime(subscriber.confirmed_at)}
                      </time>
                    </td>
                    <td data-label="Signed up on">{subscriber.consent_source || 'Unknown page'}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        )}
      </ListStates>
    </>
  );
}
