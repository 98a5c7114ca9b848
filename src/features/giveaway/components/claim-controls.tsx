import type { DrawRound } from '@site/contracts';
import React, { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { formatDateTime } from '@/lib/dates';
import { useWinnerContact } from '../api/get-winner';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

const Form = styled.form`
  display: flex;
  flex-direction: column;

  /* A long action name wraps inside its card on a narrow screen rather than being cut off. */
  button {
    height: auto;
    min-height: 2.75rem;
    white-space: normal;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
`;

const CLAIM_WORDS: Record<DrawRound['claim_status'], string> = {
  awaiting_claim: 'Awaiting the claim',
  claimed: 'Claimed',
  unclaimed: 'Not claimed in time',
  redrawn: 'Drawn again',
  not_applicable: 'Drawn before claims existed',
};

export const DISQUALIFY_WINNER_CONFIRMATION =
  'Disqualify this winner and draw again now? The reason is published with the new draw, the winner’s claim link stops working, and this cannot be undone.';

function ReasonForm({
  label,
  hint,
  button,
  busyLabel,
  busy,
  onSubmit,
  confirmText,
}: {
  label: string;
  hint: string;
  button: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  confirmText?: string;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useRefocusAfterBusy(buttonRef, busy);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Please give the reason; it is published in the draw history.');
      return;
    }
    setError(undefined);
    if (confirmText && !window.confirm(confirmText)) return;
    onSubmit(reason.trim());
  };

  return (
    <Form onSubmit={submit} noValidate aria-label={button}>
      <Field label={label} required error={error} hint={hint}>
        <Textarea
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <Button
        ref={buttonRef}
        type="submit"
        disabled={busy}
        variant={confirmText ? 'danger' : 'primary'}
      >
        {busy ? busyLabel : button}
      </Button>
    </Form>
  );
}

export interface ClaimControlsProps {
  giveawayId: string;
  round: DrawRound;
  /** True while a re-draw call is on its way. */
  drawing: boolean;
  onRedraw: (reason: string) => void;
  onDisqualifyWinner: (reason: string) => void;
  /** Set when the draw named several winners: this card is about that place's winner. */
  place?: number;
}

/**
 * For admins after the draw: the winner's contact details and claim status (with the delivery
 * details once claimed), the re-draw once the claim period has passed, and "Disqualify the
 * winner and draw again now" at any time.
 */
export function ClaimControls({
  giveawayId,
  round,
  drawing,
  onRedraw,
  onDisqualifyWinner,
  place,
}: ClaimControlsProps) {
  const { data, loading } = useWinnerContact(giveawayId, {
    skip: false,
    round: round.round,
    place: place ?? 1,
  });
  const contact = data?.winnerContact ?? null;
  const titleId = place ? `claim-controls-title-${place}` : 'claim-controls-title';

  return (
    <DetailCard aria-labelledby={titleId}>
      <DetailCardTitle id={titleId}>
        {place ? `Winner's Claim: Place ${place}` : "Winner's Claim"}
      </DetailCardTitle>
      <Facts aria-busy={loading || undefined}>
        <dt>Round</dt>
        <dd>{round.round}</dd>
        <dt>Handle</dt>
        <dd>
          {contact?.instagram_handle
            ? `@${contact.instagram_handle}`
            : (round.winner_handle ?? '—')}
        </dd>
        <dt>E-mail</dt>
        <dd>
          {contact?.email ? (
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          ) : loading ? (
            '…'
          ) : (
            'erased'
          )}
        </dd>
        <dt>Claim</dt>
        <dd>{CLAIM_WORDS[round.claim_status]}</dd>
        {round.claim_status === 'claimed' ? (
          <>
            <dt>Claimed</dt>
            <dd>{formatDateTime(round.claimed_at)}</dd>
          </>
        ) : round.claim_deadline ? (
          <>
            <dt>Deadline</dt>
            <dd>{formatDateTime(round.claim_deadline)}</dd>
          </>
        ) : null}
        {contact?.delivery ? (
          <>
            <dt>Name</dt>
            <dd>{contact.delivery.full_name}</dd>
            <dt>Deliver to</dt>
            <dd>{contact.delivery.delivery_address}</dd>
          </>
        ) : null}
      </Facts>
      {round.claim_status === 'claimed' ? (
        <DetailNote>
          The winner claimed the prize and gave the delivery details above; write to them at the
          address above if anything is unclear.
        </DetailNote>
      ) : round.claim_status === 'awaiting_claim' ? (
        <DetailNote>
          The winner was e-mailed a claim link. If they do not claim by the deadline, you can draw
          again after that.
        </DetailNote>
      ) : (
        <>
          <DetailNote>
            The claim period ended without a claim. You may draw again from the same frozen list
            without this entry, by the same method.
          </DetailNote>
          <ReasonForm
            label="Reason for drawing again"
            hint="Published in the draw history, next to the new draw."
            button="Draw Again"
            busyLabel="Drawing..."
            busy={drawing}
            onSubmit={onRedraw}
          />
        </>
      )}
      <ReasonForm
        label="Why is this winner not eligible?"
        hint="Published with the new draw (the winner is not named by it)."
        button={
          place
            ? `Disqualify and draw place ${place} again`
            : 'Disqualify the winner and draw again now'
        }
        busyLabel="Drawing..."
        busy={drawing}
        onSubmit={onDisqualifyWinner}
        confirmText={DISQUALIFY_WINNER_CONFIRMATION}
      />
    </DetailCard>
  );
}
