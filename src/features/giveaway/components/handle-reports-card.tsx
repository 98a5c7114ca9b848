import type { HandleReport, HandleReportEntry } from '@site/contracts';
import React, { useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/dates';
import { useDisqualify } from '../api/disqualify';
import { useGiveaway } from '../api/get-giveaway';
import { useHandleReports, useMarkHandleReport } from '../api/handle-reports';
import { failureToast, serverSentence } from '../error-message';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { spreadRow, stackedList } from '@/styles/layout';

/** The reason published with the count when the desk disqualifies a reported entry. */
export const TAKEN_HANDLE_REASON = 'Entered with another person’s Instagram handle.';

const Reports = styled.ul`
  ${stackedList(3)}
`;

const Report = styled.li<{ $handled: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid
    ${({ theme, $handled }) => ($handled ? theme.colors.border : theme.colors.warning)};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }

  p {
    margin: 0;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Note = styled.p`
  white-space: pre-wrap;
`;

const Entries = styled.ul`
  ${stackedList(2)}
`;

const Entry = styled.li`
  ${spreadRow('center', 2)}
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/** "Confirmed", "Unconfirmed" or "Disqualified", with the entry's date. */
function entryState(entry: HandleReportEntry): string {
  if (entry.disqualified_at) return 'disqualified';
  return entry.confirmed_at ? 'confirmed' : 'unconfirmed';
}

/**
 * The desk's "Reported handles": each report that an entry holds someone's Instagram handle, with
 * the entries holding it (handle, address, confirmed or not, when), to disqualify the entry
 * (before the entry list is frozen) and to mark the report handled.
 */
export function HandleReportsCard({ id }: { id: string }) {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useHandleReports(id);
  const { data: giveawayData } = useGiveaway(id);
  const giveaway = giveawayData?.giveaway ?? null;
  const locked = Boolean(giveaway?.frozen) || (giveaway?.draws.length ?? 0) > 0;
  const [disqualify] = useDisqualify();
  const [markHandled] = useMarkHandleReport();
  const [busy, setBusy] = useState(false);
  const reports = data?.handleReports ?? [];
  const open = reports.filter((r) => !r.handled_at).length;

  const act = async (run: () => Promise<string | undefined>, failure: string) => {
    setBusy(true);
    try {
      const message = await run();
      toast({ title: 'Success', description: message ?? 'Saved.' });
    } catch (cause) {
      toast(failureToast(cause, failure));
    } finally {
      setBusy(false);
    }
  };

  const disqualifyEntry = (entry: HandleReportEntry) =>
    act(async () => {
      const { data: answer } = await disqualify({
        variables: { id, input: { participant_ids: [entry.id], reason: TAKEN_HANDLE_REASON } },
        // The entrants above, the giveaway's count and these reports show the change.
        refetchQueries: ['Participants', 'Giveaway'],
        awaitRefetchQueries: true,
      });
      await refetch();
      return answer?.disqualify?.message;
    }, 'Failed to disqualify');

  const setHandled = (report: HandleReport, handled: boolean) =>
    act(async () => {
      const { data: answer } = await markHandled({
        variables: { id: String(report.id), input: { handled } },
      });
      await refetch();
      return answer?.markHandleReport?.message;
    }, 'Failed to update the report');

  return (
    <DetailCard aria-labelledby="handle-reports-title">
      <DetailCardTitle id="handle-reports-title">Reported handles ({open} open)</DetailCardTitle>
      {loading && !data ? <Spinner label="Loading reports..." /> : null}
      {error ? (
        <Alert variant="error" title="Could not load the reports">
          {serverSentence(error, 'Failed to fetch reports')}
        </Alert>
      ) : null}
      {data && reports.length === 0 ? (
        <DetailNote>
          Nobody has reported that an entry holds their Instagram handle. Someone whose handle is
          taken can report it from the entry form.
        </DetailNote>
      ) : null}
      {reports.length > 0 ? (
        <Reports>
          {reports.map((report) => (
            <Report key={report.id} $handled={Boolean(report.handled_at)}>
              <h3>@{report.instagram_handle}</h3>
              <p>
                Reported by {report.email} <Muted>on {formatDateTime(report.created_at)}</Muted>
              </p>
              {report.note ? <Note>{report.note}</Note> : null}
              {report.entries.length === 0 ? (
                <p>
                  <Muted>No entry holds this handle now.</Muted>
                </p>
              ) : (
                <Entries aria-label={`Entries with @${report.instagram_handle}`}>
                  {report.entries.map((entry) => (
                    <Entry key={entry.id}>
                      <span>
                        @{entry.instagram_handle} · {entry.email} · {entryState(entry)} · entered{' '}
                        {formatDateTime(entry.created_at)}
                      </span>
                      {!locked && !entry.disqualified_at ? (
                        <Button
                          size="sm"
                          variant="danger"
                          disabled={busy}
                          onClick={() => void disqualifyEntry(entry)}
                          aria-label={`Disqualify the entry of ${entry.email}`}
                        >
                          Disqualify
                        </Button>
                      ) : null}
                    </Entry>
                  ))}
                </Entries>
              )}
              <Actions>
                {report.handled_at ? (
                  <>
                    <Muted>
                      Handled by {report.handled_by ?? 'an admin'} on{' '}
                      {formatDateTime(report.handled_at)}
                    </Muted>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => void setHandled(report, false)}
                    >
                      Open again
                    </Button>
                  </>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void setHandled(report, true)}
                    aria-label={`Mark handled: the report about @${report.instagram_handle}`}
                  >
                    Mark handled
                  </Button>
                )}
              </Actions>
            </Report>
          ))}
        </Reports>
      ) : null}
      {locked && reports.some((r) => !r.handled_at) ? (
        <DetailNote>
          The entry list is frozen, so entries can no longer be removed here; a winner is
          disqualified with &quot;Draw a place again&quot; in the presenter view.
        </DetailNote>
      ) : null}
    </DetailCard>
  );
}
