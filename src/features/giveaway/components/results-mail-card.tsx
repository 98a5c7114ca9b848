import React, { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/dates';
import { useResultsMail, useSendResults } from '../api/results-mail';
import { failureToast } from '../error-message';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

const Preview = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-family: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

const people = (n: number) => `${n} ${n === 1 ? 'entrant' : 'entrants'}`;

/**
 * The results mail, after the draw: a preview of what goes, how many asked for it, and a send
 * button that asks once more before the mail goes (once, to those who ticked "Tell me the results").
 */
export function ResultsMailCard({ id }: { id: string }) {
  const { toast } = useToast();
  const { data, refetch } = useResultsMail(id);
  const [send] = useSendResults();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = data?.resultsMail ?? null;
  if (!state?.drawn) return null;

  const go = async () => {
    setBusy(true);
    try {
      const { data: answer } = await send({ variables: { id } });
      toast({ title: 'Success', description: answer?.sendResults?.message ?? 'Sent.' });
      setConfirming(false);
      await refetch();
    } catch (cause) {
      toast(failureToast(cause, 'Failed to send the results mail'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DetailCard aria-labelledby="results-mail-title">
      <DetailCardTitle id="results-mail-title">Results mail</DetailCardTitle>
      {state.sent ? (
        <DetailNote>
          Sent {formatDateTime(state.sent.at)} by {state.sent.by} to {people(state.sent.recipients)}
          : {state.sent.delivered} delivered or kept in the outbox, {state.sent.waiting} waiting,{' '}
          {state.sent.failed} failed, {state.sent.skipped} skipped (unsubscribed or erased
          meanwhile). It goes only once.
        </DetailNote>
      ) : (
        <>
          <DetailNote>
            One mail to the {people(state.recipients)} who ticked &quot;Tell me the results&quot;
            when entering, sent at the newsletter&apos;s rate, each with an unsubscribe link. It can
            be sent once.
          </DetailNote>
          {state.preview ? (
            <Preview aria-label="Preview of the results mail">
              {`Subject: ${state.preview.subject}\n\n${state.preview.text}`}
            </Preview>
          ) : null}
          {confirming ? (
            <Row role="group" aria-label="Confirm sending the results mail">
              <Button disabled={busy} onClick={() => void go()}>
                Yes, send it to {people(state.recipients)}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </Row>
          ) : (
            <Row>
              <Button disabled={busy} onClick={() => setConfirming(true)}>
                Send the results mail ({people(state.recipients)})
              </Button>
            </Row>
          )}
        </>
      )}
    </DetailCard>
  );
}
