import { ApolloError } from '@apollo/client';
import { Link } from 'gatsby-link';
import React, { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmEntry } from '../api/confirm-entry';
import { type ConfirmOutcome as Outcome, confirmOutcomeOf } from '../confirm-outcome';
import { useGiveaway } from '../api/get-giveaway';
import { setPageTitle } from '../document-title';
import { ConfirmOutcomeAlert } from './confirm-outcome-alert';
import { Subpage } from './subpage';

function outcomeOf(error: unknown): Outcome {
  return confirmOutcomeOf(error instanceof ApolloError ? error.networkError : error);
}

/**
 * /giveaway/{id}/confirm?token=…: confirms an entry with the link mailed to its address. The page
 * confirms as soon as it opens (in the browser only: a mail scanner fetching the link confirms
 * nothing) and says what happened: confirmed, already confirmed, expired, unknown, or too late.
 */
export function ConfirmPage({ id, search }: { id: string; search: string }) {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const { data } = useGiveaway(id);
  const title = data?.giveaway?.title;
  const [confirmEntry] = useConfirmEntry();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setPageTitle(title ? `Confirm your entry - ${title}` : 'Confirm your entry');
  }, [title]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    setOutcome({ kind: 'working' });
    confirmEntry({ variables: { id, input: { token } } })
      .then(({ data: answer }) => {
        if (!live) return;
        const result = answer?.confirmEntry;
        setOutcome(
          result
            ? { kind: result.status, message: result.message }
            : outcomeOf(new Error('no answer')),
        );
      })
      .catch((error: unknown) => {
        if (live) setOutcome(outcomeOf(error));
      });
    return () => {
      live = false;
    };
  }, [confirmEntry, id, token, attempt]);

  let body: React.ReactNode;
  if (!token) {
    body = (
      <Alert variant="warning" title="This page needs the link from your e-mail">
        When you entered, we sent you an e-mail with a personal link to confirm your entry. Open
        that link exactly as it was sent (some mail programs split long links across lines).
      </Alert>
    );
  } else if (outcome.kind === 'working') {
    body = <Spinner label="Confirming your entry…" />;
  } else {
    body = <ConfirmOutcomeAlert outcome={outcome} onRetry={() => setAttempt((n) => n + 1)} />;
  }

  return (
    <Subpage giveawayId={id} title="Confirm your entry" lead={title}>
      <div aria-live="polite">{body}</div>
      <p>
        <Link to={`/giveaway/${id}/check`}>Check your receipt: was I in the draw?</Link>
      </p>
    </Subpage>
  );
}
