import type { DrawRound } from '@site/contracts';
import React, { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { formatDateTime } from '@/lib/dates';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

const Form = styled.form`
  display: flex;
  flex-direction: column;
`;

export interface ClaimControlsProps {
  round: DrawRound;
  /** True while the re-draw call is on its way. */
  drawing: boolean;
  onRedraw: (reason: string) => void;
}

/** For admins after the draw: the winner's claim, and the re-draw once the claim period has passed. */
export function ClaimControls({ round, drawing, onRedraw }: ClaimControlsProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useRefocusAfterBusy(buttonRef, drawing);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(
        'Please say why the prize is drawn again; the reason is published in the draw history.',
      );
      return;
    }
    setError(undefined);
    onRedraw(reason.trim());
  };

  return (
    <DetailCard aria-labelledby="claim-controls-title">
      <DetailCardTitle id="claim-controls-title">Winner&apos;s Claim</DetailCardTitle>
      {round.claim_status === 'claimed' ? (
        <p>
          The winner claimed the prize on {formatDateTime(round.claimed_at)}. Arrange delivery with
          them by e-mail.
        </p>
      ) : round.claim_status === 'awaiting_claim' ? (
        <p>
          The winner was e-mailed a claim link and has until {formatDateTime(round.claim_deadline)}{' '}
          to claim. If they do not, you can draw again after that.
        </p>
      ) : (
        <>
          <p>
            The claim period ended on {formatDateTime(round.claim_deadline)} without a claim. You
            may draw again from the same frozen list without this entry, by the same method.
          </p>
          <Form onSubmit={submit} noValidate aria-label="Draw again">
            <Field
              label="Reason for drawing again"
              required
              error={error}
              hint="Published in the draw history, next to the new draw."
            >
              <Textarea
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            <Button ref={buttonRef} type="submit" disabled={drawing}>
              {drawing ? 'Drawing...' : 'Draw Again'}
            </Button>
          </Form>
        </>
      )}
      <DetailNote>Round {round.round}; the winner is told by e-mail with a claim link.</DetailNote>
    </DetailCard>
  );
}
