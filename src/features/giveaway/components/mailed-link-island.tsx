import type { ConfirmEntryResponse } from '@site/contracts';
import React, { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { island } from '@/lib/island';
import { type ConfirmOutcome, confirmOutcomeOf } from '../confirm-outcome';
import { ClaimForm, type ClaimFormProps, tokenHere } from './claim-form';
import { ConfirmOutcomeAlert } from './confirm-outcome-alert';

/*
 * What a mailed link's page is for, as one island of its document page: confirming an entry
 * (the confirmation link) or claiming a prize (the winner's claim link). The token stays in the
 * address: the island reads it there when it sends, so it is never written into the page.
 */

/**
 * "Confirm my entry": confirms with the link's token when pressed (a mail scanner fetching the
 * link confirms nothing), then says what happened.
 */
export function ConfirmAction({ id, token }: { id: string; token?: string }) {
  const [outcome, setOutcome] = useState<ConfirmOutcome | null>(null);

  const confirm = async () => {
    setOutcome({ kind: 'working' });
    try {
      const answer = await api.post<ConfirmEntryResponse>(
        `/giveaway/${encodeURIComponent(id)}/confirm`,
        { token: token ?? tokenHere() },
      );
      setOutcome({ kind: answer.status, message: answer.message });
    } catch (error) {
      setOutcome(confirmOutcomeOf(error));
    }
  };

  let body: React.ReactNode;
  if (outcome === null || outcome.kind === 'working') {
    body = (
      <Button onClick={() => void confirm()} disabled={outcome !== null}>
        {outcome === null ? 'Confirm my entry' : 'Confirming your entry…'}
      </Button>
    );
  } else {
    body = <ConfirmOutcomeAlert outcome={outcome} onRetry={() => void confirm()} />;
  }
  return <div aria-live="polite">{body}</div>;
}

export type MailedLinkProps =
  { kind: 'confirm'; id: string } | ({ kind: 'claim' } & ClaimFormProps);

function MailedLinkAction(props: MailedLinkProps) {
  if (props.kind === 'confirm') return <ConfirmAction id={props.id} />;
  const { kind: _kind, ...form } = props;
  return <ClaimForm {...form} />;
}

/**
 * The confirm button or the claim form. Its code loads when the visitor acts on it (focus or a
 * pointer): reading the page costs no script, a press before it has loaded is kept and answered,
 * and what is typed before then stays.
 */
export const MailedLinkIsland = island('giveaway-link', MailedLinkAction, { load: 'interaction' });
